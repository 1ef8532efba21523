// Happens-before rules of memory orders, fences and barriers, as the PTX
// memory model and CUDA's programming guide define them. Race detection and
// the relaxed PTX memory model (PtxMemoryModel.h) build on these pure functions.
#pragma once

#include <cstdint>

#include "warpsim/model/Events.h"
#include "warpsim/model/SyncClock.h"

namespace warpsim::model {

// An atomic with this order is an acquire (it synchronises with the release
// it reads from). Consume is treated as acquire, as compilers do.
constexpr bool acquires(MemoryOrder o) {
  return o == MemoryOrder::Acquire || o == MemoryOrder::AcqRel || o == MemoryOrder::SeqCst ||
         o == MemoryOrder::Consume;
}

// An atomic with this order is a release (what the thread did before it is
// visible to whoever acquires its value).
constexpr bool releases(MemoryOrder o) {
  return o == MemoryOrder::Release || o == MemoryOrder::AcqRel || o == MemoryOrder::SeqCst;
}

// The SyncClock scope a release at `scope` publishes at, by a thread of
// block `block` in cluster `cluster` (its linear cluster index): a
// block-scope release is visible to its own block only, a cluster-scope one
// to the blocks of its cluster, a device or system one to every thread.
// (A thread-scope operation releases nothing to other threads: callers
// skip it.)
constexpr std::uint32_t releaseScope(Scope scope, std::uint32_t block, std::uint32_t cluster) {
  return scope == Scope::Block || scope == Scope::Thread ? block
         : scope == Scope::Cluster                       ? (SyncClock::kClusterTag | cluster)
                                                         : SyncClock::kDeviceScope;
}

// The narrower of two SyncClock scopes of one thread's release (a fence at
// one scope, then an atomic write at another: PTX publishes at the
// narrower).
constexpr std::uint32_t narrowerScope(std::uint32_t a, std::uint32_t b) {
  if (a == SyncClock::kDeviceScope)
    return b;
  if (b == SyncClock::kDeviceScope)
    return a;
  return (a & SyncClock::kClusterTag) != 0 ? b : a; // a block inside its cluster
}

// The block whose accesses entry `e` covers (a block entry, or a thread
// entry of a thread with global id key & ~kThreadKey).
constexpr std::uint32_t entryBlock(const SyncEntry &e, std::uint32_t threadsPerBlock) {
  return (e.key & SyncClock::kThreadKey) != 0 ? static_cast<std::uint32_t>(e.key) / threadsPerBlock
                                              : static_cast<std::uint32_t>(e.key);
}

// Does an operation at `scope` by a thread of `block` in `cluster` include
// the threads of `otherBlock` in `otherCluster`? (PTX: two operations are
// morally strong only when each one's scope includes the other thread.)
constexpr bool scopeIncludes(Scope scope, std::uint32_t block, std::uint32_t cluster,
                             std::uint32_t otherBlock, std::uint32_t otherCluster) {
  switch (scope) {
  case Scope::Thread:
    return false;
  case Scope::Block:
    return block == otherBlock;
  case Scope::Cluster:
    return block == otherBlock || cluster == otherCluster;
  case Scope::Device:
  case Scope::System:
    break;
  }
  return true;
}

// Do atomics at `scope` on one word combine with those of every thread that
// can reach it (a shared word: its block's; a global word: the grid's)?
// Narrower ones race with the threads outside their scope.
constexpr bool scopeSpansReach(Scope scope, bool shared) {
  return scope == Scope::Device || scope == Scope::System || (shared && scope != Scope::Thread);
}

// A fence at `scope` in block `block` acquires what an earlier relaxed
// atomic read saw from entry `e` when its scope includes the writer's
// block: a block-scope fence only synchronises with the thread's own block,
// a cluster-scope one with its cluster (`entryCluster`: the cluster of
// entryBlock(e)).
constexpr bool fenceAcquires(Scope scope, const SyncEntry &e, std::uint32_t block,
                             std::uint32_t cluster, std::uint32_t entryCluster,
                             std::uint32_t threadsPerBlock) {
  return scopeIncludes(scope, block, cluster, entryBlock(e, threadsPerBlock), entryCluster);
}

// What a thread's __syncthreads / _count / _and / _or returns once the
// barrier completes: `count` of the `arrived` threads passed a true
// predicate.
constexpr std::uint64_t barrierResult(BarrierKind kind, std::uint32_t count,
                                      std::uint32_t arrived) {
  switch (kind) {
  case BarrierKind::Block:
    return 0;
  case BarrierKind::Count:
    return count;
  case BarrierKind::And:
    return count == arrived ? 1 : 0;
  case BarrierKind::Or:
    return count != 0 ? 1 : 0;
  }
  return 0;
}

} // namespace warpsim::model
