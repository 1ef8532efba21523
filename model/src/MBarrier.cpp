#include "warpsim/model/MBarrier.h"

namespace warpsim::model {

const char *mbarrierRuleText(MBarrierRule r) {
  switch (r) {
  case MBarrierRule::Ok:
    return "ok";
  case MBarrierRule::NotInitialized:
    return "the memory holds no valid mbarrier (not initialised, or invalidated)";
  case MBarrierRule::AlreadyValid:
    return "mbarrier.init on a valid mbarrier (mbarrier.inval it first)";
  case MBarrierRule::CountOutOfRange:
    return "the expected arrival count must be in 1..2^20-1";
  case MBarrierRule::TxOutOfRange:
    return "the tx-count must stay in -(2^20-1)..2^20-1";
  case MBarrierRule::ArrivalUnderflow:
    return "more arrivals than the current phase has pending";
  case MBarrierRule::NoCompleteWouldComplete:
    return "an arrive.noComplete completes the phase";
  case MBarrierRule::PhaseNotObserved:
    return "arrival on a new phase before any wait observed the previous phase complete";
  case MBarrierRule::StalePhase:
    return "wait on a phase older than the immediately preceding one";
  case MBarrierRule::NotShared:
    return "an mbarrier must be in the shared memory of the executing thread's CTA";
  case MBarrierRule::Misaligned:
    return "an mbarrier object must be 8-byte aligned";
  }
  return "";
}

const char *mbarrierOpName(MBarrierOp op) {
  switch (op) {
  case MBarrierOp::Init:
    return "mbarrier.init";
  case MBarrierOp::Inval:
    return "mbarrier.inval";
  case MBarrierOp::Arrive:
    return "mbarrier.arrive";
  case MBarrierOp::ArriveNoComplete:
    return "mbarrier.arrive.noComplete";
  case MBarrierOp::ArriveDrop:
    return "mbarrier.arrive_drop";
  case MBarrierOp::ArriveExpectTx:
    return "mbarrier.arrive.expect_tx";
  case MBarrierOp::ExpectTx:
    return "mbarrier.expect_tx";
  case MBarrierOp::CompleteTx:
    return "mbarrier.complete_tx";
  case MBarrierOp::TestWait:
    return "mbarrier.test_wait";
  case MBarrierOp::TestWaitParity:
    return "mbarrier.test_wait.parity";
  case MBarrierOp::TryWait:
    return "mbarrier.try_wait";
  case MBarrierOp::TryWaitParity:
    return "mbarrier.try_wait.parity";
  }
  return "";
}

MBarrierRule MBarrier::init(std::uint32_t count) {
  if (valid_)
    return MBarrierRule::AlreadyValid;
  if (count < 1 || count > kMaxCount)
    return MBarrierRule::CountOutOfRange;
  valid_ = true;
  observed_ = true;
  phase_ = 0;
  pending_ = expected_ = count;
  tx_ = 0;
  return MBarrierRule::Ok;
}

MBarrierRule MBarrier::inval() {
  if (!valid_)
    return MBarrierRule::NotInitialized;
  valid_ = false;
  return MBarrierRule::Ok;
}

bool MBarrier::tryComplete() {
  if (pending_ != 0 || tx_ != 0)
    return false;
  ++phase_;
  pending_ = expected_;
  observed_ = false;
  return true;
}

MBarrier::Arrival MBarrier::arrive(std::uint32_t n, bool drop, bool noComplete) {
  Arrival a;
  a.phase = phase_;
  if (!valid_) {
    a.rule = MBarrierRule::NotInitialized;
    return a;
  }
  if (n < 1 || n > pending_) {
    a.rule = MBarrierRule::ArrivalUnderflow;
    return a;
  }
  if (noComplete && pending_ == n && tx_ == 0) {
    a.rule = MBarrierRule::NoCompleteWouldComplete;
    return a;
  }
  if (!observed_)
    a.rule = MBarrierRule::PhaseNotObserved; // reported, but the arrival happens
  pending_ -= n;
  if (drop)
    expected_ -= n;
  a.completed = tryComplete();
  return a;
}

MBarrierRule MBarrier::expectTx(std::uint32_t bytes) {
  if (!valid_)
    return MBarrierRule::NotInitialized;
  if (tx_ + static_cast<std::int64_t>(bytes) > kMaxTx)
    return MBarrierRule::TxOutOfRange;
  tx_ += bytes;
  return MBarrierRule::Ok;
}

MBarrier::Arrival MBarrier::completeTx(std::uint32_t bytes) {
  Arrival a;
  a.phase = phase_;
  if (!valid_) {
    a.rule = MBarrierRule::NotInitialized;
    return a;
  }
  if (tx_ - static_cast<std::int64_t>(bytes) < -kMaxTx) {
    a.rule = MBarrierRule::TxOutOfRange;
    return a;
  }
  tx_ -= bytes;
  a.completed = tryComplete();
  return a;
}

MBarrier::Wait MBarrier::testWait(std::uint64_t phase) {
  Wait w;
  if (!valid_) {
    w.rule = MBarrierRule::NotInitialized;
    return w;
  }
  if (phase == phase_)
    return w;
  if (phase + 1 == phase_) {
    w.complete = true;
    observed_ = true;
    return w;
  }
  w.rule = MBarrierRule::StalePhase;
  return w;
}

MBarrier::Wait MBarrier::testWaitParity(unsigned parity) {
  Wait w;
  if (!valid_) {
    w.rule = MBarrierRule::NotInitialized;
    return w;
  }
  // The phase with this parity is the current one (not complete) or the
  // one before it (complete).
  w.complete = (phase_ & 1) != (parity & 1);
  if (w.complete)
    observed_ = true;
  return w;
}

} // namespace warpsim::model
