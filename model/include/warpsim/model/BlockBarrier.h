// The state machine of one CTA barrier (PTX bar / barrier, ids 0..15;
// __syncthreads is bar.sync 0). Without a thread count a phase completes
// when every thread still running in the block has arrived; threads that
// exit no longer count, as on Volta and later. With a thread count
// (bar.sync a, b / bar.arrive a, b) arrival is counted per warp, in warp
// size units (PTX: "incremented by the warp size, not the number of active
// threads"): lanes of a warp that exited still count, running lanes count as
// they arrive, and the phase completes once b threads are counted. Every arrival says which
// PTX rule it broke (BarrierRule), so a checker can name it.
#pragma once

#include <cstdint>

namespace warpsim::model {

enum class BarrierRule : std::uint8_t {
  Ok,
  CountNotWarpMultiple, // b is not a multiple of the warp size
  CountMismatch,        // another count than earlier arrivals of this phase gave
  RedMixed,             // bar.red mixed with bar.sync / bar.arrive in one phase
  CountAboveBlock,      // b exceeds the threads of the block: it can never complete
};

const char *barrierRuleText(BarrierRule r);

class BlockBarrier {
public:
  // How a thread arrives: bar.sync / bar.arrive / bar.red (the reducing
  // forms: __syncthreads_count/_and/_or).
  enum class Flavor : std::uint8_t { Sync, Arrive, Red };

  struct Arrival {
    BarrierRule rule = BarrierRule::Ok;
    bool completed = false;
  };

  BlockBarrier() = default;
  explicit BlockBarrier(std::uint32_t threads) : live_(threads), threads_(threads) {}

  // A thread arrives with a predicate (for __syncthreads_count/and/or).
  // Returns true when this arrival completes the phase.
  bool arrive(bool predicate) {
    return arrive(predicate, 0, 0, 0, 0, Flavor::Sync, false).completed;
  }

  // The rule an arrival with these operands would break.
  BarrierRule check(std::uint32_t count, std::uint32_t warpSize, Flavor flavor) const {
    if (count != 0 && warpSize != 0 && count % warpSize != 0)
      return BarrierRule::CountNotWarpMultiple;
    if (count > threads_)
      return BarrierRule::CountAboveBlock;
    if (arrived_ > 0 && count != count_)
      return BarrierRule::CountMismatch;
    if (arrived_ > 0 && (flavor == Flavor::Red) != red_)
      return BarrierRule::RedMixed;
    return BarrierRule::Ok;
  }

  // A thread of warp `warp` arrives; `count` is the thread count operand
  // (0: every live thread of the block). With a count, the warp counts as
  // `warpSize` threads: each of its running lanes as it arrives, and its
  // `absent` lanes (exited, or past the block's last thread) with its first
  // arrival. `more`: further lanes of the same warp instruction arrive
  // with this one, and a counted phase completes only after the last of
  // them. A broken rule is reported; the arrival still counts.
  Arrival arrive(bool predicate, std::uint32_t count, std::uint32_t warp, std::uint32_t warpSize,
                 std::uint32_t absent, Flavor flavor, bool more) {
    Arrival a;
    a.rule = check(count, warpSize, flavor);
    if (arrived_ == 0) {
      count_ = count;
      red_ = flavor == Flavor::Red;
    }
    ++arrived_;
    predicateCount_ += predicate ? 1 : 0;
    ++counted_;
    if (warp < 64 && (warpsArrived_ & (std::uint64_t{1} << warp)) == 0) {
      warpsArrived_ |= std::uint64_t{1} << warp;
      counted_ += absent;
    }
    a.completed = (count_ == 0 || !more) && tryComplete();
    return a;
  }

  // A thread exits; it may have been the last one the barrier waited for.
  bool threadExited() {
    --live_;
    return arrived_ > 0 && count_ == 0 && tryComplete();
  }

  std::uint32_t live() const { return live_; }
  std::uint32_t arrived() const { return arrived_; }
  std::uint64_t phase() const { return phase_; }
  // The thread count of the current phase (0: the whole block).
  std::uint32_t count() const { return count_; }
  // Threads the current phase still waits for.
  std::uint32_t expected() const { return count_ != 0 ? count_ : live_; }
  std::uint32_t counted() const { return count_ != 0 ? counted_ : arrived_; }
  // Results of the phase that completed last.
  std::uint32_t lastCount() const { return lastCount_; }
  std::uint32_t lastArrived() const { return lastArrived_; }

private:
  bool tryComplete() {
    if (count_ != 0 ? counted_ < count_ : arrived_ < live_)
      return false;
    lastCount_ = predicateCount_;
    lastArrived_ = arrived_;
    arrived_ = 0;
    counted_ = 0;
    warpsArrived_ = 0;
    predicateCount_ = 0;
    count_ = 0;
    ++phase_;
    return true;
  }

  std::uint32_t live_ = 0;
  std::uint32_t threads_ = 0;
  std::uint32_t arrived_ = 0; // threads that arrived in this phase
  std::uint32_t counted_ = 0; // with a thread count: arrivals + absent lanes of arrived warps
  std::uint64_t warpsArrived_ = 0;
  std::uint32_t count_ = 0;
  bool red_ = false;
  std::uint32_t predicateCount_ = 0;
  std::uint32_t lastCount_ = 0;
  std::uint32_t lastArrived_ = 0;
  std::uint64_t phase_ = 0;
};

} // namespace warpsim::model
