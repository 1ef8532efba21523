// The cluster barrier (PTX barrier.cluster.arrive / barrier.cluster.wait,
// cooperative_groups::cluster_group::sync / barrier_arrive / barrier_wait):
// one per thread block cluster. Split-phase: a thread arrives once per phase
// without waiting, and a later wait returns once every non-exited thread of
// the cluster has arrived at the phase it arrived at. Exited threads are not
// waited for. Pure state: the grid runner feeds it, the checkers see what it
// says about each operation.
#pragma once

#include <cstdint>
#include <vector>

namespace warpsim::model {

// The PTX rule an operation breaks (then it does nothing).
enum class ClusterBarrierRule : std::uint8_t {
  Ok,
  // barrier.cluster.arrive a second time before barrier.cluster.wait: each
  // thread arrives once per phase.
  ArriveTwice,
  // barrier.cluster.wait without a preceding barrier.cluster.arrive.
  WaitWithoutArrive,
};

class ClusterBarrier {
public:
  // `threads`: every thread of the cluster (blocks x threads per block).
  void reset(std::uint32_t threads);

  struct Result {
    ClusterBarrierRule rule = ClusterBarrierRule::Ok;
    bool completed = false;  // the arrival (or exit) completed a phase
    std::uint64_t phase = 0; // the phase arrived at / waited for / completed
    bool ready = false;      // wait: the phase is complete, the thread goes on
  };
  // Thread `t` (cluster rank * threads per block + thread index) arrives.
  Result arrive(std::uint32_t t);
  // Thread `t` waits for the phase it arrived at. A ready wait consumes the
  // arrival; an unready one leaves it (call wait again once completed).
  Result wait(std::uint32_t t);
  // Thread `t` exited: it is no longer waited for.
  Result exited(std::uint32_t t);

  std::uint64_t phase() const { return phase_; }
  std::uint32_t arrived() const { return arrived_; }
  std::uint32_t expected() const { return expected_; }
  // Has `t` arrived at the current phase and not yet waited?
  bool hasArrived(std::uint32_t t) const { return state_[t] == kArrived; }

private:
  static constexpr std::uint8_t kIdle = 0, kArrived = 1, kExited = 2;
  Result complete(Result r);
  std::vector<std::uint8_t> state_;
  std::vector<std::uint64_t> arrivedAt_; // the phase each arrived thread arrived at
  std::uint64_t phase_ = 0;
  std::uint32_t arrived_ = 0;  // non-exited threads arrived at the current phase
  std::uint32_t expected_ = 0; // non-exited threads
};

const char *clusterBarrierRuleText(ClusterBarrierRule r);

} // namespace warpsim::model
