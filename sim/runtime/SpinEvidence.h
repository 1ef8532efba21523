// Evidence that a thread spins rather than counts: livelock is decided on
// a thread's state repeating, not on memory staying unchanged (issue 27
// item 6). Two kinds of evidence, each where the other cannot see:
//  * A plain store that leaves memory as it was, or a warp operation, is
//    either a spin that rewrites a flag or votes on one (its state comes back
//    exactly, loop after loop) or a finite loop that stores or votes the same
//    result each pass (its counter moved): its whole state is compared.
//  * A read cannot be judged so: a spin-wait that counts its passes in a
//    register (spin_on_flag.cu) moves as a counted loop does. What a spin
//    reads comes back instead: the same few addresses, whose values nobody
//    changes (ReadRecurrence.h).
#pragma once

#include <algorithm>
#include <cstdint>

#include "Lane.h"
#include "Options.h"
#include "ReadRecurrence.h"

namespace warpsim::sim {

// Warp instructions without progress after which a same-value store is
// examined (hashing a thread's state is not free; an ordinary kernel
// changes memory long before).
inline constexpr std::uint64_t kSuspectSpin = 64;
// The same in the units the livelock count has: warp instructions, or the
// fast schedule's preemptions (one per --fast-quantum events), and at most
// half the limit (a small --spin-limit in tests).
inline std::uint64_t suspectSpinAfter(const Options &o) {
  const std::uint64_t q = o.fast_quantum == 0 ? 1 : o.fast_quantum;
  return std::min<std::uint64_t>(kSuspectSpin, o.spin_limit / (2 * q));
}

// `l` (stopped at its next event, its last write made) stored bytes that
// were already there, or took part in a warp operation: is its state —
// registers, stack and the event it waits at — different from the one it
// had after its previous such store or operation at the same code address
// (Lane::watch_pc)? Remembers the state for the next time.
// A lane without a fiber stack (the compiled engine) has no state to show:
// false.
bool laneStateMoved(Lane &l);

// Records where a lane stops (Lane::stop_state): its stack pointer and
// callee-saved registers, at the stop, before the scheduler runs below it.
[[gnu::always_inline]] inline void captureStopState(std::uint64_t *state) {
#if defined(__x86_64__)
  asm volatile("movq %%rsp, 0(%0)\n\tmovq %%rbx, 8(%0)\n\tmovq %%rbp, 16(%0)\n\t"
               "movq %%r12, 24(%0)\n\tmovq %%r13, 32(%0)\n\tmovq %%r14, 40(%0)\n\t"
               "movq %%r15, 48(%0)"
               :
               : "r"(state)
               : "memory");
#elif defined(__aarch64__)
  asm volatile("mov x9, sp\n\tstr x9, [%0, #0]\n\tstp x19, x20, [%0, #8]\n\t"
               "stp x21, x22, [%0, #24]\n\tstp x23, x24, [%0, #40]\n\t"
               "stp x25, x26, [%0, #56]\n\tstp x27, x28, [%0, #72]"
               :
               : "r"(state)
               : "x9", "memory");
#else
  state[0] = 0;
#endif
}

} // namespace warpsim::sim
