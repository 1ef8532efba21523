// The state machine of one mbarrier object (PTX ISA, "Parallel
// Synchronization and Communication Instructions: mbarrier"): current phase,
// pending arrivals, expected arrivals, tx-count. A phase completes when
// pending arrivals and tx-count are both zero; completion advances the phase
// and reloads pending from expected. Every operation says which rule it
// broke (MBarrierRule), so a checker can name it; on a broken rule the state
// is left as it was.
#pragma once

#include <cstdint>

namespace warpsim::model {

enum class MBarrierRule : std::uint8_t {
  Ok,
  NotInitialized,          // an operation on memory that holds no valid mbarrier
  AlreadyValid,            // init on a valid mbarrier (inval it first)
  CountOutOfRange,         // expected count outside 1 .. 2^20-1
  TxOutOfRange,            // tx-count would leave -(2^20-1) .. 2^20-1
  ArrivalUnderflow,        // more arrivals than the phase has pending
  NoCompleteWouldComplete, // .noComplete arrival that completes the phase
  PhaseNotObserved,        // arrival on a phase whose predecessor no wait has seen complete
  StalePhase,              // test_wait/try_wait on a phase older than the previous one
  NotShared,               // the address is not in the shared memory of the thread's block
  Misaligned,              // the address is not 8-byte aligned
};

// The mbarrier instructions (PTX mbarrier.*), as one thread executes them.
// Try waits block here until the phase completes: a try_wait's
// system-dependent time limit never expires, so a wait that can never
// succeed is a deadlock the engine reports, not a spin.
enum class MBarrierOp : std::uint8_t {
  Init,             // mbarrier.init [a], count
  Inval,            // mbarrier.inval [a]
  Arrive,           // mbarrier.arrive [a]{, count}: returns the phase (state token)
  ArriveNoComplete, // mbarrier.arrive.noComplete
  ArriveDrop,       // mbarrier.arrive_drop: also lowers the expected count
  ArriveExpectTx,   // mbarrier.arrive.expect_tx [a], tx{, count}
  ExpectTx,         // mbarrier.expect_tx [a], tx
  CompleteTx,       // mbarrier.complete_tx [a], tx (also an async copy landing)
  TestWait,         // mbarrier.test_wait [a], state (non-blocking)
  TestWaitParity,   // mbarrier.test_wait.parity [a], parity
  TryWait,          // mbarrier.try_wait [a], state (blocks until complete)
  TryWaitParity,    // mbarrier.try_wait.parity [a], parity
};

const char *mbarrierOpName(MBarrierOp op);
constexpr bool isMBarrierArrive(MBarrierOp op) {
  return op == MBarrierOp::Arrive || op == MBarrierOp::ArriveNoComplete ||
         op == MBarrierOp::ArriveDrop || op == MBarrierOp::ArriveExpectTx;
}
constexpr bool isMBarrierWait(MBarrierOp op) {
  return op == MBarrierOp::TestWait || op == MBarrierOp::TestWaitParity ||
         op == MBarrierOp::TryWait || op == MBarrierOp::TryWaitParity;
}

const char *mbarrierRuleText(MBarrierRule r);

class MBarrier {
public:
  static constexpr std::int64_t kMaxCount = (std::int64_t{1} << 20) - 1;
  static constexpr std::int64_t kMaxTx = (std::int64_t{1} << 20) - 1;

  struct Arrival {
    MBarrierRule rule = MBarrierRule::Ok;
    bool completed = false;  // this operation completed the phase
    std::uint64_t phase = 0; // the phase arrived at (the state token)
  };
  struct Wait {
    MBarrierRule rule = MBarrierRule::Ok;
    bool complete = false; // the phase waited for has completed
  };

  MBarrierRule init(std::uint32_t count);
  MBarrierRule inval();
  // arrive(n) (arrive_drop also lowers the expected count of later phases);
  // `noComplete` is the .noComplete form.
  Arrival arrive(std::uint32_t n = 1, bool drop = false, bool noComplete = false);
  // expect_tx(bytes); arrive.expect_tx is expectTx then arrive(1).
  MBarrierRule expectTx(std::uint32_t bytes);
  // cp.async.mbarrier.arrive without .noinc: the pending count grows by
  // one, and the arrive-on the copies trigger takes it back.
  MBarrierRule addPending(std::uint32_t n) {
    if (!valid_)
      return MBarrierRule::NotInitialized;
    if (pending_ + n > kMaxCount)
      return MBarrierRule::CountOutOfRange;
    pending_ += n;
    return MBarrierRule::Ok;
  }
  // complete_tx(bytes), explicit or done by an async copy when its bytes land.
  Arrival completeTx(std::uint32_t bytes);
  // test_wait / try_wait with the token of an arrive: false for the current
  // phase, true for the one before it; older is undefined.
  Wait testWait(std::uint64_t phase);
  // test_wait.parity / try_wait.parity: has the phase with this parity (of
  // the current or the previous phase) completed?
  Wait testWaitParity(unsigned parity);

  bool valid() const { return valid_; }
  std::uint64_t phase() const { return phase_; }
  std::int64_t pending() const { return pending_; }
  std::int64_t expected() const { return expected_; }
  std::int64_t tx() const { return tx_; }

private:
  bool tryComplete();

  bool valid_ = false;
  bool observed_ = true; // the last completed phase was seen by a successful wait
  std::uint64_t phase_ = 0;
  std::int64_t pending_ = 0, expected_ = 0, tx_ = 0;
};

} // namespace warpsim::model
