// Runtime options. The `warpsim` driver validates the command line and hands
// the result to the program it runs as WARPSIM_OPTIONS="key=value ..."; the
// keys, their values and defaults are the option table's
// (warpsim/option_table.h).
#pragma once

#include <cstdint>
#include <string>

namespace warpsim::sim {

enum class Schedule : std::uint8_t { Lockstep, Fast, Random };
// Independent thread scheduling (Volta and later): diverged lanes of a warp
// progress independently and communicate only through synchronisation.
// Warp-synchronous (pre-Volta): a warp's lanes execute in lockstep.
enum class ThreadModel : std::uint8_t { Independent, WarpSynchronous };
// How a launch's threads run (docs/architecture.md, "Two engines"): each a
// fiber switched at every event, or one after the other to their end
// (compiled: RecordedLanes.h); auto picks per launch.
enum class Engine : std::uint8_t { Auto, Fibers, Compiled };

struct Options {
  std::string arch = "sm_90";
  unsigned warp_size = 0; // 0: the architecture's
  Schedule schedule = Schedule::Lockstep;
  Engine engine = Engine::Auto;
  bool engine_notes = false; // --timing: say per kernel which engine ran and why
  ThreadModel thread_model = ThreadModel::Independent;
  std::string checks;           // comma-separated checker names; empty: none (see sim/checks)
  bool same_value_races = true; // report write-write races storing the same value (warnings)
  // A read ordered only by CUDA's __threadfence() guarantee (the writer
  // fenced before its atomic; the reader's atomic saw it, with no fence
  // after): an error under the formal PTX model (strict), else a warning.
  bool strict_fences = false;
  // An invalid access found by the memory checker: end the launch (abort,
  // as the GPU and compute-sanitizer do) or suppress it and go on.
  bool memory_error_continue = false;
  bool leak_check_full = false; // --leak-check full: cudaMalloc memory never freed
  // When async copies land: at issue (eager) or as late as the rules allow
  // (late: at the wait that covers them), which exposes every missing wait.
  bool async_eager = false;
  // --async-completion random: a copy in flight may land at any warp
  // instruction of its block (1 in 8), seeded by --seed; at the latest as late.
  bool async_random = false;
  bool profile = false; // collect the performance counters (see sim/profile)
  // --memory-model ptx: loads may read older stores (PtxMemory.h); sc: never.
  bool memory_model_ptx = false;
  std::uint64_t seed = 1;
  std::size_t stack_size = std::size_t{64} * 1024;
  unsigned resident_blocks = 16;
  // Host threads that run blocks (parallel rounds, GridRunner); 0: one per
  // core the process may use. Results do not depend on it.
  unsigned jobs = 0;
  std::uint64_t spin_limit = 10'000'000; // warp instructions without progress
  unsigned fast_quantum = 1024;          // events a lane runs before yielding (fast)
  unsigned warp_quantum = 16;            // warp instructions before the next warp
  int shared_fill = 0xff;                // byte that fresh shared memory holds
  std::string report_path;
  // --timeout: the driver may ask for every host thread's stack (a signal;
  // HostStacks.cpp) when the program runs longer than this many seconds.
  unsigned timeout_s = 0;
};

// Parses "key=value key=value"; on error returns false and sets `error`.
bool parseOptions(const std::string &text, Options &out, std::string &error);
const char *scheduleName(Schedule s);

} // namespace warpsim::sim
