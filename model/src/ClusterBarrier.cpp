#include "warpsim/model/ClusterBarrier.h"

namespace warpsim::model {

void ClusterBarrier::reset(std::uint32_t threads) {
  state_.assign(threads, kIdle);
  arrivedAt_.assign(threads, 0);
  phase_ = 0;
  arrived_ = 0;
  expected_ = threads;
}

ClusterBarrier::Result ClusterBarrier::complete(Result r) {
  if (expected_ != 0 && arrived_ == expected_) {
    r.completed = true;
    r.phase = phase_;
    ++phase_;
    arrived_ = 0;
  }
  return r;
}

ClusterBarrier::Result ClusterBarrier::arrive(std::uint32_t t) {
  Result r;
  r.phase = phase_;
  if (state_[t] == kArrived) {
    r.rule = ClusterBarrierRule::ArriveTwice;
    r.phase = arrivedAt_[t];
    return r;
  }
  state_[t] = kArrived;
  arrivedAt_[t] = phase_;
  ++arrived_;
  return complete(r);
}

ClusterBarrier::Result ClusterBarrier::wait(std::uint32_t t) {
  Result r;
  if (state_[t] != kArrived) {
    r.rule = ClusterBarrierRule::WaitWithoutArrive;
    r.phase = phase_;
    r.ready = true; // nothing to wait for (and nothing acquired)
    return r;
  }
  r.phase = arrivedAt_[t];
  r.ready = arrivedAt_[t] < phase_;
  if (r.ready)
    state_[t] = kIdle;
  return r;
}

ClusterBarrier::Result ClusterBarrier::exited(std::uint32_t t) {
  Result r;
  r.phase = phase_;
  if (state_[t] == kExited)
    return r;
  // An arrival at the current phase no longer counts: the phase waits only
  // for the threads still running.
  if (state_[t] == kArrived && arrivedAt_[t] == phase_)
    --arrived_;
  state_[t] = kExited;
  --expected_;
  return complete(r);
}

const char *clusterBarrierRuleText(ClusterBarrierRule r) {
  switch (r) {
  case ClusterBarrierRule::Ok:
    return "";
  case ClusterBarrierRule::ArriveTwice:
    return "barrier.cluster.arrive again before barrier.cluster.wait: each thread arrives once "
           "per phase of the cluster barrier (PTX ISA, barrier.cluster)";
  case ClusterBarrierRule::WaitWithoutArrive:
    return "barrier.cluster.wait without a preceding barrier.cluster.arrive: a thread waits "
           "only for the phase it arrived at (PTX ISA, barrier.cluster)";
  }
  return "";
}

} // namespace warpsim::model
