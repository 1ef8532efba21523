// The state machine of a CTA-wide barrier (__syncthreads, bar.sync 0): it
// completes when every thread still running in the block has arrived.
// Threads that exit no longer count, as on Volta and later.
#pragma once

#include <cstdint>

namespace warpsim::model {

class BlockBarrier {
public:
  BlockBarrier() = default;
  explicit BlockBarrier(std::uint32_t threads) : live_(threads) {}

  // A thread arrives with a predicate (for __syncthreads_count/and/or).
  // Returns true when this arrival completes the phase.
  bool arrive(bool predicate) {
    ++arrived_;
    predicateCount_ += predicate ? 1 : 0;
    return tryComplete();
  }

  // A thread exits; it may have been the last one the barrier waited for.
  bool threadExited() {
    --live_;
    return arrived_ > 0 && tryComplete();
  }

  std::uint32_t live() const { return live_; }
  std::uint32_t arrived() const { return arrived_; }
  std::uint64_t phase() const { return phase_; }
  // Results of the phase that completed last.
  std::uint32_t lastCount() const { return lastCount_; }
  std::uint32_t lastArrived() const { return lastArrived_; }

private:
  bool tryComplete() {
    if (arrived_ < live_)
      return false;
    lastCount_ = predicateCount_;
    lastArrived_ = arrived_;
    arrived_ = 0;
    predicateCount_ = 0;
    ++phase_;
    return true;
  }

  std::uint32_t live_ = 0;
  std::uint32_t arrived_ = 0;
  std::uint32_t predicateCount_ = 0;
  std::uint32_t lastCount_ = 0;
  std::uint32_t lastArrived_ = 0;
  std::uint64_t phase_ = 0;
};

} // namespace warpsim::model
