// A lane is one GPU thread, run as a fiber; a warp is warpSize consecutive
// lanes of a block. Both are plain state owned by their BlockExecutor.
#pragma once

#include <boost/context/detail/fcontext.hpp>

#include <cstdint>
#include <memory>

#include "Observer.h"
#include "warpsim/model/BlockBarrier.h"
#include "warpsim/model/MBarrier.h"

namespace warpsim::sim {

using boost::context::detail::fcontext_t;
class BlockExecutor;
struct StaticSite;
struct Warp;
struct WgmmaQueue; // WgmmaExecution.h

enum class LaneState : std::uint8_t {
  Ready,   // may be resumed to run to its next event
  AtEvent, // stopped at an event the warp has not issued yet
  Waiting, // waits on a synchronisation object (Lane::waitOn)
  Exited,
};

enum class EventKind : std::uint8_t {
  None,
  Access,
  Barrier,
  Fence,
  Preempt,
  WarpOp,
  MBarrier,
  GridSync,
  ClusterBarrier, // barrier.cluster.arrive (flavor Arrive; predicate: .relaxed) or .wait
  Serial          // waits for the serial phase of a parallel round (BlockExecutor::serialPoint)
};

struct PendingEvent {
  EventKind kind = EventKind::None;
  AccessKind access = AccessKind::Load;
  MemorySpace space = MemorySpace::Global;
  MemoryOrder order = MemoryOrder::NotAtomic;
  BarrierKind barrier = BarrierKind::Block;
  // CTA barriers (EventKind::Barrier): bar id, thread count (0: the whole
  // block), and whether the thread waits (bar.arrive does not).
  std::uint32_t barrier_id = 0;
  std::uint32_t barrier_count = 0;
  model::BlockBarrier::Flavor flavor = model::BlockBarrier::Flavor::Sync;
  // mbarrier operations (EventKind::MBarrier): the operation, its count
  // (init count, arrivals, tx bytes) and the phase a wait is for.
  model::MBarrierOp mop = model::MBarrierOp::Init;
  std::uint32_t mcount = 0;
  std::uint32_t mtx = 0;
  std::uint64_t mphase = 0;
  bool mrelaxed = false; // .relaxed arrival: releases nothing
  bool mcluster = false; // .cluster scope (a peer CTA may wait for it)
  FenceScope fence = FenceScope::Device;
  Scope scope = Scope::Device;  // of an atomic access
  Proxy proxy = Proxy::Generic; // async: a bulk copy's accesses at its issue
  bool copyWrite = false;       // the destination write of a cp.async at its issue
  bool atomicLoad = false;      // an atomic access that only reads
  std::uint8_t proxyFence = 0;  // fence.proxy.async: spaces it orders (FenceEvent)
  // A fence's order: SeqCst (fence.sc) or AcqRel (fence.acq_rel).
  MemoryOrder fenceOrder = MemoryOrder::SeqCst;
  bool predicate = false;
  std::uint32_t size = 0;
  std::uintptr_t addr = 0;
  std::uintptr_t pc = 0;
  // Where the event lies in the code, for the reconvergence rule: its static
  // site's row when the code was built with the value-carrying pass (the
  // order -O0 lays the code out in, whatever the optimiser did), else pc.
  std::uintptr_t position = 0;
  // The static site id taken with `pc` (kNoSite without the pass or a pc).
  std::uint32_t site = kNoSite;
  // Warp operations (EventKind::WarpOp).
  model::WarpOp op = model::WarpOp::SyncWarp;
  std::uint64_t mask = 0;     // as passed
  std::uint64_t eff_mask = 0; // as used: the calling lane always included
  model::WarpOperand operand;
};

struct Lane {
  static constexpr std::uint32_t kMaxFrames = 32;
  static constexpr std::uint32_t kNoStack = UINT32_MAX;

  fcontext_t ctx = nullptr; // the lane's own context while suspended
  BlockExecutor *block = nullptr;
  Warp *warp = nullptr;
  std::uint32_t lane = 0; // index within the warp
  std::uint32_t tid = 0;  // linear thread index within the block
  Dim3 tidx;
  LaneState state = LaneState::Ready;
  SyncObjectRef waitOn; // while Waiting
  bool started = false;
  PendingEvent ev;
  std::uint64_t result = 0; // value handed back by a barrier or warp op
  // The direct path from barrier to barrier: its events since its last write
  // (--spin-limit), kept across its segments.
  std::uint64_t since_store = 0;
  std::uint32_t stack = 0;  // StackPool index (kNoStack: none, the compiled engine)
  std::uintptr_t stack_lo = 0, stack_hi = 0;
  std::uint32_t quantum = 0; // events left before yielding (fast schedule)
  // __warpsim_event_site while the lane is switched out: it is the lane's,
  // and one runtime call may make several events with switches between.
  const StaticSite *event_site = nullptr;
  // Shadow call stack, from the instrumentation's function entry/exit.
  std::uint32_t depth = 0;
  std::uint64_t stack_hash = 0;
  std::uintptr_t frames[kMaxFrames];
  std::uint64_t hashes[kMaxFrames];
  // The bytes a store or atomic of this lane is about to overwrite: it is
  // progress (for livelock detection) only if it changes them, so a spin on
  // atomicAdd(&flag, 0) or a failing atomicCAS is still a spin.
  std::uintptr_t watch_addr = 0;
  std::uint32_t watch_size = 0;
  unsigned char watch_old[16];
  // An atomic read-modify-write of this lane: the bytes it found, taken when
  // it performs it (no other lane runs in between), until its StoreDone.
  bool atomic_found = false;
  unsigned char atomic_old[16];
  // A plain store that changed nothing is progress only if the lane's state
  // (registers, stack, next event) differs from that at its last such store
  // of the same site: a loop counting to its end, not a spin
  // (BlockExecutor::checkWatchedWrite).
  bool watch_store = false;
  // The same for a warp operation it took part in (its state is compared at
  // its next stop).
  bool watch_op = false;
  std::uintptr_t watch_pc = 0;
  std::uint8_t repeat_next = 0;
  std::uintptr_t repeat_pc[4] = {};
  std::uint64_t repeat_hash[4] = {};
  // Where the lane stopped, while it is stopped: its stack pointer and its
  // callee-saved registers as the runtime's stop found them (0: running).
  // The state compared is the lane's from there up, not the frames the
  // scheduler runs on its fiber below it, whose unused slots keep whatever
  // earlier calls left (SpinEvidence.cpp).
  std::uint64_t stop_state[11] = {};
  // An invalid access this lane was let make (--memory-error continue): the
  // bytes it would load read zero and those it stores are put back once it
  // has made it (at its next event or exit; no other lane runs before).
  std::uintptr_t fault_addr = 0;
  std::uint32_t fault_size = 0;
  unsigned char fault_saved[16];
  // Registers of this lane a wgmma.mma_async issued and not yet waited for
  // holds (its accumulators, its A registers): their count, so that an
  // access of the lane's own stack looks them up only then
  // (WgmmaExecution.cpp); set while the wait writes the results back.
  std::uint32_t wgmma_regs = 0;
  bool wgmma_writing = false;

  bool waitsOn(SyncObjectKind k) const { return state == LaneState::Waiting && waitOn.kind == k; }
  void wait(SyncObjectRef object) {
    state = LaneState::Waiting;
    waitOn = object;
  }
};

struct Warp {
  BlockExecutor *block = nullptr;
  std::uint32_t index = 0;
  std::uint32_t first = 0; // first lane's index in the block's lanes
  std::uint32_t count = 0; // lanes in this warp (last warp may be partial)
  std::uint32_t live = 0;  // lanes not exited
  // Independent thread scheduling: how long one group has been issued
  // while others of the warp waited, without any progress.
  std::uint64_t lastGroup = 0;
  std::uint32_t streak = 0;
  std::uint32_t waiting = 0; // lanes waiting at a warp operation
  // Its wgmma.mma_async operations in flight (WgmmaExecution.cpp).
  std::shared_ptr<WgmmaQueue> wgmma;
};

// The lane running on this OS thread, or nullptr in host code. The
// instrumentation hooks have no other way to find it; fibers never migrate
// between OS threads.
extern thread_local Lane *tl_lane;

} // namespace warpsim::sim
