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

TEST_CASE("a block-scope fence publishes to its own block only; wider fences to all") {
  CHECK(releaseScope(Scope::Block, 7) == 7);
  CHECK(releaseScope(Scope::Device, 7) == SyncClock::kDeviceScope);
  CHECK(releaseScope(Scope::System, 7) == SyncClock::kDeviceScope);
  CHECK(releaseScope(Scope::Cluster, 7) == SyncClock::kDeviceScope);
}

TEST_CASE("a block-scope fence acquires only what its own block released") {
  const std::uint32_t tpb = 256;
  const SyncEntry ownBlock{3, 1, SyncClock::kDeviceScope};
  const SyncEntry otherBlock{4, 1, SyncClock::kDeviceScope};
  const SyncEntry ownThread{SyncClock::kThreadKey | (3 * tpb + 17), 1, SyncClock::kDeviceScope};
  const SyncEntry otherThread{SyncClock::kThreadKey | (4 * tpb + 17), 1, SyncClock::kDeviceScope};
  CHECK(fenceAcquires(Scope::Block, ownBlock, 3, tpb));
  CHECK_FALSE(fenceAcquires(Scope::Block, otherBlock, 3, tpb));
  CHECK(fenceAcquires(Scope::Block, ownThread, 3, tpb));
  CHECK_FALSE(fenceAcquires(Scope::Block, otherThread, 3, tpb));
  for (Scope s : {Scope::Device, Scope::System, Scope::Cluster}) {
    CHECK(fenceAcquires(s, otherBlock, 3, tpb));
    CHECK(fenceAcquires(s, otherThread, 3, tpb));
  }
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
