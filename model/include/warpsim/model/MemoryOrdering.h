// Happens-before rules of memory orders, fences and barriers, as the PTX
// memory model and CUDA's programming guide define them. Race detection and
// (later) the relaxed memory model build on these pure functions.
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
// block `block`: a block-scope fence is visible to its own block only; a
// device or system fence to every thread.
constexpr std::uint32_t releaseScope(Scope scope, std::uint32_t block) {
  return scope == Scope::Block ? block : SyncClock::kDeviceScope;
}

// A fence at `scope` in block `block` acquires what an earlier relaxed
// atomic read saw from entry `e` (a block entry, or a thread entry of a
// thread with global id key & ~kThreadKey): a block-scope fence only
// synchronises with the thread's own block.
constexpr bool fenceAcquires(Scope scope, const SyncEntry &e, std::uint32_t block,
                             std::uint32_t threadsPerBlock) {
  if (scope != Scope::Block)
    return true;
  return (e.key & SyncClock::kThreadKey) != 0
             ? static_cast<std::uint32_t>(e.key) / threadsPerBlock == block
             : e.key == block;
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
