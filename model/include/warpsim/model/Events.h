// The vocabulary of what a GPU thread does, as the engine reports it to
// observers: kinds of memory access, memory orders and scopes, proxies,
// barrier flavours and the synchronisation objects a thread can wait on.
// These are GPU facts (PTX ISA), true with no simulator around them.
#pragma once

#include <cstdint>

namespace warpsim::model {

enum class AccessKind : std::uint8_t { Load, Store, Atomic };

// Memory orders as C11 numbers them (and the TSan ABI passes them); PTX's
// .relaxed/.acquire/.release/.acq_rel/.sc map onto them.
enum class MemoryOrder : std::uint8_t {
  Relaxed = 0,
  Consume = 1,
  Acquire = 2,
  Release = 3,
  AcqRel = 4,
  SeqCst = 5,
  NotAtomic = 255,
};

// The set of threads an ordering operation reaches (PTX .cta, .cluster,
// .gpu, .sys). __threadfence_block / __threadfence / __threadfence_system
// are fences at Block / Device / System scope. Thread:
// cuda::thread_scope_thread, an atomic that is atomic and orders memory for
// its own thread only.
enum class Scope : std::uint8_t { Block, Device, System, Cluster, Thread };
using FenceScope = Scope;

// Which proxy performs an access (PTX memory consistency model, "proxies"):
// ordinary loads and stores are the generic proxy; cp.async.bulk,
// cp.reduce.async.bulk and wgmma use the async proxy; texture fetches the
// texture proxy, whose cache is not coherent with writes within a kernel.
// TensorMap: the TMA unit's read of a tensor map in global memory at a
// tensor copy (the tensormap proxy).
enum class Proxy : std::uint8_t { Generic, Async, Texture, TensorMap };

// __syncthreads and its reducing forms (bar.red.popc / .and / .or).
enum class BarrierKind : std::uint8_t { Block, Count, And, Or };

// What a waiting thread waits on. Every synchronisation object lives in its
// block (the cluster barrier in its cluster):
//  * Barrier: a CTA barrier, id 0..15 (id 0 is __syncthreads);
//  * WarpSync: the convergence of the lanes a *_sync warp operation names;
//  * MBarrier: an mbarrier object, keyed by its shared-memory address;
//  * AsyncGroup: completion of committed async-copy groups;
//  * ClusterBarrier: barrier.cluster.
enum class SyncObjectKind : std::uint8_t {
  Barrier,
  WarpSync,
  MBarrier,
  AsyncGroup,
  ClusterBarrier,
  GridBarrier // cooperative_groups::grid_group::sync() (one per launch)
};

struct SyncObjectRef {
  SyncObjectKind kind = SyncObjectKind::Barrier;
  std::uint64_t id = 0; // barrier id, warp index, mbarrier address, group count

  friend bool operator==(const SyncObjectRef &, const SyncObjectRef &) = default;
};

inline constexpr std::uint32_t kNamedBarriers = 16; // bar.sync ids 0..15 per CTA

} // namespace warpsim::model
