#include "BlockExecutor.h"

#include <algorithm>
#include <cstring>
#include <map>
#include <string>
#include <tuple>
#include <vector>

#include "AddressSpace.h"
#include "GridRunner.h"
#include "Runtime.h"
#include "SiteTable.h"
#include "ThreadList.h"
#include "warpsim/model/MemoryOrdering.h"

namespace warpsim::sim {

using boost::context::detail::jump_fcontext;
using boost::context::detail::make_fcontext;
using boost::context::detail::transfer_t;

thread_local Lane *tl_lane = nullptr;

namespace {
// The event's position for the reconvergence rule (PendingEvent::position).
inline std::uintptr_t codePosition(std::uintptr_t pc) {
  const StaticSite *site = __warpsim_event_site;
  return site != nullptr ? reinterpret_cast<std::uintptr_t>(site) : pc;
}
} // namespace

// A lane's fiber: it reaches its block, and through it the launch, from the
// transfer data it was started with.
void laneMain(transfer_t t) {
  Lane *l = static_cast<Lane *>(t.data);
  BlockExecutor &x = *l->block;
  x.arrived(t);
  x.grid_.runKernel();
  // Its exit may complete a warp operation the others wait at: observers of
  // warp operations see that only in a serial phase.
  if (l->warp->waiting != 0 && x.grid_.warpOpsObserved())
    x.serialPoint(l, 0);
  l->state = LaneState::Exited;
  x.from_ = l;
  jump_fcontext(x.sched_, nullptr);
  __builtin_unreachable();
}

BlockExecutor::BlockExecutor(GridRunner &grid) : grid_(grid), rt_(grid.runtime()) {}

const Options &BlockExecutor::options() const { return rt_.options; }

void BlockExecutor::admit(std::uint64_t linear, std::uint32_t s) {
  const LaunchInfo &L = *grid_.launch();
  const std::uint32_t nthreads = static_cast<std::uint32_t>(L.block.volume());
  const unsigned ws = L.warp_size;
  slot = s;
  info.launch = &L;
  info.linear = linear;
  info.index = model::delinearize(linear, L.grid);
  info.smem_base = rt_.memory.sharedWindow(s);
  info.smem_size = grid_.sharedLayout().prepared();
  info.threads = this;
  sync.reset(nthreads);
  copies_.clear();
  // --async-completion random: this block's own stream, so the landings do
  // not depend on which other blocks run or on how many host threads.
  asyncRng_ = rt_.options.seed ^ (L.id * 0x9e3779b97f4a7c15ull) ^ (linear * 0xbf58476d1ce4e5b9ull);
  asyncArrivals_.clear();
  live = nthreads;
  done = false;
  chain_ = !grid_.lanesRunAlone();
  stats_ = BlockStats{};
  phase = grid_.parallel() ? Phase::Parallel : Phase::Classic;
  deferredWarp = nullptr;
  printfOut.clear();
  rt_.memory.prepareSharedWindow(s, info.smem_size,
                                 static_cast<unsigned char>(rt_.options.shared_fill));
  if (PtxMemory *m = rt_.ptx)
    m->forget(info.smem_base, MemoryMap::kSharedWindow); // an earlier block's histories
  lanes.resize(nthreads);
  // The compiled engine runs lanes on the host thread's stack.
  const bool fibers = grid_.engine() == LaunchEngine::Fibers;
  const std::uint32_t nwarps = (nthreads + ws - 1) / ws;
  warps.resize(nwarps);
  for (std::uint32_t w = 0; w < nwarps; ++w) {
    Warp &wp = warps[w];
    wp.block = this;
    wp.index = w;
    wp.first = w * ws;
    wp.count = std::min(ws, nthreads - w * ws);
    wp.live = wp.count;
    wp.lastGroup = 0;
    wp.streak = 0;
    wp.waiting = 0;
  }
  for (std::uint32_t t = 0; t < nthreads; ++t) {
    Lane &l = lanes[t];
    l.block = this;
    l.warp = &warps[t / ws];
    l.lane = t % ws;
    l.tid = t;
    l.tidx = model::delinearize(t, L.block);
    l.state = LaneState::Ready;
    l.started = false;
    l.ev = PendingEvent{};
    l.result = 0;
    l.depth = 0;
    l.stack_hash = 0;
    if (!fibers) {
      l.stack = Lane::kNoStack;
      l.ctx = nullptr;
      continue;
    }
    l.stack = rt_.stacks.acquire();
    l.stack_lo = rt_.stacks.lo(l.stack);
    l.stack_hi = rt_.stacks.hi(l.stack);
    l.ctx = make_fcontext(reinterpret_cast<void *>(l.stack_hi), l.stack_hi - l.stack_lo, &laneMain);
  }
}

void BlockExecutor::releaseStacks() {
  for (Lane &l : lanes)
    if (l.stack != Lane::kNoStack)
      rt_.stacks.release(l.stack);
}

// ------------------------------------------------------------- scheduling

// Every jump names its jumper in from_ (nullptr: the scheduler), so the
// context it arrives at can save the jumper's: a lane may be resumed by the
// scheduler or by the lane before it in its warp (chain_). Inlined into every
// caller: one more call level across a fiber switch is one more mispredicted
// return (measured: the fast schedule 15% slower when these were calls).
[[gnu::always_inline]] inline void BlockExecutor::arrived(transfer_t t) {
  if (from_ == nullptr)
    sched_ = t.fctx;
  else
    from_->ctx = t.fctx;
}

[[gnu::always_inline]] inline Lane *BlockExecutor::resume(Lane *l) {
  tl_lane = l;
  l->started = true;
  ++stats_.switches;
  from_ = nullptr;
  transfer_t t = jump_fcontext(l->ctx, l);
  Lane *back = from_; // the last lane of the chain
  back->ctx = t.fctx;
  tl_lane = nullptr;
  return back;
}

[[gnu::always_inline]] inline void BlockExecutor::yieldToScheduler(Lane *l) {
  Lane *next = chain_ ? chainFrom(l) : nullptr;
  from_ = l;
  l->event_site = __warpsim_event_site;
  arrived(next != nullptr ? jump_fcontext(next->ctx, next) : jump_fcontext(sched_, nullptr));
  __warpsim_event_site = l->event_site;
}

bool BlockExecutor::afterStop(Lane *l) {
  restoreSuppressed(*l);
  if (grid_.aborted())
    return false;
  // The lane has performed the write it was issued with: did it change memory?
  if (l->watch_size != 0 && !rt_.storeObservers.empty()) {
    const StoreDone s{&info, l->warp->index, l->lane, l->watch_addr, l->watch_size};
    for (Observer *o : rt_.storeObservers)
      o->onStoreDone(s);
  }
  checkWatchedWrite(*l);
  return true;
}

// On the fiber of `l`, which stopped at an event: what run() does after a
// lane stops, then the next ready lane of its warp, which `l` resumes itself
// (one switch per lane instead of two through the scheduler); nullptr: back
// to the scheduler.
Lane *BlockExecutor::chainFrom(Lane *l) {
  if (!afterStop(l))
    return nullptr;
  Warp &w = *l->warp;
  Lane *lanes = lanesOf(w);
  for (std::uint32_t i = l->lane + 1; i < w.count; ++i) {
    Lane *n = &lanes[i];
    if (n->state != LaneState::Ready)
      continue;
    tl_lane = n;
    n->started = true;
    ++stats_.switches;
    return n;
  }
  return nullptr;
}

Lane *BlockExecutor::run(Lane *l) {
  if (grid_.engine() == LaunchEngine::Recorded)
    return replay(l);
  Lane *back = resume(l);
  if (!afterStop(back))
    return nullptr;
  if (back->state == LaneState::Exited)
    laneExited(back);
  return back;
}

void BlockExecutor::watchWrite(Lane &l, std::uintptr_t addr, std::uint32_t size) {
  if (size > sizeof l.watch_old) {
    progress(); // a wide copy: assume it changes something
    return;
  }
  l.watch_addr = addr;
  l.watch_size = size;
  std::memcpy(l.watch_old, reinterpret_cast<const void *>(addr), size);
}

void BlockExecutor::checkWatchedWrite(Lane &l) {
  if (l.watch_size == 0)
    return;
  if (std::memcmp(l.watch_old, reinterpret_cast<const void *>(l.watch_addr), l.watch_size) != 0)
    progress();
  l.watch_size = 0;
}

BarrierEvent BlockExecutor::barrierEvent(std::uint32_t warp, std::uint64_t mask, std::uintptr_t pc,
                                         BarrierKind kind, std::uint32_t id,
                                         std::uint64_t phase) const {
  return BarrierEvent{&info,
                      warp,
                      mask,
                      pc,
                      kind,
                      phase,
                      SyncObjectRef{SyncObjectKind::Barrier, id},
                      sync.barrier(id).expected()};
}

BarrierEvent BlockExecutor::arrivalEvent(const Lane &lead, std::uint64_t mask) const {
  const PendingEvent &ev = lead.ev;
  const model::BlockBarrier &b = sync.barrier(ev.barrier_id);
  BarrierEvent e =
      barrierEvent(lead.warp->index, mask, ev.pc, ev.barrier, ev.barrier_id, b.phase());
  e.site = ev.site;
  e.count = ev.barrier_count;
  e.flavor = ev.flavor;
  e.rule = b.check(ev.barrier_count, info.launch->warp_size, ev.flavor);
  if (ev.barrier_count != 0 && e.rule != model::BarrierRule::CountMismatch)
    e.expected = ev.barrier_count;
  return e;
}

void BlockExecutor::issueAlone(Lane *l, std::uint64_t preemptLimit) {
  if (!copies_.empty() && rt_.options.async_random)
    landSomeAtRandom();
  if (l->ev.kind == EventKind::Barrier) {
    const BarrierEvent e = arrivalEvent(*l, std::uint64_t{1} << l->lane);
    for (Observer *o : rt_.observers)
      o->onBarrierArrive(e);
    arriveAtBarrier(l, true);
  } else if (l->ev.kind == EventKind::MBarrier) {
    executeMBarrier(*l);
  } else if (l->ev.kind == EventKind::GridSync) {
    arriveAtGridSync(*l);
  } else if (l->ev.kind == EventKind::ClusterBarrier) {
    executeClusterBarrier(*l);
  } else if (l->ev.kind == EventKind::WarpOp) {
    issueWarpOp(*l->warp, std::uint64_t{1} << l->lane, false);
    return;
  } else {
    l->state = LaneState::Ready; // preempted: runs again next round
    stepWithoutProgress(preemptLimit);
  }
  // A lane that blocked may be what a waiting __activemask waits for.
  if (l->warp->waiting != 0)
    tryCompleteWarpOps(*l->warp);
}

void BlockExecutor::issue(Warp &w, std::uint64_t group) {
  if (phase != Phase::Classic && mustDefer(w, group)) {
    deferredWarp = &w;
    deferredGroup = group;
    return;
  }
  if (!copies_.empty() && rt_.options.async_random)
    landSomeAtRandom();
  Lane *lanes = lanesOf(w);
  const Lane &lead = lanes[__builtin_ctzll(group)];
  stats_.warp_instructions += lead.ev.kind != EventKind::Serial; // not the GPU's
  switch (lead.ev.kind) {
  case EventKind::Access: {
    WarpAccess &a = scratch_;
    a.block = &info;
    a.warp = w.index;
    a.active_mask = group;
    a.kind = lead.ev.access;
    a.space = lead.ev.space;
    a.order = lead.ev.order;
    a.scope = lead.ev.scope;
    a.proxy = lead.ev.proxy;
    a.copy_write = lead.ev.copyWrite;
    a.atomic_load = lead.ev.atomicLoad;
    a.shared_reads = phase == Phase::Parallel ? sharedReads_ : 0;
    a.pc = lead.ev.pc;
    a.site = lead.ev.site;
    a.count = 0;
    for (std::uint64_t m = group; m != 0; m &= m - 1) {
      Lane &l = lanes[__builtin_ctzll(m)];
      a.lanes[a.count++] = LaneAccess{l.lane, l.ev.size, l.ev.addr};
      l.state = LaneState::Ready;
      if (a.kind != AccessKind::Load)
        watchWrite(l, l.ev.addr, l.ev.size);
    }
    stats_.accesses += a.count;
    for (Observer *o : rt_.observers)
      o->onWarpAccess(a);
    break;
  }
  case EventKind::Barrier:
    issueBarrier(w, group);
    break;
  case EventKind::MBarrier:
    // Each lane's operation in lane order: mbarrier instructions are
    // atomic per thread.
    for (std::uint64_t m = group; m != 0; m &= m - 1)
      executeMBarrier(lanes[__builtin_ctzll(m)]);
    break;
  case EventKind::Fence: {
    FenceEvent e{
        &info, w.index, group, lead.ev.pc, lead.ev.fence, lead.ev.proxyFence, lead.ev.fenceOrder};
    e.site = lead.ev.site;
    for (Observer *o : rt_.observers)
      o->onFence(e);
    for (std::uint64_t m = group; m != 0; m &= m - 1)
      lanes[__builtin_ctzll(m)].state = LaneState::Ready;
    break;
  }
  case EventKind::WarpOp:
    issueWarpOp(w, group, true);
    break;
  case EventKind::GridSync:
    for (std::uint64_t m = group; m != 0; m &= m - 1)
      arriveAtGridSync(lanes[__builtin_ctzll(m)]);
    break;
  case EventKind::ClusterBarrier:
    for (std::uint64_t m = group; m != 0; m &= m - 1)
      executeClusterBarrier(lanes[__builtin_ctzll(m)]);
    break;
  case EventKind::Preempt:
  case EventKind::None:
  case EventKind::Serial:
    for (std::uint64_t m = group; m != 0; m &= m - 1)
      lanes[__builtin_ctzll(m)].state = LaneState::Ready;
    break;
  }
}

// ------------------------------------------------- parallel rounds (--jobs)

void BlockExecutor::beginPhase(std::uint64_t gridSinceProgress) {
  phase = Phase::Parallel;
  deferredWarp = nullptr;
  serialOnly = !copies_.empty(); // a landing reads memory: only where nothing else runs
  turnProgress = false;
  turnDone = false;
  turnFrom = 0;
  quantumFrom = 0;
  progressedInPhase = false;
  phaseSteps = 0;
  sinceProgress_ = gridSinceProgress;
}

bool BlockExecutor::settle() {
  for (Warp &w : warps) {
    Lane *ls = lanesOf(w);
    for (std::uint32_t i = 0; i < w.count; ++i) {
      // A global access needs its ownership to hold when the lane makes
      // it, and what follows a serial point must run in the serial phase;
      // other lanes run at their warp's next step, as on one thread (their
      // order against other warps' instructions is what checkers see).
      const PendingEvent &e = ls[i].ev;
      if (ls[i].state != LaneState::Ready || !ls[i].started ||
          !(e.kind == EventKind::Serial ||
            (e.kind == EventKind::Access &&
             (e.space == MemorySpace::Global || e.space == MemorySpace::Managed))))
        continue;
      Lane *last = run(&ls[i]);
      if (last == nullptr)
        return false;
      i = last->lane;
    }
  }
  return true;
}

std::string &BlockExecutor::printfBuffer() {
  return phase == Phase::Classic ? rt_.devicePrintf : printfOut;
}

void BlockExecutor::serialPoint(Lane *l, std::uintptr_t pc) {
  if (phase != Phase::Parallel || recording_)
    return;
  event(l, EventKind::Serial, pc);
  stop(l);
}

void BlockExecutor::checkedSerialPoint(Lane *l, std::uintptr_t pc) {
  if (phase == Phase::Parallel && grid_.checkersParallel())
    serialPoint(l, pc);
}

bool BlockExecutor::mustDefer(Warp &w, std::uint64_t group) {
  Lane *lanes = lanesOf(w);
  const EventKind kind = lanes[__builtin_ctzll(group)].ev.kind;
  if (phase == Phase::Parallel &&
      (kind == EventKind::Serial || (kind == EventKind::WarpOp && grid_.warpOpsObserved())))
    return true;
  // Checkers beside each other see only accesses and CTA barriers.
  const bool checkers = grid_.checkersParallel();
  if (phase == Phase::Parallel && checkers && kind != EventKind::Access &&
      kind != EventKind::Barrier && kind != EventKind::Preempt && kind != EventKind::None)
    return true;
  if (kind != EventKind::Access)
    return false;
  GranuleOwners &owners = grid_.owners();
  sharedReads_ = 0;
  const auto me = static_cast<std::uint32_t>(info.linear + 1);
  for (std::uint64_t m = group; m != 0; m &= m - 1) {
    const PendingEvent &e = lanes[__builtin_ctzll(m)].ev;
    const bool read = e.access == AccessKind::Load;
    if (e.space == MemorySpace::Shared) {
      if (e.addr - info.smem_base < MemoryMap::kSharedWindow)
        continue; // the block's own
      if (phase == Phase::Parallel)
        return true;
      continue;
    }
    if (e.space != MemorySpace::Global && e.space != MemorySpace::Managed) {
      if (!read && phase == Phase::Parallel)
        return true; // constant or parameter memory written: let the serial phase see
      continue;
    }
    if (phase == Phase::Serial) {
      if (read)
        owners.read(e.addr, e.size, me);
      else
        owners.write(e.addr, e.size, me);
    } else if (read && checkers) {
      // Read beside other blocks: the race detector records it when the
      // phase ends.
      if (!owners.mayWrite(e.addr, e.size, me)) {
        if (!owners.mayRead(e.addr, e.size, me))
          return true;
        sharedReads_ |= m & -m;
      }
    } else if (read ? !owners.mayRead(e.addr, e.size, me) : !owners.mayWrite(e.addr, e.size, me)) {
      return true;
    }
  }
  return false;
}

// ------------------------------------------------------------- barriers

void BlockExecutor::issueBarrier(Warp &w, std::uint64_t group) {
  Lane *lanes = lanesOf(w);
  // Lanes of one call site may name different barriers (an id in a
  // register): one arrival per barrier.
  while (group != 0) {
    const Lane &lead = lanes[__builtin_ctzll(group)];
    std::uint64_t same = 0;
    for (std::uint64_t m = group; m != 0; m &= m - 1)
      if (lanes[__builtin_ctzll(m)].ev.barrier_id == lead.ev.barrier_id)
        same |= std::uint64_t{1} << __builtin_ctzll(m);
    group &= ~same;
    const BarrierEvent e = arrivalEvent(lead, same);
    for (Observer *o : rt_.observers)
      o->onBarrierArrive(e);
    for (std::uint64_t m = same; m != 0; m &= m - 1)
      arriveAtBarrier(&lanes[__builtin_ctzll(m)], (m & (m - 1)) == 0);
  }
}

void BlockExecutor::arriveAtBarrier(Lane *l, bool lastOfGroup) {
  ++stats_.barrier_arrivals;
  const std::uint32_t id = l->ev.barrier_id;
  if (l->ev.flavor == model::BlockBarrier::Flavor::Arrive) {
    l->state = LaneState::Ready; // bar.arrive does not wait
    l->result = 0;
  } else {
    l->wait(SyncObjectRef{SyncObjectKind::Barrier, id});
  }
  // A counted barrier takes a warp instruction's lanes as one arrival.
  if (sync.barrier(id)
          .arrive(l->ev.predicate, l->ev.barrier_count, l->warp->index, info.launch->warp_size,
                  info.launch->warp_size - l->warp->live, l->ev.flavor, !lastOfGroup)
          .completed)
    completeBarrier(id);
}

void BlockExecutor::completeBarrier(std::uint32_t id) {
  const model::BlockBarrier &b = sync.barrier(id);
  const std::uint32_t count = b.lastCount();
  const std::uint32_t arrived = b.lastArrived();
  const SyncObjectRef object{SyncObjectKind::Barrier, id};
  for (Lane &l : lanes) {
    if (l.state != LaneState::Waiting || !(l.waitOn == object))
      continue;
    l.result = model::barrierResult(l.ev.barrier, count, arrived);
    l.state = LaneState::Ready;
  }
  progress();
  const BarrierEvent e = barrierEvent(0, 0, 0, BarrierKind::Block, id, b.phase() - 1);
  for (Observer *o : rt_.observers)
    o->onBarrierComplete(e);
}

void BlockExecutor::laneExited(Lane *l) {
  --l->warp->live;
  if (PtxMemory *m = rt_.ptx)
    m->exited(*l);
  progress();
  for (Observer *o : rt_.observers)
    o->onThreadExit(info, l->tid);
  for (std::uint32_t completed = sync.threadExited(); completed != 0; completed &= completed - 1)
    completeBarrier(static_cast<std::uint32_t>(__builtin_ctz(completed)));
  if (info.launch->cooperative)
    grid_.gridThreadExited(live == 1); // one thread fewer to wait for
  clusterThreadExited(*l);
  if (l->warp->waiting != 0)
    tryCompleteWarpOps(*l->warp); // exited lanes are not waited for
  if (--live == 0) {
    // Copies of exited threads land at the latest when the block ends.
    while (!copies_.empty())
      land(0);
    done = true;
  }
}

// ------------------------------------------------------------ lane side

void BlockExecutor::suppress(Lane &l, std::uintptr_t addr, std::uint32_t size, AccessKind kind) {
  l.fault_addr = addr;
  l.fault_size = size;
  std::memcpy(l.fault_saved, reinterpret_cast<const void *>(addr), size);
  if (kind != AccessKind::Store)
    std::memset(reinterpret_cast<void *>(addr), 0, size); // what the load will read
}

void BlockExecutor::restoreSuppressed(Lane &l) {
  if (l.fault_size == 0)
    return;
  std::memcpy(reinterpret_cast<void *>(l.fault_addr), l.fault_saved, l.fault_size);
  l.fault_size = 0;
}

void BlockExecutor::access(Lane *l, std::uintptr_t addr, std::uint32_t size, AccessKind kind,
                           MemoryOrder order, std::uintptr_t pc, Scope scope, Proxy proxy,
                           bool atomicLoad) {
  restoreSuppressed(*l); // a suppressed access just before this one has happened
  // The thread's own stack is private: nothing to check or schedule.
  if (addr - l->stack_lo < l->stack_hi - l->stack_lo)
    return;
  const std::size_t sharedEnd = grid_.sharedLayout().end();
  // The common cases inline (global memory, the block's own shared memory);
  // everything else, faults included, through classifyAddress.
  AddressClass c;
  if (rt_.memory.inGlobalRegion(addr))
    c = {rt_.memory.globalSpaceOf(addr), AddressFault::None};
  else if (addr - info.smem_base < MemoryMap::kSharedWindow &&
           addr - info.smem_base + size <= sharedEnd)
    c = {MemorySpace::Shared, AddressFault::None};
  else
    c = classifyAddress(rt_, slot, sharedEnd, addr, size);
  if (AccessGuard *g = grid_.accessGuard();
      g != nullptr && !g->check(*l, addr, size, kind, c.space, nullptr, nullptr)) {
    serialPoint(l, pc); // what the guard found is reported in round order
    Finding gf;
    cudaError_t ge = cudaErrorIllegalAddress;
    g->check(*l, addr, size, kind, c.space, &gf, &ge);
    gf.sites.insert(gf.sites.begin(),
                    siteOf(l, pc, currentSiteId(), "access")); // before any the guard added
    // Going on needs memory to make the access in: device memory that is
    // mapped (a redzone, a freed allocation, the rest of a shared window).
    if (rt_.options.memory_error_continue && size <= sizeof l->fault_saved &&
        rt_.memory.mapped(addr, size)) {
      if (recording_ && grid_.engine() == LaunchEngine::Recorded)
        recordFinding(l, RecordedEvent::Suppressed, cudaSuccess, std::move(gf));
      else
        g->suppressed(std::move(gf));
      suppress(*l, addr, size, kind);
      return; // no event: the access does not happen for anyone
    }
    abortLaunch(l, ge, std::move(gf));
  }
  if (c.fault != AddressFault::None) {
    Finding f;
    f.kind = "invalid-address";
    f.space = spaceName(c.space);
    f.address = addr;
    f.size = size;
    f.message = std::string("invalid ") +
                (kind == AccessKind::Load    ? "read"
                 : kind == AccessKind::Store ? "write"
                                             : "atomic") +
                " of size " + std::to_string(size) + ": " +
                addressFaultText(rt_, c.fault, addr, size, sharedEnd);
    f.sites.push_back(siteOf(l, pc, currentSiteId(), "access"));
    abortLaunch(l, cudaErrorIllegalAddress, std::move(f));
  }
  if (c.space == MemorySpace::Param && kind == AccessKind::Load)
    return;
  PendingEvent &e = l->ev;
  e.kind = EventKind::Access;
  e.access = kind;
  e.space = c.space;
  e.order = order;
  e.scope = scope;
  e.proxy = proxy;
  e.copyWrite = copyWrite_;
  e.atomicLoad = atomicLoad;
  e.size = size;
  e.addr = addr;
  e.pc = pc;
  e.position = codePosition(pc);
  e.site = currentSiteId();
  if (recording_) {
    record(l);
    return;
  }
  if (!grid_.lanesRunAlone()) {
    l->state = LaneState::AtEvent;
    yieldToScheduler(l);
    return;
  }
  // A lane running alone: a one-lane warp instruction, no stop unless its
  // quantum ran out.
  WarpAccess &a = scratch_;
  a.block = &info;
  a.warp = l->warp->index;
  a.active_mask = std::uint64_t{1} << l->lane;
  a.kind = kind;
  a.space = c.space;
  a.order = order;
  a.scope = scope;
  a.proxy = proxy;
  a.copy_write = copyWrite_;
  a.atomic_load = atomicLoad;
  a.pc = pc;
  a.site = e.site;
  a.count = 1;
  a.lanes[0] = LaneAccess{l->lane, size, addr};
  ++stats_.warp_instructions;
  ++stats_.accesses;
  checkWatchedWrite(*l); // the lane's previous write has happened by now
  if (kind != AccessKind::Load)
    watchWrite(*l, addr, size);
  for (Observer *o : rt_.observers)
    o->onWarpAccess(a);
  if (++l->quantum >= rt_.options.fast_quantum) {
    l->quantum = 0;
    // Stop with the access as the event (issueAlone treats every stop but
    // a barrier or warp operation as a preemption), so reports can say what
    // the lane last did.
    l->state = LaneState::AtEvent;
    yieldToScheduler(l);
  }
}

PendingEvent &BlockExecutor::event(Lane *l, EventKind kind, std::uintptr_t pc) {
  restoreSuppressed(*l);
  PendingEvent &e = l->ev;
  e.kind = kind;
  e.pc = pc;
  e.position = codePosition(pc);
  e.site = pc != 0 ? currentSiteId() : kNoSite;
  e.addr = 0;
  e.size = 0;
  return e;
}

std::uint64_t BlockExecutor::stop(Lane *l) {
  if (recording_)
    return recordStop(l);
  l->state = LaneState::AtEvent;
  yieldToScheduler(l);
  return l->result;
}

std::uint64_t BlockExecutor::barrier(Lane *l, BarrierKind kind, bool predicate, std::uintptr_t pc) {
  return ctaBarrier(l, kind,
                    kind == BarrierKind::Block ? model::BlockBarrier::Flavor::Sync
                                               : model::BlockBarrier::Flavor::Red,
                    0, 0, predicate, pc);
}

std::uint64_t BlockExecutor::ctaBarrier(Lane *l, BarrierKind kind,
                                        model::BlockBarrier::Flavor flavor, std::uint32_t id,
                                        std::uint32_t count, bool predicate, std::uintptr_t pc) {
  if (id >= model::kNamedBarriers) {
    Finding f;
    f.kind = "named-barrier";
    f.message = "barrier id " + std::to_string(id) +
                " is out of range: a CTA has 16 barriers, 0..15 (PTX bar/barrier)";
    f.sites.push_back(siteOf(l, pc, currentSiteId(), "waits"));
    abortLaunch(l, cudaErrorIllegalInstruction, std::move(f));
  }
  PendingEvent &e = event(l, EventKind::Barrier, pc);
  e.barrier = kind;
  e.predicate = predicate;
  e.barrier_id = id;
  e.barrier_count = count;
  e.flavor = flavor;
  PtxMemory *m = rt_.ptx;
  if (m == nullptr)
    return stop(l);
  // --memory-model ptx: a CTA barrier orders its threads' accesses.
  const std::uint64_t key = PtxMemory::key(1, info.linear, id);
  m->arrive(*l, key, Scope::Block);
  const std::uint64_t r = stop(l);
  if (flavor != model::BlockBarrier::Flavor::Arrive)
    m->depart(*l, key);
  return r;
}

std::uint64_t BlockExecutor::mbarrier(Lane *l, model::MBarrierOp op, std::uintptr_t addr,
                                      std::uint32_t count, std::uint32_t tx, std::uint64_t phase,
                                      std::uintptr_t pc, std::uint8_t flags) {
  PendingEvent &e = event(l, EventKind::MBarrier, pc);
  e.mrelaxed = (flags & kMBarrierRelaxed) != 0;
  e.mcluster = (flags & kMBarrierCluster) != 0;
  e.mop = op;
  e.addr = addr;
  e.size = 8;
  e.mcount = count;
  e.mtx = tx;
  e.mphase = phase;
  PtxMemory *m = rt_.ptx;
  if (m == nullptr)
    return stop(l);
  // --memory-model ptx: arrivals release, waits acquire (every operation
  // does both: over-synchronising is sound).
  const std::uint64_t key = PtxMemory::key(2, addr);
  m->arrive(*l, key, e.mcluster ? Scope::Cluster : Scope::Block);
  const std::uint64_t r = stop(l);
  m->depart(*l, key);
  return r;
}

// ------------------------------------------------------------- mbarriers

MBarrierEvent BlockExecutor::mbarrierEvent(const Lane &l, model::MBarrierRule rule, bool completed,
                                           std::uint64_t phase, const model::MBarrier *mb) const {
  MBarrierEvent e{&info,       l.warp->index, l.lane, l.ev.pc, l.ev.addr, l.ev.mop,
                  l.ev.mcount, l.ev.mtx,      phase,  rule,    completed};
  if (mb != nullptr) {
    e.pending = mb->pending();
    e.expected = mb->expected();
    e.tx_count = mb->tx();
  }
  e.relaxed = l.ev.mrelaxed;
  e.cluster_scope = l.ev.mcluster;
  e.site = l.ev.site;
  return e;
}

void BlockExecutor::executeMBarrier(Lane &l) {
  using model::MBarrierOp;
  using model::MBarrierRule;
  const PendingEvent &e = l.ev;
  l.state = LaneState::Ready;
  l.result = 0;
  MBarrierRule rule = MBarrierRule::Ok;
  // A peer CTA's mbarrier (an arrival through a shared::cluster address):
  // the operation happens in the owner's sync table and releases its waiters.
  BlockExecutor *owner = this;
  if (e.addr - info.smem_base >= MemoryMap::kSharedWindow && rt_.memory.inSharedRegion(e.addr) &&
      !model::isMBarrierWait(e.mop) && e.mop != MBarrierOp::Init && e.mop != MBarrierOp::Inval)
    if (BlockExecutor *peer = grid_.peerInSlot(*this, rt_.memory.sharedSlotOf(e.addr)))
      owner = peer;
  const BlockInfo &oi = owner->info;
  if (e.addr - oi.smem_base >= oi.smem_size || oi.smem_size - (e.addr - oi.smem_base) < 8)
    rule = MBarrierRule::NotShared;
  else if ((e.addr & 7) != 0)
    rule = MBarrierRule::Misaligned;
  if (rule != MBarrierRule::Ok) {
    const MBarrierEvent ev = mbarrierEvent(l, rule, false, 0, nullptr);
    for (Observer *o : rt_.observers)
      o->onMBarrier(ev);
    return;
  }
  model::MBarrier &mb = owner->sync.mbarriers[e.addr];
  bool completed = false;
  std::uint64_t phase = mb.phase();
  switch (e.mop) {
  case MBarrierOp::Init:
    rule = mb.init(e.mcount);
    break;
  case MBarrierOp::Inval:
    rule = mb.inval();
    break;
  case MBarrierOp::ArriveExpectTx:
    rule = mb.expectTx(e.mtx);
    if (rule != MBarrierRule::Ok)
      break;
    [[fallthrough]];
  case MBarrierOp::Arrive:
  case MBarrierOp::ArriveNoComplete:
  case MBarrierOp::ArriveDrop: {
    const model::MBarrier::Arrival a =
        mb.arrive(e.mcount, e.mop == MBarrierOp::ArriveDrop, e.mop == MBarrierOp::ArriveNoComplete);
    rule = a.rule;
    completed = a.completed;
    phase = a.phase;
    l.result = a.phase; // the state token
    break;
  }
  case MBarrierOp::ExpectTx:
    rule = mb.expectTx(e.mtx);
    break;
  case MBarrierOp::CompleteTx: {
    const model::MBarrier::Arrival a = mb.completeTx(e.mtx);
    rule = a.rule;
    completed = a.completed;
    break;
  }
  case MBarrierOp::TestWait:
  case MBarrierOp::TryWait:
  case MBarrierOp::TestWaitParity:
  case MBarrierOp::TryWaitParity: {
    const bool parity = e.mop == MBarrierOp::TestWaitParity || e.mop == MBarrierOp::TryWaitParity;
    // Someone waits: copies that only owe their arrive-ons land now (the
    // latest they can).
    if (!asyncArrivals_.empty() || !copies_.empty())
      landForMBarrier(e.addr);
    const model::MBarrier::Wait w =
        parity ? mb.testWaitParity(static_cast<unsigned>(e.mphase)) : mb.testWait(e.mphase);
    rule = w.rule;
    completed = w.complete;
    // The phase waited for: the current one (incomplete) or the one before.
    phase = parity ? (w.complete ? mb.phase() - 1 : mb.phase()) : e.mphase;
    l.result = w.complete ? 1 : 0;
    if (rule == MBarrierRule::Ok && !w.complete &&
        (e.mop == MBarrierOp::TryWait || e.mop == MBarrierOp::TryWaitParity)) {
      l.ev.mphase = phase; // released when this phase completes
      l.wait(SyncObjectRef{SyncObjectKind::MBarrier, e.addr});
      return;
    }
    break;
  }
  }
  MBarrierEvent ev = mbarrierEvent(l, rule, completed, phase, &mb);
  if (owner != this) {
    ev.owner = &owner->info;
    ev.cluster_scope = true;
  }
  for (Observer *o : rt_.observers)
    o->onMBarrier(ev);
  if (completed && !model::isMBarrierWait(e.mop)) {
    progress();
    owner->releaseMBarrierWaiters(e.addr, mb);
  } else if (!asyncArrivals_.empty() || !copies_.empty()) {
    // Only async copies' arrive-ons missing, and a thread already waits?
    const SyncObjectRef object{SyncObjectKind::MBarrier, e.addr};
    if (std::any_of(lanes.begin(), lanes.end(), [&](const Lane &w) {
          return w.state == LaneState::Waiting && w.waitOn == object;
        }))
      landForMBarrier(e.addr);
  }
}

void BlockExecutor::releaseMBarrierWaiters(std::uintptr_t addr, model::MBarrier &mb) {
  const SyncObjectRef object{SyncObjectKind::MBarrier, addr};
  for (Lane &w : lanes) {
    if (w.state != LaneState::Waiting || !(w.waitOn == object) || w.ev.mphase >= mb.phase())
      continue;
    const model::MBarrier::Wait r = mb.testWait(w.ev.mphase); // observes the phase
    w.state = LaneState::Ready;
    w.result = 1;
    const MBarrierEvent ev = mbarrierEvent(w, r.rule, true, w.ev.mphase, &mb);
    for (Observer *o : rt_.observers)
      o->onMBarrier(ev);
  }
}

void BlockExecutor::fence(Lane *l, FenceScope scope, std::uintptr_t pc, std::uint8_t proxySpaces,
                          MemoryOrder order) {
  if (grid_.lanesRunAlone()) {
    FenceEvent f{&info, l->warp->index, std::uint64_t{1} << l->lane, pc, scope, proxySpaces, order};
    f.site = currentSiteId();
    for (Observer *o : rt_.observers)
      o->onFence(f);
    return;
  }
  PendingEvent &e = event(l, EventKind::Fence, pc);
  e.fence = scope;
  e.proxyFence = proxySpaces;
  e.fenceOrder = order;
  stop(l);
}

std::uint64_t BlockExecutor::warpOp(Lane *l, model::WarpOp op, std::uint64_t mask,
                                    const model::WarpOperand &operand, std::uintptr_t pc) {
  PendingEvent &e = event(l, EventKind::WarpOp, pc);
  e.op = op;
  e.mask = mask;
  e.eff_mask = mask;
  e.operand = operand;
  PtxMemory *m = rt_.ptx;
  if (m == nullptr)
    return stop(l);
  // --memory-model ptx: __syncwarp and the *_sync operations order the
  // participants' accesses.
  const std::uint64_t key = PtxMemory::key(3, info.linear, l->warp->index);
  m->arrive(*l, key, Scope::Block);
  const std::uint64_t r = stop(l);
  m->depart(*l, key);
  return r;
}

std::uintptr_t BlockExecutor::placeSharedFirst(Lane *l, SharedVar *var, std::size_t size,
                                               std::size_t align) {
  // The launch's layout, and every resident block's window, change.
  serialPoint(l, reinterpret_cast<std::uintptr_t>(__builtin_return_address(0)));
  if (var->epoch == info.launch->id)
    return info.smem_base + var->offset; // placed meanwhile by another block
  if (!grid_.placeShared(var, size, align)) {
    Finding f;
    f.kind = "shared-memory-exhausted";
    f.space = "shared";
    f.message = "static __shared__ variable '" + std::string(var->name) + "' (" +
                std::to_string(size) + " bytes) does not fit in the block's shared memory";
    f.sites.push_back(siteOf(l, reinterpret_cast<std::uintptr_t>(__builtin_return_address(0)),
                             kNoSite, "access"));
    abortLaunch(l, cudaErrorLaunchOutOfResources, std::move(f));
  }
  return info.smem_base + var->offset;
}

void BlockExecutor::gridSync(Lane *l, std::uintptr_t pc) {
  if (!info.launch->cooperative) {
    Finding f;
    f.kind = "grid-sync";
    f.message = "grid.sync() in a launch that is not cooperative: a grid barrier exists only "
                "for a kernel launched with cudaLaunchCooperativeKernel (the GPU ends the launch: "
                "cudaErrorLaunchFailure)";
    f.sites.push_back(siteOf(l, pc, currentSiteId(), "grid.sync()"));
    abortLaunch(l, cudaErrorLaunchFailure, std::move(f));
  }
  event(l, EventKind::GridSync, pc);
  PtxMemory *m = rt_.ptx;
  const std::uint64_t key = PtxMemory::key(4, info.launch->id);
  if (m != nullptr)
    m->arrive(*l, key, Scope::Device);
  stop(l);
  if (m != nullptr)
    m->depart(*l, key);
}

void BlockExecutor::releaseGridSync() {
  const SyncObjectRef object{SyncObjectKind::GridBarrier, 0};
  for (Lane &l : lanes)
    if (l.state == LaneState::Waiting && l.waitOn == object)
      l.state = LaneState::Ready;
}

void BlockExecutor::arriveAtGridSync(Lane &l) {
  ++stats_.barrier_arrivals;
  l.wait(SyncObjectRef{SyncObjectKind::GridBarrier, 0});
  grid_.gridArrived(1);
}

void BlockExecutor::abortLaunch(Lane *l, cudaError_t error, Finding finding) {
  if (recording_)
    recordAbort(l, error, std::move(finding));
  // Which block ends the launch first must not depend on host threads.
  serialPoint(l, finding.sites.empty() ? 0 : finding.sites.front().pc);
  restoreSuppressed(*l);
  grid_.abort(error, std::move(finding));
  l->state = LaneState::Exited;
  from_ = l;
  jump_fcontext(sched_, nullptr);
  __builtin_unreachable();
}

// ------------------------------------------------------------- reports

FindingSite BlockExecutor::siteOf(const Lane *l, std::uintptr_t pc, std::uint32_t site,
                                  const char *role) const {
  FindingSite s;
  s.role = role;
  s.pc = pc;
  s.site = pc != 0 ? site : kNoSite;
  // Frames below the kernel's own are the launch machinery.
  for (std::uint32_t d = std::min(l->depth, Lane::kMaxFrames);
       d-- > warpsim::detail::kKernelCallDepth;)
    s.stack.push_back(l->frames[d]);
  s.has_thread = true;
  s.block = info.index;
  s.thread = l->tidx;
  return s;
}

void BlockExecutor::describe(std::uint32_t thread, std::uintptr_t pc, std::uint32_t site,
                             const char *role, FindingSite &out) const {
  if (thread < lanes.size()) {
    out = siteOf(&lanes[thread], pc, site, role);
    return;
  }
  out = FindingSite{};
  out.role = role;
  out.pc = pc;
  out.site = pc != 0 ? site : kNoSite;
  out.has_thread = true;
  out.block = info.index;
  out.thread = model::delinearize(thread, info.launch->block);
}

std::string BlockExecutor::barrierWaitText(const PendingEvent &e) const {
  if (e.barrier_id == 0 && e.barrier_count == 0)
    return "waiting at __syncthreads()";
  const model::BlockBarrier &b = sync.barrier(e.barrier_id);
  std::string s = "waiting at bar.sync " + std::to_string(e.barrier_id);
  if (e.barrier_count != 0)
    s += ", " + std::to_string(e.barrier_count);
  s += " (named barrier " + std::to_string(e.barrier_id) + ": " + std::to_string(b.counted()) +
       " of " + std::to_string(b.expected()) + " threads arrived" +
       (b.count() != 0 ? ", counted per warp)" : ")");
  return s;
}

std::string BlockExecutor::mbarrierWaitText(const PendingEvent &e) const {
  const std::uintptr_t off = e.addr - info.smem_base;
  std::string where = "shared offset " + std::to_string(off);
  for (const SharedVar *v : *info.launch->shared_vars)
    if (off >= v->offset && off < v->offset + v->size)
      where = "__shared__ '" + std::string(v->name) + "' + " + std::to_string(off - v->offset);
  std::string s = std::string("waiting at ") + model::mbarrierOpName(e.mop) + " for phase " +
                  std::to_string(e.mphase) + " (parity " + std::to_string(e.mphase & 1) +
                  ") of the mbarrier at " + where;
  auto it = sync.mbarriers.find(e.addr);
  if (it != sync.mbarriers.end())
    s += ": " + std::to_string(it->second.pending()) + " of " +
         std::to_string(it->second.expected()) + " arrivals pending, tx-count " +
         std::to_string(it->second.tx());
  return s;
}

std::string BlockExecutor::waitText(const Lane &l) const {
  return l.waitsOn(SyncObjectKind::MBarrier)         ? mbarrierWaitText(l.ev)
         : l.waitsOn(SyncObjectKind::GridBarrier)    ? grid_.gridSyncWaitText()
         : l.waitsOn(SyncObjectKind::ClusterBarrier) ? clusterWaitText(l)
                                                     : barrierWaitText(l.ev);
}

void BlockExecutor::describeWaiters(Finding &f) const {
  if (done)
    return;
  // Group the block's lanes by what they do and where: the instruction, the
  // call stack (one helper such as a named_sync() wrapper serves several call
  // sites) and, for waiters, what they wait for (one instruction may wait on
  // different barrier ids, mbarriers or phases). One group is one site.
  // Listed in code order (PendingEvent::position: the same whatever the
  // optimiser's layout), then by address.
  struct Key {
    int what; // 0 waits at a barrier, 1 spins, 2 exited, 3 waits at a warp op
    std::uintptr_t position, pc;
    std::vector<std::uintptr_t> stack;
    std::string waitsFor;
    bool operator<(const Key &o) const {
      return std::tie(what, position, pc, stack, waitsFor) <
             std::tie(o.what, o.position, o.pc, o.stack, o.waitsFor);
    }
  };
  auto keyOf = [&](const Lane &l, int what) {
    Key k{what, what == 2 ? 0 : l.ev.position, what == 2 ? 0 : l.ev.pc, {}, {}};
    if (what == 2)
      return k;
    for (std::uint32_t d = std::min(l.depth, Lane::kMaxFrames);
         d-- > warpsim::detail::kKernelCallDepth;)
      k.stack.push_back(l.frames[d]);
    if (what == 0)
      k.waitsFor = waitText(l);
    return k;
  };
  std::map<Key, std::vector<const Lane *>> groups;
  for (const Lane &l : lanes) {
    if (l.state == LaneState::Exited) {
      groups[keyOf(l, 2)].push_back(&l);
    } else if (l.waitsOn(SyncObjectKind::Barrier)) {
      groups[keyOf(l, 0)].push_back(&l);
    } else if (l.waitsOn(SyncObjectKind::WarpSync)) {
      groups[keyOf(l, 3)].push_back(&l);
    } else if (l.waitsOn(SyncObjectKind::MBarrier) || l.waitsOn(SyncObjectKind::GridBarrier) ||
               l.waitsOn(SyncObjectKind::ClusterBarrier)) {
      groups[keyOf(l, 0)].push_back(&l); // listed with the barrier waiters
    } else if (l.started) {
      groups[keyOf(l, 1)].push_back(&l);
    }
  }
  for (const auto &[key, group] : groups) {
    const Lane *first = group.front();
    const char *role = key.what == 0 || key.what == 3 ? "waits"
                       : key.what == 1                ? "spins"
                                                      : "exited";
    FindingSite s = key.what == 2 ? siteOf(first, 0, kNoSite, role)
                                  : siteOf(first, first->ev.pc, first->ev.site, role);
    std::vector<std::uint32_t> ids;
    for (const Lane *l : group)
      ids.push_back(l->tid);
    s.thread_count = static_cast<std::uint32_t>(group.size());
    s.threads = threadList(ids);
    if (key.what == 0) {
      s.detail = key.waitsFor;
    } else if (key.what == 3) {
      s.detail = std::string("waiting at ") + model::warpOpName(first->ev.op) + " (mask " +
                 hexMask(first->ev.mask, info.launch->warp_size) + ")";
    } else if (key.what == 1) {
      const PendingEvent &e = first->ev;
      s.detail = "running without progress";
      if (e.kind == EventKind::Access)
        s.detail += std::string(", last ") +
                    (e.access == AccessKind::Load    ? "reading "
                     : e.access == AccessKind::Store ? "writing "
                                                     : "an atomic on ") +
                    spaceName(e.space) + " memory";
      else if (e.kind == EventKind::Barrier)
        s.detail += ", not yet scheduled to arrive at __syncthreads()";
    } else {
      s.stack.clear();
      s.detail = "exited";
    }
    f.sites.push_back(std::move(s));
  }
}

} // namespace warpsim::sim
