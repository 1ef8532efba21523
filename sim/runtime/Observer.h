// The engine's event stream. Checkers and profilers are Observers: they see
// what happens and never schedule anything (compare Oclgrind's Plugin).
// Memory accesses arrive batched per warp instruction, so an observer costs
// one virtual call per warp instruction, not per lane.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "SiteTable.h"
#include "warpsim/frontend_abi.h"
#include "warpsim/model/ArchSpec.h"
#include "warpsim/model/BlockBarrier.h"
#include "warpsim/model/ClusterBarrier.h"
#include "warpsim/model/Dim3.h"
#include "warpsim/model/Events.h"
#include "warpsim/model/MBarrier.h"
#include "warpsim/model/WarpOps.h"

namespace warpsim::sim {

using model::AccessKind;
using model::BarrierKind;
using model::Dim3;
using model::FenceScope;
using model::MemoryOrder;
using model::Proxy;
using model::Scope;
using model::SyncObjectKind;
using model::SyncObjectRef;

struct FindingSite;
struct HeapBlock;

// A narrow, read-only view of a resident block's threads, for reports: the
// call stack a thread is in when a finding names it. Valid while the block
// is resident (during any event of the block).
class ThreadSites {
public:
  // `site`: the static site id taken with `pc` (kNoSite: none).
  virtual void describe(std::uint32_t thread, std::uintptr_t pc, std::uint32_t site,
                        const char *role, FindingSite &out) const = 0;

protected:
  ~ThreadSites() = default;
};

struct LaunchInfo {
  std::uint64_t id; // 1, 2, ... in program order
  const KernelSite *site;
  Dim3 grid;
  Dim3 block;
  std::size_t dynamic_smem;
  std::size_t static_smem; // as laid out so far (grows as variables appear)
  unsigned warp_size;
  const model::ArchSpec *arch;
  // Static __shared__ variables placed so far, in the order they were laid
  // out (for reports that name the variable an address is in).
  const std::vector<const SharedVar *> *shared_vars = nullptr;
  bool cooperative = false; // cudaLaunchCooperativeKernel: every block co-resident
  // Blocks per thread block cluster (__cluster_dims__ or the launch
  // attribute); `explicit_cluster` false: every block its own cluster.
  Dim3 cluster{};
  bool explicit_cluster = false;
  // Resident slots the launch may use (BlockInfo::smem_base's window is
  // one): --resident-blocks, or the whole grid of a larger cooperative launch.
  // Per-slot state is sized by it at onLaunchBegin.
  std::uint32_t slots = 0;
  // Its operation in the order between streams (StreamClocks.h).
  std::uint64_t stream_op = 0;
};

struct BlockInfo {
  const LaunchInfo *launch;
  std::uint64_t linear; // blockIdx linearised
  Dim3 index;
  std::uintptr_t smem_base; // the block's shared window
  std::size_t smem_size;
  const ThreadSites *threads = nullptr; // call stacks of its threads (reports)
  std::uint64_t cluster = 0;            // its cluster's linear index
  std::uint32_t cluster_rank = 0;       // its rank in the cluster (%cluster_ctarank)
};

struct ThreadRef {
  std::uint64_t block;  // linear block index
  std::uint32_t thread; // linear thread index within the block
};

struct LaneAccess {
  std::uint32_t lane;
  std::uint32_t size;
  std::uintptr_t addr;
};

// One warp instruction's accesses (one lane in `fast` schedule).
struct WarpAccess {
  const BlockInfo *block;
  std::uint32_t warp;        // warp index within the block
  std::uint64_t active_mask; // lanes taking part
  AccessKind kind;
  MemorySpace space;
  MemoryOrder order;
  Scope scope; // atomics: the threads it is atomic with (atomicAdd_block: Block)
  Proxy proxy; // generic for every access a thread makes itself
  // The destination write of a cp.async at its issue (generic proxy, but
  // not a shared store instruction: the GPU's LDGSTS writes it).
  bool copy_write = false;
  // An atomic that only reads (an atomic load, ld.relaxed/.acquire): it
  // conflicts with writes only, like a load.
  bool atomic_load = false;
  // Parallel phases (--jobs): lanes reading global bytes other blocks may
  // read in the same phase (nobody writes them in it).
  std::uint64_t shared_reads = 0;
  std::uintptr_t pc;   // return address into the instrumented code
  std::uint32_t site;  // its static site id (SiteTable.h), or kNoSite
  std::uint32_t count; // entries used in `lanes`
  LaneAccess lanes[64];
};

// Arrival at, or completion of, a phase of a synchronisation object.
struct BarrierEvent {
  const BlockInfo *block;
  std::uint32_t warp;
  std::uint64_t mask; // arriving lanes of this warp
  std::uintptr_t pc;
  BarrierKind kind;
  std::uint64_t phase;    // the phase being arrived at / completed
  SyncObjectRef object;   // which barrier (id 0: __syncthreads)
  std::uint32_t expected; // arrivals the phase needs (the block's live threads)
  // CTA barriers: the thread count operand (0: the whole block), how the
  // lanes arrive (bar.sync / bar.arrive / bar.red), and the PTX rule the
  // arrival breaks.
  std::uint32_t count = 0;
  model::BlockBarrier::Flavor flavor = model::BlockBarrier::Flavor::Sync;
  model::BarrierRule rule = model::BarrierRule::Ok;
  std::uint32_t site = kNoSite; // the static site id taken with `pc`
};

// One thread's mbarrier operation, after it was performed (a blocking wait:
// when it returns). Arrivals are releases and successful waits acquires
// (PTX: mbarrier.arrive is .release.cta, test_wait/try_wait .acquire.cta).
struct MBarrierEvent {
  const BlockInfo *block;
  std::uint32_t warp;
  std::uint32_t lane;
  std::uintptr_t pc;
  std::uintptr_t addr; // the mbarrier object
  model::MBarrierOp op;
  std::uint32_t count;      // init count or arrivals
  std::uint32_t tx;         // bytes of expect_tx / complete_tx
  std::uint64_t phase;      // the phase arrived at or waited for
  model::MBarrierRule rule; // the rule the operation broke (then nothing happened)
  bool completed;           // arrivals: completed `phase`; waits: `phase` is complete
  std::int64_t pending = 0; // the object's state after the operation
  std::int64_t expected = 0;
  std::int64_t tx_count = 0;
  bool relaxed = false;             // .relaxed arrival: no release
  bool cluster_scope = false;       // .release.cluster, or an arrival on a peer CTA's mbarrier
  const BlockInfo *owner = nullptr; // the block whose shared memory holds it (null: `block`)
  std::uint32_t site = kNoSite;     // the static site id taken with `pc`
};

// One thread's barrier.cluster operation (cluster_group::sync is an arrive
// and a wait). An arrive is a release unless relaxed; a wait that returns is
// an acquire of what the phase's arrivals released. Complete: the phase's
// last arrival (or a thread's exit) completed it, before any waiter resumes.
struct ClusterBarrierEvent {
  enum class Op : std::uint8_t { Arrive, Wait, Complete } op;
  const BlockInfo *block; // the thread's block
  std::uint32_t warp;
  std::uint32_t lane;
  std::uintptr_t pc;
  std::uint64_t cluster; // linear cluster index
  std::uint64_t phase;
  bool relaxed = false; // barrier.cluster.arrive.relaxed: no release
  model::ClusterBarrierRule rule = model::ClusterBarrierRule::Ok;
  std::uint32_t site = kNoSite; // the static site id taken with `pc`
};

// __threadfence_block / __threadfence / __threadfence_system, as issued by
// a group of lanes.
struct FenceEvent {
  const BlockInfo *block;
  std::uint32_t warp;
  std::uint64_t mask;
  std::uintptr_t pc;
  FenceScope scope;
  // fence.proxy.async: the state spaces whose generic and async-proxy
  // accesses it orders (kProxyFenceShared | kProxyFenceGlobal); 0 for a
  // memory fence. A proxy fence orders no memory accesses of one proxy.
  std::uint8_t proxy_async = 0;
  // fence.sc (SeqCst: __threadfence*, membar, fence.sc) or fence.acq_rel
  // (AcqRel: what cuda::atomic_thread_fence with acquire, release or
  // acq_rel order is).
  MemoryOrder order = MemoryOrder::SeqCst;
  std::uint32_t site = kNoSite; // the static site id taken with `pc`
  // fence.proxy.tensormap::generic.acquire: the tensor map it names (the
  // group's first lane's; lanes fenced together may name others).
  std::uintptr_t addr = 0;
};
inline constexpr std::uint8_t kProxyFenceShared = 1, kProxyFenceGlobal = 2;
// fence.proxy.tensormap::generic.release / .acquire (in proxy_async): order
// generic writes of a tensor map with the tensormap proxy's reads of it.
inline constexpr std::uint8_t kProxyFenceTensorMapRelease = 4, kProxyFenceTensorMapAcquire = 8;

// One execution of a warp-level operation (__shfl*_sync, votes, match,
// reduce, __syncwarp, __activemask). Lanes that arrive at a *_sync op wait
// until every lane named in the mask has arrived; the operation then executes
// once for all of them (the participants).
using model::WarpOp;
struct WarpOpEvent {
  const BlockInfo *block;
  std::uint32_t warp;        // warp index within the block
  std::uint64_t mask;        // the mask argument as the leader passed it (raw bits)
  std::uint64_t active_mask; // lanes that executed it together (exact participants)
  std::uintptr_t pc;         // call site of the leader (lowest participating lane)
  WarpOp op;
  // What the operation did wrong (CUDA leaves each undefined), for checkers:
  std::uint64_t bad_source = 0;      // shuffles: lanes that read a non-participating lane
  std::uint64_t bad_width = 0;       // shuffles: lanes passing a width that is not a power of two
  std::uint32_t bad_width_value = 0; // the width the lowest of them passed
  std::int32_t masks_differ_at = -1; // lane whose partners passed other masks, or -1
  std::uint32_t site = kNoSite;      // the static site id taken with `pc`
  // Matrix operations (model::isMatrixOp): lanes of the warp's 32 that did
  // not take part (exited, or past the end of the block); their registers
  // read as zero.
  std::uint64_t missing_lanes = 0;
};

// Lanes arriving together at a warp operation (one warp instruction; one
// lane in the fast schedule), before it executes.
struct WarpOpArrival {
  const BlockInfo *block;
  std::uint32_t warp;
  std::uint64_t lanes;       // the arriving lanes
  std::uint64_t mask;        // the mask the lowest of them passed (raw bits)
  std::uint64_t not_in_mask; // lanes whose mask does not name themselves
  std::uintptr_t pc;
  WarpOp op;
  std::uint32_t site = kNoSite; // the static site id taken with `pc`
};

// At a deadlock: lanes waiting at a warp operation for lanes of their mask
// that never arrive.
struct WarpOpStuck {
  const BlockInfo *block;
  std::uint32_t warp;
  std::uint32_t lane;  // the lowest waiting lane of the group
  std::uint64_t lanes; // the lanes waiting at this operation with this mask
  std::uint64_t mask;  // as passed
  std::uint64_t missing;
  std::uintptr_t pc;
  WarpOp op;
  // What the lowest missing lane does instead.
  enum class Elsewhere : std::uint8_t { Unknown, AtBarrier, AtOtherWarpOp, Running } elsewhere;
  WarpOp other_op;              // for AtOtherWarpOp
  std::uint32_t site = kNoSite; // the static site id taken with `pc`
};

// Under the lockstep schedule: lanes named in the mask of a warp operation
// that waits for them went on without it while it waited, making an event
// past it in the same function (a later code position at the same call
// depth and stack) or exiting. CUDA: every non-exited lane named in the mask
// must execute the operation; undefined behaviour otherwise.
struct WarpOpSkipped {
  const BlockInfo *block;
  std::uint32_t warp;
  std::uint32_t lane;    // the lowest waiting lane
  std::uint64_t waiting; // the lanes waiting at the operation with this mask
  std::uint64_t mask;    // as passed
  std::uint64_t skipped; // the named lanes that went on
  std::uintptr_t pc;     // the operation's call site
  WarpOp op;
  std::uint32_t site = kNoSite;
  // Where they went: their event's pc and site, or 0 if they exited.
  std::uintptr_t past_pc = 0;
  std::uint32_t past_site = kNoSite;
};

// A lane has performed the store (or atomic) it was issued with: memory at
// [addr, addr + size) holds what it left, before any other lane runs.
struct StoreDone {
  const BlockInfo *block;
  std::uint32_t warp;
  std::uint32_t lane;
  std::uintptr_t addr;
  std::uint32_t size;
  // An atomic read-modify-write: the bytes it found (its old value), else
  // nullptr. With what memory holds now, what the atomic changed (a lock
  // taken or given back, RaceDetector's lock hand-overs).
  const unsigned char *before = nullptr;
};

// An async copy (cp.async, __pipeline_memcpy_async, cuda::memcpy_async) of
// one thread: issued (in flight from now: its destination holds the old
// bytes) or landed (its bytes are in place).
// Which async copy: Ampere's cp.async (global to shared), or a Hopper bulk
// copy (cp.async.bulk: global to shared completing an mbarrier's tx-count,
// or shared to global in a bulk group).
// Wgmma: the shared bytes a wgmma.mma_async reads (src, src_size; dst ==
// src, size 0), in flight from its issue until the wgmma.wait_group that
// covers it (WgmmaExecution.cpp).
enum class AsyncCopyKind : std::uint8_t { CpAsync, BulkLoad, BulkStore, Wgmma };

struct AsyncCopyEvent {
  const BlockInfo *block;
  std::uint32_t thread; // linear thread index within the block
  std::uintptr_t pc;    // where it was issued
  std::uintptr_t dst, src;
  std::uint32_t size;
  bool landed;
  AsyncCopyKind kind = AsyncCopyKind::CpAsync;
  std::uint32_t src_size = 0; // bytes read from src when it lands (cp.async may zero-fill the rest)
  std::uint32_t site = kNoSite; // the static site id taken with `pc`
};

// The warpgroup MMA's own events (WgmmaExecution.cpp): a warp issued a
// wgmma.mma_async (Issue: `warp`, `pc`, `site`; Unfenced: its first, with
// no wgmma.fence before it), or a thread accessed a
// register a wgmma in flight still owns (RegisterAccess: `thread`, its
// access at `pc`/`site`, `write`, `accumulator` (always: A registers are
// not tracked, WgmmaExecution.cpp), the wgmma's issue at
// `issue_pc`/`issue_site`), or its wait found an accumulator's variable
// changed since the issue (ChangedInFlight: the wait at `pc`).
struct WgmmaEvent {
  enum class Kind : std::uint8_t {
    Issue,
    Unfenced,
    RegisterAccess,
    ChangedInFlight
  } kind = Kind::Issue;
  const BlockInfo *block = nullptr;
  std::uint32_t warp = 0;
  std::uint32_t thread = 0;
  std::uintptr_t pc = 0;
  std::uint32_t site = kNoSite;
  bool write = false;
  bool accumulator = true;
  bool operand = false; // RegisterAccess through an inline PTX operand
  std::uintptr_t issue_pc = 0;
  std::uint32_t issue_site = kNoSite;
};

// Host-side writes into device memory (cudaMemcpy, cudaMemset, symbols).
struct HostWrite {
  std::uintptr_t addr;
  std::size_t size;
  const char *what; // "cudaMemcpy", ...
};

// Device memory a CUDA library call (cuBLAS, cuSPARSE, cuRAND: sim/libs)
// reads or writes on its stream.
struct LibraryAccess {
  std::uintptr_t addr;
  std::size_t size;
  bool write;
  const char *what;  // "cublasSgemm", ...
  std::uintptr_t pc; // return address into the caller
  std::uint64_t op;  // the call's operation in the order between streams
};

// free/delete in device code of a pointer the heap cannot release: a block
// already freed (`block` set) or no heap block's base (`block` null).
struct HeapFree {
  const BlockInfo *info; // the freeing thread's block
  std::uint32_t thread;  // linear thread index within it
  std::uintptr_t pc;
  std::uintptr_t ptr;
  const HeapBlock *block;
  std::uint32_t site = kNoSite; // the static site id taken with `pc`
};

class Observer {
public:
  virtual ~Observer() = default;
  // What an observer watches of a running launch, beyond launch and block
  // begin/end and host events (--jobs: GridRunner::parallelEligible). A
  // launch runs in parallel rounds only if no observer watches more than
  // warp operations, which are then issued in serial phases. onWarpAccess
  // goes only to observers whose interests name kAccesses.
  enum Interest : unsigned { kWarpOps = 1, kAccesses = 2, kEverything = ~0u };
  virtual unsigned interests() const { return kEverything; }
  // May the events of different blocks reach it at once, each block's on
  // its own host thread, in a parallel phase (--jobs)? Only accesses,
  // CTA barriers, store completions and thread exits do; everything else
  // happens in serial phases. It must then keep what a block changes
  // apart from what other blocks touch (per resident slot: parallelSlot())
  // and merge it in the order given when the phase ends.
  virtual bool blockParallel() const { return false; }
  // May a launch that runs on the compiled engine's direct path under
  // `check` withhold its events from this observer (GridRunner: a "checked"
  // direct launch)? Such a launch stands only if no two threads met on a
  // word with one writing (LaneConflictWatch), every access passed the
  // access guard and every screen (directScreen), no lane exited while
  // others waited at a CTA barrier, and no access went through another
  // proxy than the generic one; else it is undone and runs on fibers. True
  // when, under those conditions, the observer would report nothing about
  // the launch and keeps nothing of it for later launches. Observers of
  // warp operations alone hear a direct launch as always.
  virtual bool silentOnDirect() const { return (interests() & ~kWarpOps) == 0; }
  // The screen that judges this observer's accesses on a checked direct
  // launch (DirectScreen.h), or nullptr.
  virtual class DirectScreen *directScreen() { return nullptr; }
  // A phase ended: the blocks of `slots` ran in it, in this round order
  // (one block after a serial-phase instruction). While no block runs.
  virtual void onPhaseEnd(const std::vector<std::uint32_t> & /*slots*/) {}
  virtual void onLaunchBegin(const LaunchInfo &) {}
  virtual void onLaunchEnd(const LaunchInfo &) {}
  // A launch on the compiled engine's direct path (only observers whose
  // interests are kWarpOps listen to one) may be undone and run again on
  // fibers: its blocks then begin and end twice.
  virtual void onBlockBegin(const BlockInfo &) {}
  virtual void onBlockEnd(const BlockInfo &) {}
  virtual void onWarpAccess(const WarpAccess &) {}
  virtual void onBarrierArrive(const BarrierEvent &) {}
  virtual void onBarrierComplete(const BarrierEvent &) {}
  virtual void onFence(const FenceEvent &) {}
  virtual void onMBarrier(const MBarrierEvent &) {}
  virtual void onAsyncCopy(const AsyncCopyEvent &) {}
  virtual void onWgmma(const WgmmaEvent &) {}
  // A grid barrier (grid_group::sync() in a cooperative launch) completed:
  // everything every thread did before it happens-before what any does after.
  virtual void onGridSync(const LaunchInfo &) {}
  virtual void onClusterBarrier(const ClusterBarrierEvent &) {}
  // Every executed warp operation (profilers: one warp instruction).
  virtual void onWarpOp(const WarpOpEvent &) {}
  // The lanes in `active_mask` synchronise: everything each did before the
  // operation happens-before everything any of them does after it. Sent for
  // __syncwarp and every *_sync operation (not __activemask), after
  // onWarpOp, before any participant resumes.
  virtual void onWarpSync(const WarpOpEvent &) {}
  // Lanes arrive at a warp operation (before it can execute).
  virtual void onWarpOpArrive(const WarpOpArrival &) {}
  // A deadlocked launch: a warp operation whose lanes wait forever. Sent
  // after onLaunchEnd, before the deadlock ends the program.
  virtual void onWarpOpStuck(const WarpOpStuck &) {}
  virtual void onWarpOpSkipped(const WarpOpSkipped &) {}
  virtual void onThreadExit(const BlockInfo &, std::uint32_t /*thread*/) {}
  virtual void onAlloc(std::uintptr_t, std::size_t, MemorySpace) {}
  virtual void onFree(std::uintptr_t, std::size_t) {}
  virtual void onHostWrite(const HostWrite &) {}
  virtual void onLibraryAccess(const LibraryAccess &) {}
  virtual void onHeapFree(const HeapFree &) {}
  // The device's memory is about to go (cudaDeviceReset, or the program
  // ends without a sticky error): what is still allocated has leaked.
  virtual void onDeviceReset() {}
  // Sent only to the observers in Runtime::storeObservers, and only for
  // lanes that ran as part of a warp instruction (lockstep and random
  // schedules) with a store of at most 16 bytes.
  virtual void onStoreDone(const StoreDone &) {}
};

} // namespace warpsim::sim
