// Livelock evidence of reads (issue 27 item 6): a spin-wait reads the same
// few addresses again and again, and while nobody changes memory they hold
// the same values, so its reads come back exactly; a finite loop that only
// reads (a sum over an array, a pointer chase) walks on to addresses it has
// not read. In the last half of the livelock count each thread's reads are
// kept: a read at an address, or by an instruction, that the thread did not
// make in its first kSpinPassReads reads of that half is progress. Its
// registers cannot tell: a spin that counts its passes moves as a counted
// loop does (SpinEvidence.h compares them for stores and warp operations).
#pragma once

#include <cstdint>
#include <vector>

#include "Options.h"

namespace warpsim::sim {

// The count at which a livelock is reported, in the count's units: warp
// instructions, or the fast schedule's preemptions (one per --fast-quantum
// events of a lane).
inline std::uint64_t livelockLimit(const Options &o) {
  if (o.schedule == Schedule::Fast)
    return o.spin_limit / (o.fast_quantum == 0 ? 1 : o.fast_quantum) + 1;
  return o.spin_limit;
}
// Where the count enters the half in which reads are kept.
inline std::uint64_t readWindowFrom(std::uint64_t limit) { return limit - limit / 2; }

// The reads a thread's spin may make in one pass: more distinct ones than
// this (a spin polling over a hundred flags) read as a walk.
inline constexpr std::uint32_t kSpinPassReads = 128;

// One thread's reads in the current window (the last half) of the count.
struct ReadTrace {
  std::uint64_t window = 0;        // the window it was kept in (an older one: forgotten)
  std::uint64_t since = 0;         // the count at its last read (lower now: a new window)
  std::uint32_t reads = 0;         // reads this window
  std::vector<std::uint64_t> seen; // (instruction, address) of its first kSpinPassReads
};

// A read by the thread of `t` at `addr` by the instruction at `pc`, `since`
// into the count, in window `window`: true if it walks (a read its first
// kSpinPassReads reads of the window did not make; the trace starts over).
bool readWalks(ReadTrace &t, std::uint64_t window, std::uint64_t since, std::uintptr_t pc,
               std::uintptr_t addr);

} // namespace warpsim::sim
