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
};

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
