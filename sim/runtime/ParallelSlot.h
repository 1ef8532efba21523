// Which block a host thread runs in a parallel phase (--jobs with checkers;
// GridRunner's deterministic parallel rounds). Observers that run beside
// each other in such a phase (Observer::blockParallel) keep what they find
// per resident slot and merge it, in round order, when the phase ends
// (Observer::onParallelPhaseEnd): what they report then does not depend on
// which host thread ran which block, or when.
#pragma once

namespace warpsim::sim {

namespace detail {
inline thread_local int tl_parallelSlot = -1;
} // namespace detail

// The resident slot of the block this host thread runs in a parallel
// phase, or -1 (serial phases, the one-thread engine, host code).
inline int parallelSlot() { return detail::tl_parallelSlot; }

// Marks this host thread as running the block in `slot` for its lifetime.
class ParallelSlotScope {
public:
  explicit ParallelSlotScope(int slot) { detail::tl_parallelSlot = slot; }
  ~ParallelSlotScope() { detail::tl_parallelSlot = -1; }
  ParallelSlotScope(const ParallelSlotScope &) = delete;
  ParallelSlotScope &operator=(const ParallelSlotScope &) = delete;
};

} // namespace warpsim::sim
