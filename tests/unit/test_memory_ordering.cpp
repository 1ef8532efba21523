// Unit tests of model/MemoryOrdering.h: which orders acquire and release,
// the scope a fence publishes at and acquires from, and the results of
// __syncthreads_count/_and/_or.
#include <doctest/doctest.h>

#include "warpsim/model/Events.h"
#include "warpsim/model/MemoryOrdering.h"

using namespace warpsim::model;

TEST_CASE("memory orders: which acquire, which release") {
  CHECK(acquires(MemoryOrder::Acquire));
  CHECK(acquires(MemoryOrder::AcqRel));
  CHECK(acquires(MemoryOrder::SeqCst));
  CHECK(acquires(MemoryOrder::Consume)); // treated as acquire, as compilers do
  CHECK_FALSE(acquires(MemoryOrder::Relaxed));
  CHECK_FALSE(acquires(MemoryOrder::Release));
  CHECK_FALSE(acquires(MemoryOrder::NotAtomic));
  CHECK(releases(MemoryOrder::Release));
  CHECK(releases(MemoryOrder::AcqRel));
  CHECK(releases(MemoryOrder::SeqCst));
  CHECK_FALSE(releases(MemoryOrder::Relaxed));
  CHECK_FALSE(releases(MemoryOrder::Acquire));
  CHECK_FALSE(releases(MemoryOrder::Consume));
  CHECK_FALSE(releases(MemoryOrder::NotAtomic));
}

TEST_CASE("a release publishes to its scope: block, cluster, or every thread") {
  CHECK(releaseScope(Scope::Block, 7, 3) == 7);
  CHECK(releaseScope(Scope::Device, 7, 3) == SyncClock::kDeviceScope);
  CHECK(releaseScope(Scope::System, 7, 3) == SyncClock::kDeviceScope);
  // Cluster scope means the cluster, not the device.
  CHECK(releaseScope(Scope::Cluster, 7, 3) == (SyncClock::kClusterTag | 3));
  CHECK(SyncClock::visible(SyncClock::kClusterTag | 3, 6, 3));
  CHECK_FALSE(SyncClock::visible(SyncClock::kClusterTag | 3, 9, 4));
  CHECK(SyncClock::visible(7, 7, 3));
  CHECK_FALSE(SyncClock::visible(7, 6, 3));
  CHECK(SyncClock::visible(SyncClock::kDeviceScope, 1, 0));
}

TEST_CASE("a fence then an atomic publish at the narrower scope") {
  const std::uint32_t cl = SyncClock::kClusterTag | 2;
  CHECK(narrowerScope(SyncClock::kDeviceScope, SyncClock::kDeviceScope) == SyncClock::kDeviceScope);
  CHECK(narrowerScope(SyncClock::kDeviceScope, 5) == 5);
  CHECK(narrowerScope(5, SyncClock::kDeviceScope) == 5);
  CHECK(narrowerScope(cl, SyncClock::kDeviceScope) == cl);
  CHECK(narrowerScope(cl, 5) == 5);
  CHECK(narrowerScope(5, cl) == 5);
}

TEST_CASE("scopes include: block its own block, cluster its cluster, device everyone") {
  CHECK(scopeIncludes(Scope::Block, 3, 1, 3, 1));
  CHECK_FALSE(scopeIncludes(Scope::Block, 3, 1, 2, 1));
  CHECK(scopeIncludes(Scope::Cluster, 3, 1, 2, 1));
  CHECK_FALSE(scopeIncludes(Scope::Cluster, 3, 1, 4, 2));
  CHECK(scopeIncludes(Scope::Device, 3, 1, 4, 2));
  CHECK(scopeIncludes(Scope::System, 3, 1, 4, 2));
  CHECK_FALSE(scopeIncludes(Scope::Thread, 3, 1, 3, 1));
}

TEST_CASE("a fence acquires only what its scope includes") {
  const std::uint32_t tpb = 256;
  const SyncEntry ownBlock{3, 1, SyncClock::kDeviceScope};
  const SyncEntry otherBlock{4, 1, SyncClock::kDeviceScope};
  const SyncEntry ownThread{SyncClock::kThreadKey | (3 * tpb + 17), 1, SyncClock::kDeviceScope};
  const SyncEntry otherThread{SyncClock::kThreadKey | (4 * tpb + 17), 1, SyncClock::kDeviceScope};
  CHECK(entryBlock(ownThread, tpb) == 3);
  CHECK(entryBlock(otherBlock, tpb) == 4);
  // Blocks 3 and 4 in different clusters (1 and 2).
  CHECK(fenceAcquires(Scope::Block, ownBlock, 3, 1, 1, tpb));
  CHECK_FALSE(fenceAcquires(Scope::Block, otherBlock, 3, 1, 2, tpb));
  CHECK(fenceAcquires(Scope::Block, ownThread, 3, 1, 1, tpb));
  CHECK_FALSE(fenceAcquires(Scope::Block, otherThread, 3, 1, 2, tpb));
  CHECK_FALSE(fenceAcquires(Scope::Cluster, otherThread, 3, 1, 2, tpb));
  // ... and in one cluster.
  CHECK(fenceAcquires(Scope::Cluster, otherThread, 3, 1, 1, tpb));
  CHECK_FALSE(fenceAcquires(Scope::Block, otherThread, 3, 1, 1, tpb));
  for (Scope s : {Scope::Device, Scope::System}) {
    CHECK(fenceAcquires(s, otherBlock, 3, 1, 2, tpb));
    CHECK(fenceAcquires(s, otherThread, 3, 1, 2, tpb));
  }
}

TEST_CASE("a join keeps what the scope shows and hands the rest to `excluded`") {
  SyncClock obj;
  obj.raise(1, 10, 1);                          // block 1's block-scope release
  obj.raise(2, 20, SyncClock::kClusterTag | 0); // cluster 0's
  obj.raise(3, 30, SyncClock::kDeviceScope);    // device scope
  SyncClock seen, excluded;
  seen.join(obj, 4, 1, &excluded); // a thread of block 4 in cluster 1
  CHECK(seen.covers(3, 0, 29));
  CHECK_FALSE(seen.covers(1, 0, 5));
  CHECK_FALSE(seen.covers(2, 0, 5));
  REQUIRE(excluded.covering(1, 0, 5) != nullptr);
  CHECK(excluded.covering(1, 0, 5)->scope == 1);
  CHECK(excluded.covering(2, 0, 5)->scope == (SyncClock::kClusterTag | 0));
  SyncClock inCluster;
  inCluster.join(obj, 5, 0); // block 5 of cluster 0
  CHECK(inCluster.covers(2, 0, 19));
  CHECK_FALSE(inCluster.covers(1, 0, 5));
}

TEST_CASE("__syncthreads_count/_and/_or results") {
  // 5 of 8 threads passed a true predicate.
  CHECK(barrierResult(BarrierKind::Block, 5, 8) == 0);
  CHECK(barrierResult(BarrierKind::Count, 5, 8) == 5);
  CHECK(barrierResult(BarrierKind::And, 5, 8) == 0);
  CHECK(barrierResult(BarrierKind::Or, 5, 8) == 1);
  // all, none
  CHECK(barrierResult(BarrierKind::And, 8, 8) == 1);
  CHECK(barrierResult(BarrierKind::Or, 0, 8) == 0);
  CHECK(barrierResult(BarrierKind::Count, 0, 8) == 0);
  // Exited threads do not count: 3 arrived, all true.
  CHECK(barrierResult(BarrierKind::And, 3, 3) == 1);
}

TEST_CASE("sync object references compare by kind and id") {
  const SyncObjectRef bar0{SyncObjectKind::Barrier, 0};
  CHECK(bar0 == SyncObjectRef{SyncObjectKind::Barrier, 0});
  CHECK_FALSE(bar0 == SyncObjectRef{SyncObjectKind::Barrier, 1});
  CHECK_FALSE(bar0 == SyncObjectRef{SyncObjectKind::WarpSync, 0});
  CHECK(kNamedBarriers == 16);
}
