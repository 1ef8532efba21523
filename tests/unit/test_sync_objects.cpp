// Unit tests of model/'s sync objects: the mbarrier state machine (phases,
// pending arrivals, tx-count, the PTX rules it names when broken), a
// thread's async-copy groups, named CTA barriers with thread counts, and the
// inline-PTX forms the runtime executes.
#include <doctest/doctest.h>

#include <string>

#include "warpsim/model/AsyncGroups.h"
#include "warpsim/model/BlockBarrier.h"
#include "warpsim/model/BulkReduce.h"
#include "warpsim/model/ClusterBarrier.h"
#include "warpsim/model/ClusterShape.h"
#include "warpsim/model/MBarrier.h"
#include "warpsim/model/Ptx.h"

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

// ---------------------------------------------------- named CTA barriers

TEST_CASE(
    "named barrier: a thread count is counted per warp; bar.arrive and bar.sync share a phase") {
  using F = BlockBarrier::Flavor;
  BlockBarrier b(128);
  // Two producer warps arrive (32 lanes each, one warp instruction each).
  for (int w = 0; w < 2; ++w)
    for (int lane = 0; lane < 32; ++lane)
      CHECK_FALSE(b.arrive(false, 128, w, 32, 0, F::Arrive, lane != 31).completed);
  CHECK(b.counted() == 64);
  CHECK(b.expected() == 128);
  // The consumer warps' bar.sync completes the phase with the last lane.
  for (int w = 2; w < 4; ++w)
    for (int lane = 0; lane < 32; ++lane) {
      const bool last = w == 3 && lane == 31;
      CHECK(b.arrive(false, 128, w, 32, 0, F::Sync, lane != 31).completed == last);
    }
  CHECK(b.phase() == 1);
  CHECK(b.arrived() == 0);
}

TEST_CASE("named barrier: exited lanes of an arriving warp still count (warp size units)") {
  BlockBarrier b(64);
  // Warp 0 has 8 live lanes (24 exited); warp 1 is whole.
  for (int lane = 0; lane < 8; ++lane)
    CHECK_FALSE(b.arrive(false, 64, 0, 32, 24, BlockBarrier::Flavor::Sync, lane != 7).completed);
  CHECK(b.counted() == 32);
  for (int lane = 0; lane < 32; ++lane)
    CHECK(b.arrive(false, 64, 1, 32, 0, BlockBarrier::Flavor::Sync, lane != 31).completed ==
          (lane == 31));
}

TEST_CASE(
    "named barrier rules: count not a warp multiple, above the block, mismatched, red mixed") {
  using F = BlockBarrier::Flavor;
  BlockBarrier b(128);
  CHECK(b.check(48, 32, F::Sync) == BarrierRule::CountNotWarpMultiple);
  CHECK(b.check(256, 32, F::Sync) == BarrierRule::CountAboveBlock);
  CHECK(b.check(64, 32, F::Sync) == BarrierRule::Ok);
  b.arrive(false, 64, 0, 32, 0, F::Sync, false);
  CHECK(b.check(96, 32, F::Sync) == BarrierRule::CountMismatch);
  CHECK(b.check(64, 32, F::Red) == BarrierRule::RedMixed);
  CHECK(b.check(64, 32, F::Arrive) == BarrierRule::Ok);
  CHECK(std::string(barrierRuleText(BarrierRule::CountNotWarpMultiple)).find("multiple") !=
        std::string::npos);
}

TEST_CASE("block barrier without a count: every live thread; an exit may complete it") {
  BlockBarrier b(3);
  CHECK_FALSE(b.arrive(true));
  CHECK_FALSE(b.arrive(true));
  CHECK(b.threadExited());
  CHECK(b.lastCount() == 2);
  CHECK(b.lastArrived() == 2);
}

// ---------------------------------------------------- inline PTX forms

TEST_CASE("ptx: barriers, mbarrier forms, fences, guards and labels parse") {
  PtxProgram p;
  std::string err;
  REQUIRE(parsePtx("bar.sync %0, %1;", p, err));
  CHECK(p.code.size() == 1);
  CHECK(p.code[0].op == PtxOp::BarSync);
  CHECK(p.code[0].args[0].kind == PtxOperand::Kind::Operand);
  REQUIRE(parsePtx("barrier.cta.arrive.aligned 3, 64;", p, err));
  CHECK(p.code[0].op == PtxOp::BarArrive);
  CHECK(p.code[0].args[1].imm == 64);
  REQUIRE(parsePtx("bar.red.popc.u32 %0, 0, !%1;", p, err));
  CHECK(p.code[0].red == BarrierKind::Count);
  CHECK(p.code[0].args[2].negate);
  REQUIRE(parsePtx("mbarrier.arrive.expect_tx.release.cta.shared::cta.b64 _, [%0+8], %1;", p, err));
  CHECK(p.code[0].mbar == MBarrierOp::ArriveExpectTx);
  CHECK(p.code[0].args[0].kind == PtxOperand::Kind::Sink);
  CHECK(p.code[0].args[1].kind == PtxOperand::Kind::Address);
  CHECK(p.code[0].args[1].imm == 8);
  REQUIRE(parsePtx("{\n .reg .pred P1;\nLAB_WAIT:\n mbarrier.try_wait.parity.shared::cta.b64 P1, "
                   "[%0], %1;\n @P1 bra DONE;\n bra LAB_WAIT;\nDONE:\n}",
                   p, err));
  REQUIRE(p.code.size() == 3);
  CHECK(p.code[0].mbar == MBarrierOp::TryWaitParity);
  CHECK(p.code[1].guarded);
  CHECK(p.code[1].target == 3);
  CHECK(p.code[2].target == 0);
  REQUIRE(parsePtx("fence.acq_rel.gpu; membar.cta; mov.u32 %0, %%laneid;", p, err));
  CHECK(p.code[0].scope == Scope::Device);
  CHECK(p.code[1].scope == Scope::Block);
  CHECK(p.code[2].args[1].kind == PtxOperand::Kind::Special);
  REQUIRE(parsePtx("elect.sync %0|%1, %2;", p, err));
  CHECK(p.code[0].args.size() == 3);
}

TEST_CASE("ptx: what is not executed is an error naming the instruction") {
  PtxProgram p;
  std::string err;
  CHECK_FALSE(parsePtx("tcgen05.fence::before_thread_sync;", p, err));
  CHECK(err == "unsupported inline PTX instruction 'tcgen05.fence::before_thread_sync'");
  CHECK_FALSE(parsePtx("mbarrier.try_wait.relaxed.cluster.shared::cta.b64 p, [%0], %1;", p, err));
  CHECK_FALSE(parsePtx("mbarrier.init.shared::cluster.b64 [%0], %1;", p, err)); // a peer's: no
  CHECK_FALSE(parsePtx("bra NOWHERE;", p, err));
  CHECK(err.find("undefined label") != std::string::npos);
  CHECK_FALSE(parsePtx("bar.sync;", p, err));
  CHECK_FALSE(parsePtx("mov.u32 %0, %%nosuchreg;", p, err));
}

TEST_CASE("cluster barrier: split arrive and wait, one arrival per thread and phase") {
  ClusterBarrier b;
  b.reset(3);
  CHECK(b.arrive(0).phase == 0);
  ClusterBarrier::Result w = b.wait(0);
  CHECK_FALSE(w.ready); // threads 1 and 2 have not arrived
  CHECK(b.arrive(1).rule == ClusterBarrierRule::Ok);
  CHECK(b.arrive(0).rule == ClusterBarrierRule::ArriveTwice); // no wait in between
  ClusterBarrier::Result last = b.arrive(2);
  CHECK(last.completed);
  CHECK(last.phase == 0);
  CHECK(b.phase() == 1);
  CHECK(b.wait(0).ready);
  CHECK(b.wait(1).ready);
  // Thread 2 arrives at phase 1 without having waited for phase 0: allowed
  // (its wait then returns at once for phase 0).
  CHECK(b.wait(2).ready);
  CHECK(b.wait(2).rule == ClusterBarrierRule::WaitWithoutArrive);
}

TEST_CASE("cluster barrier: exited threads are not waited for") {
  ClusterBarrier b;
  b.reset(3);
  b.arrive(0);
  b.arrive(1);
  CHECK(b.exited(1).completed == false); // its arrival no longer counts
  CHECK(b.arrived() == 1);
  CHECK(b.expected() == 2);
  ClusterBarrier::Result r = b.exited(2);
  CHECK(r.completed);
  CHECK(b.wait(0).ready);
}

TEST_CASE("cluster shape: ranks x fastest within the cluster, as on the H100") {
  const ClusterShape s{Dim3{8, 2, 1}, Dim3{4, 2, 1}};
  CHECK(s.clusters() == Dim3{2, 1, 1});
  CHECK(s.rankOf(Dim3{5, 1, 0}) == 5); // cluster (1,0,0), position (1,1)
  CHECK(s.clusterOf(Dim3{5, 1, 0}) == Dim3{1, 0, 0});
  CHECK(s.blockOf(1, 5) == Dim3{5, 1, 0});
  CHECK(s.blockOf(0, 3) == Dim3{3, 0, 0});
}

TEST_CASE("inline PTX: cluster forms") {
  PtxProgram p;
  std::string error;
  REQUIRE(parsePtx("barrier.cluster.arrive.release.aligned;", p, error));
  CHECK(p.code[0].op == PtxOp::BarrierClusterArrive);
  CHECK_FALSE(p.code[0].relaxed);
  REQUIRE(parsePtx("barrier.cluster.arrive.relaxed;", p, error));
  CHECK(p.code[0].relaxed);
  REQUIRE(parsePtx("barrier.cluster.wait.acquire;", p, error));
  CHECK(p.code[0].op == PtxOp::BarrierClusterWait);
  REQUIRE(parsePtx("mapa.shared::cluster.u32 %0, %1, %2;", p, error));
  CHECK(p.code[0].op == PtxOp::Mapa);
  CHECK(p.code[0].space == PtxInstr::Space::SharedCluster);
  REQUIRE(parsePtx("ld.shared::cluster.u32 %0, [%1];", p, error));
  CHECK(p.code[0].op == PtxOp::Ld);
  CHECK(p.code[0].bits == 32);
  REQUIRE(parsePtx("st.shared::cluster.s16 [%0], %1;", p, error));
  CHECK(p.code[0].op == PtxOp::St);
  REQUIRE(parsePtx("mov.u32 %0, %%cluster_ctarank;", p, error));
  CHECK_FALSE(parsePtx("barrier.cluster.arrive.acquire;", p, error));
  // Vectors are executed (test_scoped_atomics.cpp); so are cache operators
  // (.cg: relaxed at device scope), but not beside an order.
  REQUIRE(parsePtx("ld.shared::cluster.v2.u32 {%0, %1}, [%2];", p, error));
  CHECK(p.code[0].vec == 2);
  REQUIRE(parsePtx("ld.shared::cluster.cg.u32 %0, [%1];", p, error));
  CHECK(p.code[0].order == MemoryOrder::Relaxed);
  CHECK_FALSE(parsePtx("ld.relaxed.gpu.cg.u32 %0, [%1];", p, error));
}

TEST_CASE("bulk reductions: element-wise, as PTX's table allows") {
  ReduceOp op{};
  ReduceType type{};
  CHECK(parseBulkReduce("add", "u32", op, type));
  CHECK_FALSE(parseBulkReduce("and", "u32", op, type)); // bitwise ops take .b32/.b64
  CHECK_FALSE(parseBulkReduce("inc", "u64", op, type));
  CHECK_FALSE(parseBulkReduce("add", "f16", op, type));
  CHECK_FALSE(parseBulkReduce("min", "f32", op, type));
  std::uint32_t d[4] = {1, 5, 9, 0xffffffffu};
  const std::uint32_t s[4] = {2, 3, 9, 1};
  applyBulkReduce(ReduceOp::Add, ReduceType::U32, d, s, sizeof d);
  CHECK(d[0] == 3);
  CHECK(d[3] == 0); // wraps
  std::int32_t a[2] = {-4, 7};
  const std::int32_t b[2] = {-9, 3};
  applyBulkReduce(ReduceOp::Min, ReduceType::S32, a, b, sizeof a);
  CHECK(a[0] == -9);
  CHECK(a[1] == 3);
  std::uint32_t c[3] = {0, 4, 5};
  const std::uint32_t lim[3] = {5, 5, 5};
  applyBulkReduce(ReduceOp::Inc, ReduceType::U32, c, lim, sizeof c);
  CHECK(c[0] == 1);
  CHECK(c[2] == 0); // atom.inc wraps to 0 at the limit
  double f[1] = {1.5};
  const double g[1] = {2.25};
  applyBulkReduce(ReduceOp::Add, ReduceType::F64, f, g, sizeof f);
  CHECK(f[0] == 3.75);
  PtxProgram p;
  std::string err;
  REQUIRE(parsePtx("cp.reduce.async.bulk.global.shared::cta.bulk_group.xor.b64 [%0], [%1], %2;", p,
                   err));
  CHECK(p.code[0].op == PtxOp::CpReduceAsyncBulk);
  CHECK(p.code[0].redOp == ReduceOp::Xor);
  CHECK_FALSE(parsePtx(
      "cp.reduce.async.bulk.global.shared::cta.bulk_group.add.noftz.f16 [%0], [%1], %2;", p, err));
}
