// The compiled engine: a launch whose kernel never makes a thread wait for
// another (instrument/KernelTraits.cpp decides, per kernel) runs its threads
// one after the other, each to its end, on the host thread's own stack:
// no fiber, no switch at its events. Two ways, chosen per launch
// (chooseEngine):
//  * direct: nothing watches accesses (`warpsim run`, `--check none`): the
//    hooks check the address and make the access, and that is all;
//  * recorded: observers watch. Each event a lane makes is appended to the
//    lane's log (what it would have stopped with under fibers, with the
//    bytes a store left), and the WarpSchedule then runs the launch as
//    usual, except that "resuming" a lane pops its next logged event instead
//    of switching to its fiber. Grouping by the reconvergence rule, issue,
//    observers, parallel rounds and livelock counting are unchanged, so
//    checkers and profiles see the same event stream.
// docs/architecture.md ("Two engines") has the rules and the reasons.
#pragma once

#include <cstdint>
#include <string>

#include "Lane.h"

namespace warpsim::sim {

class Runtime;
struct LaunchInfo;

enum class LaunchEngine : std::uint8_t { Fibers, Recorded, Direct };

// One logged event of a recorded lane (compare PendingEvent).
struct RecordedEvent {
  enum Special : std::uint8_t { Event, Exit, Abort, Suppressed };
  std::uintptr_t addr = 0, pc = 0, position = 0;
  std::uint64_t stack_hash = 0;
  std::uint32_t site = 0, size = 0, depth = 0;
  std::uint32_t finding = 0; // Abort, Suppressed: index into the block's findings
  EventKind kind = EventKind::Access;
  AccessKind access = AccessKind::Load;
  MemorySpace space = MemorySpace::Global;
  MemoryOrder order = MemoryOrder::NotAtomic;
  Scope scope = Scope::Device;
  Proxy proxy = Proxy::Generic;
  FenceScope fence = FenceScope::Device;
  MemoryOrder fenceOrder = MemoryOrder::SeqCst;
  std::uint8_t proxyFence = 0;
  bool atomicLoad = false, copyWrite = false;
  Special special = Event;
  // A store or atomic of at most 16 bytes: the bytes it found and those it
  // left. A plain store leaves its bytes again when the lane is next run
  // (onStoreDone, and a racing write's value, see them as under fibers); an
  // atomic does not (memory already holds the sum of every lane's).
  // Livelock counting compares the two (BlockExecutor::checkWatchedWrite).
  std::uint8_t post_size = 0;
  unsigned char pre[16], post[16];
};

struct EngineDecision {
  LaunchEngine engine = LaunchEngine::Fibers;
  std::string reason; // why, for --timing
  // Direct: the kernel passes CTA barriers, so its lanes run on fibers that
  // switch only there (BlockExecutor::runSegments).
  bool barriers = false;
};

// Which engine runs `launch`. `observed`: a checker or profiler watches
// accesses, barriers or stores (then recorded, else direct). `silent`:
// every observer may be silent on a direct launch (Observer::
// silentOnDirect): under auto it runs direct, checked.
EngineDecision chooseEngine(Runtime &rt, const LaunchInfo &launch, bool observed, bool silent);
// Remembers the decision for --timing (printed at exit, once per kernel and
// engine).
void noteEngine(Runtime &rt, const LaunchInfo &launch, const EngineDecision &d);
void printEngineNotes();

} // namespace warpsim::sim

// From each instrumented module's constructor (KernelTraits.cpp): rows of
// (kernel, null or the first reason its threads cannot run one by one).
struct WarpsimKernelTrait {
  const void *kernel;
  const char *reason;
  unsigned flags; // 1: it passes CTA barriers
};
extern "C" void __warpsim_register_kernel_traits(const WarpsimKernelTrait *rows,
                                                 std::uint32_t count);
