// Unit tests of model/'s Hopper sync objects: the mbarrier state machine
// (phases, pending arrivals, tx-count, the PTX rules it names when broken)
// and a thread's async-copy groups.
#include <doctest/doctest.h>

#include <string>

#include "warpsim/model/AsyncGroups.h"
#include "warpsim/model/MBarrier.h"

using namespace warpsim::model;

TEST_CASE("mbarrier: init, arrivals complete the phase and reload the pending count") {
  MBarrier b;
  CHECK(b.arrive().rule == MBarrierRule::NotInitialized);
  REQUIRE(b.init(3) == MBarrierRule::Ok);
  CHECK(b.phase() == 0);
  CHECK(b.pending() == 3);
  auto a = b.arrive();
  CHECK(a.rule == MBarrierRule::Ok);
  CHECK_FALSE(a.completed);
  CHECK(a.phase == 0);
  CHECK_FALSE(b.testWait(0).complete);
  a = b.arrive(2);
  CHECK(a.completed);
  CHECK(b.phase() == 1);
  CHECK(b.pending() == 3);
  CHECK(b.testWait(0).complete);       // the previous phase: complete
  CHECK_FALSE(b.testWait(1).complete); // the current one: not yet
}

TEST_CASE("mbarrier: tx-count must reach zero too; arrive.expect_tx and complete_tx") {
  MBarrier b;
  REQUIRE(b.init(1) == MBarrierRule::Ok);
  CHECK(b.expectTx(128) == MBarrierRule::Ok); // arrive.expect_tx = expect_tx + arrive
  auto a = b.arrive();
  CHECK_FALSE(a.completed); // arrivals done, 128 bytes outstanding
  CHECK(b.pending() == 0);
  a = b.completeTx(64);
  CHECK_FALSE(a.completed);
  a = b.completeTx(64);
  CHECK(a.completed);
  CHECK(b.phase() == 1);
  CHECK(b.tx() == 0);
  // complete_tx before expect_tx is allowed (tx may go negative), within range.
  CHECK(b.testWaitParity(0).complete);
  CHECK(b.completeTx(16).rule == MBarrierRule::Ok);
  CHECK(b.tx() == -16);
  CHECK(b.expectTx(16) == MBarrierRule::Ok);
}

TEST_CASE("mbarrier: the rules it names") {
  MBarrier b;
  CHECK(b.init(0) == MBarrierRule::CountOutOfRange);
  CHECK(b.init(1u << 20) == MBarrierRule::CountOutOfRange);
  REQUIRE(b.init(2) == MBarrierRule::Ok);
  CHECK(b.init(2) == MBarrierRule::AlreadyValid);
  CHECK(b.arrive(3).rule == MBarrierRule::ArrivalUnderflow);
  CHECK(b.pending() == 2); // a broken rule changes nothing
  CHECK(b.expectTx(1u << 20) == MBarrierRule::TxOutOfRange);
  CHECK(b.tx() == 0);
  // .noComplete must not complete the phase.
  CHECK(b.arrive(1, false, true).rule == MBarrierRule::Ok);
  CHECK(b.arrive(1, false, true).rule == MBarrierRule::NoCompleteWouldComplete);
  CHECK(b.pending() == 1);
  CHECK(b.arrive().completed);
  // A new phase's arrival before any wait saw the previous one complete.
  CHECK(b.arrive().rule == MBarrierRule::PhaseNotObserved);
  CHECK(b.pending() == 1); // the arrival still happens
  CHECK(b.testWait(0).rule == MBarrierRule::Ok);
  CHECK(b.arrive().completed); // phase 1 completes: now phase 2
  CHECK(b.testWait(0).rule == MBarrierRule::StalePhase);
  CHECK(b.inval() == MBarrierRule::Ok);
  CHECK(b.inval() == MBarrierRule::NotInitialized);
  CHECK(b.testWaitParity(0).rule == MBarrierRule::NotInitialized);
  CHECK(b.init(4) == MBarrierRule::Ok); // re-init after inval
  CHECK(b.phase() == 0);
}

TEST_CASE("mbarrier: parity waits and arrive_drop") {
  MBarrier b;
  REQUIRE(b.init(2) == MBarrierRule::Ok);
  // A fresh barrier: the phase of parity 1 (the one 'before' phase 0) counts
  // as complete, which pipelines use to pass their first wait on an empty slot.
  CHECK(b.testWaitParity(1).complete);
  CHECK_FALSE(b.testWaitParity(0).complete);
  CHECK(b.arrive(1, true).rule == MBarrierRule::Ok); // arrive_drop: expected 2 -> 1
  CHECK(b.expected() == 1);
  CHECK(b.arrive().completed);
  CHECK(b.pending() == 1); // reloaded from the lowered expected count
  CHECK(b.testWaitParity(0).complete);
  CHECK_FALSE(b.testWaitParity(1).complete);
  CHECK(std::string(mbarrierRuleText(MBarrierRule::StalePhase)).find("older") != std::string::npos);
}

TEST_CASE("async groups: commit closes the open group, wait_group N waits for all but N") {
  AsyncGroups g;
  CHECK(g.satisfied(0));
  const auto a1 = g.issue();
  const auto a2 = g.issue();
  CHECK(a1 == 0);
  CHECK(a2 == 0);
  CHECK(g.pending() == 0); // not committed: wait_group does not wait for it
  CHECK(g.satisfied(0));
  CHECK(g.commit() == 0);
  const auto b1 = g.issue();
  CHECK(b1 == 1);
  CHECK(g.commit() == 1);
  CHECK(g.commit() == 2);  // an empty group
  CHECK(g.pending() == 3); // the empty group is complete but sits behind groups 0 and 1
  CHECK(g.inFlight() == 3);
  CHECK_FALSE(g.satisfied(0));
  CHECK_FALSE(g.satisfied(2));
  CHECK(g.satisfied(3));
  g.landed(b1); // group 1 lands first: group 0 still holds every wait back
  CHECK_FALSE(g.satisfied(1));
  CHECK_FALSE(g.satisfied(2));
  CHECK(g.pending() == 3);
  g.landed(a1);
  g.landed(a2);
  CHECK(g.pending() == 0);
  CHECK(g.satisfied(0));
  CHECK(g.inFlight() == 0);
  const auto c = g.issue(); // a copy in the open group can land before commit
  g.landed(c);
  CHECK(g.inFlight() == 0);
}
