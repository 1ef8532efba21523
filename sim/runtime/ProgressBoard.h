// What a running program tells the `warpsim` driver for its progress line:
// a page both map (the driver creates the file and names it in
// WARPSIM_PROGRESS). Plain counters, written by the runtime at launch
// boundaries and block retirement, read by the driver a few times a second;
// a torn kernel name only shows for one refresh. Also the other half of the
// channel: the signal by which the driver asks for the threads' stacks.
#pragma once

#include <atomic>
#include <csignal>
#include <cstdint>
#include <new>

namespace warpsim::sim {

struct ProgressBoard {
  std::atomic<std::uint64_t> launches{0};     // started so far
  std::atomic<std::uint64_t> blocks_done{0};  // of the current launch
  std::atomic<std::uint64_t> blocks_total{0}; // of the current launch (0: none running)
  std::atomic<std::uint64_t> events{0};       // accesses + barrier arrivals, retired blocks
  char kernel[112] = {};                      // the current launch's kernel, NUL-terminated
};
static_assert(sizeof(ProgressBoard) <= 4096);

} // namespace warpsim::sim

namespace warpsim::sim {
// --timeout: the signal the driver sends for the host threads' stacks
// (HostStacks.cpp); a real-time one, which user programs rarely use.
inline int hostStackDumpSignal() { return SIGRTMIN + 3; }

// Maps the driver's board file (created and sized by it); null on failure
// (no progress line, nothing else changes).
ProgressBoard *mapProgressBoard(const char *path);
} // namespace warpsim::sim
