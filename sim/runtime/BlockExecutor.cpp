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
#include "SpinEvidence.h"
#include "ThreadList.h"
#include "WgmmaExecution.h"
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
  sync_.reset(nthreads);
  // --async-completion random: this block's own stream, so the landings do
  // not depend on which other blocks run or on how many host threads.
  copies_.reset(rt_.options.seed ^ (L.id * 0x9e3779b97f4a7c15ull) ^
                (linear * 0xbf58476d1ce4e5b9ull));
  live_ = nthreads;
  done_ = false;
  schedule_ = &grid_.schedule();
  chain_ = schedule_->lanesChain();
  stats_ = BlockStats{};
  round_.admit(grid_.parallel());
  readFrom_ = readWindowFrom(livelockLimit(rt_.options));
  if (readTraces_.size() != nthreads)
    readTraces_.resize(nthreads);
  ++readWindow_; // an earlier block's traces are forgotten
  ++compiledWindow_;
  inReadWindow_ = false;
  rt_.memory.prepareSharedWindow(s, info.smem_size,
                                 static_cast<unsigned char>(rt_.options.shared_fill));
  if (PtxMemory *m = rt_.ptx)
    m->forget(info.smem_base, MemoryMap::kSharedWindow); // an earlier block's histories
  lanes.resize(nthreads);
  // The compiled engine runs lanes on the host thread's stack, except from
  // barrier to barrier, where a lane takes its stack when it first runs
  // and gives it back when it exits (resumeToBarrier): a warp that runs to
  // its end before the next begins keeps the same few stacks warm.
  const bool fibers = grid_.engine() == LaunchEngine::Fibers;
  spareStacks_ = &grid_.spareStacks(0);
  laneStacks_ = fibers || grid_.directSegments();
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
    wp.wgmma.reset();
  }
  // Thread indices step in x, then y, then z (model::delinearize, without
  // two divisions per thread).
  Dim3 tidx{0, 0, 0};
  for (std::uint32_t t = 0, lane = 0, w = 0; t < nthreads; ++t) {
    Lane &l = lanes[t];
    l.block = this;
    l.warp = &warps[w];
    l.lane = lane;
    if (++lane == ws) {
      lane = 0;
      ++w;
    }
    l.tid = t;
    l.tidx = tidx;
    if (++tidx.x == L.block.x) {
      tidx.x = 0;
      if (++tidx.y == L.block.y) {
        tidx.y = 0;
        ++tidx.z;
      }
    }
    l.state = LaneState::Ready;
    l.started = false;
    l.ev = PendingEvent{};
    l.result = 0;
    l.depth = 0;
    l.stack_hash = 0;
    l.wgmma_regs = 0;
    l.wgmma_writing = false;
    std::fill(std::begin(l.repeat_pc), std::end(l.repeat_pc), 0);
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
  if (!laneStacks_)
    return; // the compiled engine's lanes ran on the host thread's stack
  // The direct path keeps them for the slot's next block (host threads
  // other than the launch's own may run it: returnSpareStacks).
  const bool keep = grid_.directSegments();
  for (Lane &l : lanes)
    if (l.stack != Lane::kNoStack) {
      if (keep)
        spareStacks_->push_back(l.stack);
      else
        rt_.stacks.release(l.stack);
      l.stack = Lane::kNoStack;
    }
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
  captureStopState(l->stop_state);
  Lane *next = chain_ ? chainFrom(l) : nullptr;
  from_ = l;
  l->event_site = __warpsim_event_site;
  arrived(next != nullptr ? jump_fcontext(next->ctx, next) : jump_fcontext(sched_, nullptr));
  __warpsim_event_site = l->event_site;
  l->stop_state[0] = 0; // running again
}

bool BlockExecutor::afterStop(Lane *l) {
  restoreSuppressed(*l);
  if (grid_.aborted())
    return false;
  // The lane has performed the write it was issued with: did it change memory?
  if (l->watch_size != 0 && !rt_.storeObservers.empty()) {
    StoreDone s{&info, l->warp->index, l->lane, l->watch_addr, l->watch_size};
    if (l->atomic_found)
      s.before = l->atomic_old;
    for (Observer *o : rt_.storeObservers)
      o->onStoreDone(s);
  }
  l->atomic_found = false;
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
  l.watch_store = l.ev.kind == EventKind::Access && l.ev.access == AccessKind::Store;
  l.watch_pc = l.ev.pc;
  std::memcpy(l.watch_old, reinterpret_cast<const void *>(addr), size);
}

void BlockExecutor::checkWatchedWrite(Lane &l) {
  if (l.watch_op) { // a warp operation since its last stop: a count moving?
    l.watch_op = false;
    if (sinceProgress() >= suspectSpinAfter(rt_.options) && laneStateMoved(l))
      notSpinning();
  }
  if (l.watch_size == 0)
    return;
  if (std::memcmp(l.watch_old, reinterpret_cast<const void *>(l.watch_addr), l.watch_size) != 0)
    progress();
  else if (l.watch_store && sinceProgress() >= suspectSpinAfter(rt_.options) && laneStateMoved(l))
    notSpinning();
  l.watch_size = 0;
}

void BlockExecutor::noteReadInWindow(Lane &l, std::uint64_t since, std::uintptr_t pc,
                                     std::uintptr_t addr) {
  inReadWindow_ = true;
  if (readWalks(readTraces_[l.tid], readWindow_, since, pc, addr))
    notSpinning();
}

void BlockExecutor::issue(Warp &w, std::uint64_t group) {
  if (!round_.classic() && mustDefer(w, group)) {
    round_.defer(&w, group);
    return;
  }
  if (!copies_.empty() && rt_.options.async_random)
    copies_.landSomeAtRandom();
  Lane *lanes = lanesOf(w);
  const Lane &lead = lanes[__builtin_ctzll(group)];
  if (w.waiting != 0 && (lead.ev.kind == EventKind::Access || lead.ev.kind == EventKind::Fence))
    warpOpSkipped(w, group, &lead);
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
    a.shared_reads = round_.inParallelPhase() ? sharedReads_ : 0;
    a.pc = lead.ev.pc;
    a.site = lead.ev.site;
    a.count = 0;
    for (std::uint64_t m = group; m != 0; m &= m - 1) {
      Lane &l = lanes[__builtin_ctzll(m)];
      a.lanes[a.count++] = LaneAccess{l.lane, l.ev.size, l.ev.addr};
      l.state = LaneState::Ready;
      if (a.kind != AccessKind::Load)
        watchWrite(l, l.ev.addr, l.ev.size);
      noteRead(l, a.pc, l.ev.addr);
    }
    stats_.accesses += a.count;
    for (Observer *o : rt_.accessObservers)
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
    e.addr = lead.ev.addr;
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

void BlockExecutor::laneExited(Lane *l) {
  if (watch_ != nullptr) {
    // The direct path: no barrier, cluster or grid barrier of this block is
    // waited at through the sync table (a launch that goes back to fibers
    // admits its blocks afresh), so only the counts and observers move.
    --l->warp->live;
    progress();
    for (Observer *o : grid_.listeners())
      o->onThreadExit(info, l->tid);
    if (l->warp->waiting != 0)
      tryCompleteWarpOps(*l->warp);
    if (--live_ == 0)
      done_ = true;
    return;
  }
  --l->warp->live;
  if (PtxMemory *m = rt_.ptx)
    m->exited(*l);
  progress();
  for (Observer *o : rt_.observers)
    o->onThreadExit(info, l->tid);
  for (std::uint32_t completed = sync_.threadExited(); completed != 0; completed &= completed - 1)
    completeBarrier(static_cast<std::uint32_t>(__builtin_ctz(completed)));
  if (info.launch->cooperative)
    grid_.gridThreadExited(live_ == 1); // one thread fewer to wait for
  clusterThreadExited(*l);
  if (l->warp->waiting != 0) {
    warpOpSkipped(*l->warp, std::uint64_t{1} << l->lane, nullptr);
    tryCompleteWarpOps(*l->warp); // exited lanes are not waited for
  }
  if (--live_ == 0) {
    copies_.landAll(); // copies of exited threads land at the latest when the block ends
    done_ = true;
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

// Out of line: the direct path's inline access stays small.
[[gnu::noinline]] void BlockExecutor::screenDirect(std::uintptr_t addr, std::uint32_t size,
                                                   AccessKind kind, MemorySpace space) {
  if (AccessGuard *g = grid_.accessGuard();
      g != nullptr && !g->check(info, addr, size, kind, space, nullptr, nullptr))
    restartOnFibers("the memory checker rejected an access");
  screenAccess(addr, size, kind, space);
  if (space == MemorySpace::Shared && kind == AccessKind::Load && size == 4 && (addr & 3) == 0) {
    const std::uintptr_t w = (addr - info.smem_base) >> 2;
    if ((w >> 6) >= screenedShared_.size())
      screenedShared_.resize((w >> 6) + 1, 0);
    screenedShared_[w >> 6] |= std::uint64_t{1} << (w & 63);
  }
}

void BlockExecutor::screenAccess(std::uintptr_t addr, std::uint32_t size, AccessKind kind,
                                 MemorySpace space) {
  for (DirectScreen *s : grid_.screens())
    if (!s->directAccess(info, addr, size, kind, space))
      restartOnFibers("a checker would judge an access (the initialisation checker: bytes no "
                      "one wrote before)");
}

// The access guard found the access invalid: reported (the launch ends),
// or with --memory-error continue suppressed. Out of line: the hot path's
// frame stays small.
[[gnu::noinline]] void BlockExecutor::guardFailed(Lane *l, AccessGuard &g, std::uintptr_t addr,
                                                std::uint32_t size, AccessKind kind,
                                                MemorySpace space, std::uintptr_t pc) {
  serialPoint(l, pc); // what the guard found is reported in round order
  Finding gf;
  cudaError_t ge = cudaErrorIllegalAddress;
  g.check(info, addr, size, kind, space, &gf, &ge);
  gf.sites.insert(gf.sites.begin(),
                  siteOf(l, pc, currentSiteId(), "access")); // before any the guard added
  // Going on needs memory to make the access in: device memory that is
  // mapped (a redzone, a freed allocation, the rest of a shared window).
  if (rt_.options.memory_error_continue && size <= sizeof l->fault_saved &&
      rt_.memory.mapped(addr, size)) {
    if (recording_ && grid_.engine() == LaunchEngine::Recorded)
      recordFinding(l, RecordedEvent::Suppressed, cudaSuccess, std::move(gf));
    else
      g.suppressed(std::move(gf));
    suppress(*l, addr, size, kind);
    return;
  }
  abortLaunch(l, ge, std::move(gf));
}

[[gnu::noinline]] void BlockExecutor::invalidAddress(Lane *l, std::uintptr_t addr,
                                                   std::uint32_t size, AccessKind kind,
                                                   AddressClass c, std::uintptr_t pc) {
  const std::size_t sharedEnd = grid_.sharedLayout().end();
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

void BlockExecutor::access(Lane *l, std::uintptr_t addr, std::uint32_t size, AccessKind kind,
                           MemoryOrder order, std::uintptr_t pc, Scope scope, Proxy proxy,
                           bool atomicLoad, std::uint8_t commute) {
  restoreSuppressed(*l); // a suppressed access just before this one has happened
  // The thread's own stack is private: nothing to check or schedule (but a
  // register a wgmma in flight still owns: WgmmaExecution.cpp).
  if (addr - l->stack_lo < l->stack_hi - l->stack_lo) {
    if (l->wgmma_regs != 0) [[unlikely]]
      wgmmaRegisterAccess(l, addr, size, kind != AccessKind::Load, pc);
    return;
  }
  const std::size_t sharedEnd = grid_.sharedLayout().end();
  // The common cases inline (global memory, the block's own shared memory);
  // everything else, faults included, through classifyAddress.
  AddressClass c;
  if (rt_.memory.inGlobalRegion(addr))
    c = {rt_.memory.globalSpaceOf(addr), AddressFault::None};
  else if (addr - info.smem_base < MemoryMap::kSharedWindow &&
           addr - info.smem_base + size <= sharedEnd)
    c = {MemorySpace::Shared, AddressFault::None};
  else if (rt_.memory.inParam(addr)) // every thread's loads of its arguments
    c = {MemorySpace::Param, AddressFault::None};
  else
    c = classifyAddress(rt_, slot, sharedEnd, addr, size);
  if (AccessGuard *g = grid_.accessGuard();
      g != nullptr && !g->check(info, addr, size, kind, c.space, nullptr, nullptr)) [[unlikely]] {
    if (direct_) // what it reports, fibers report where they meet it
      restartOnFibers("the memory checker rejected an access");
    guardFailed(l, *g, addr, size, kind, c.space, pc);
    return; // suppressed (--memory-error continue): the access does not happen for anyone
  }
  if (c.fault != AddressFault::None) [[unlikely]]
    invalidAddress(l, addr, size, kind, c, pc);
  if (c.space == MemorySpace::Param && kind == AccessKind::Load)
    return;
  PendingEvent &e = l->ev;
  e.kind = EventKind::Access;
  e.access = kind;
  e.space = c.space;
  e.order = order;
  e.scope = scope;
  e.proxy = proxy;
  e.copyWrite = copies_.writingDestination();
  e.atomicLoad = atomicLoad;
  e.size = size;
  e.addr = addr;
  e.pc = pc;
  e.position = codePosition(pc);
  // The direct path reports nothing at an access that happens.
  e.site = watch_ == nullptr ? currentSiteId() : kNoSite;
  if (recording_) {
    if (direct_ && grid_.checkedDirect()) [[unlikely]] {
      if (proxy != Proxy::Generic)
        restartOnFibers("a texture or surface access under the checkers");
      screenAccess(addr, size, kind, c.space); // the guard judged it above
      // Atomics of too narrow a scope race where they meet (RaceDetector).
      if (!model::scopeSpansReach(scope, c.space == MemorySpace::Shared))
        commute = 0;
    }
    if (watch_ != nullptr && c.space != MemorySpace::Constant &&
        !watch_->access(cursor_, serial_, addr, size, kind != AccessKind::Load && !atomicLoad,
                        c.space == MemorySpace::Shared, commute))
      restartOnFibers("two threads met on a word of memory, one writing,");
    record(l);
    return;
  }
  // The fast schedule issues it at once, alone; others stop the lane until
  // its warp issues it.
  if (!schedule_->accessAlone(*this, *l)) {
    l->state = LaneState::AtEvent;
    yieldToScheduler(l);
  }
  // The lane performs its atomic right after this, with no other lane in
  // between: what memory holds now is what it finds.
  if (kind == AccessKind::Atomic && !atomicLoad && size <= sizeof l->atomic_old &&
      !rt_.storeObservers.empty()) {
    std::memcpy(l->atomic_old, reinterpret_cast<const void *>(addr), size);
    l->atomic_found = true;
  }
}

void BlockExecutor::atomicDone(Lane &l) {
  if (!l.atomic_found || l.watch_size == 0)
    return;
  StoreDone s{&info, l.warp->index, l.lane, l.watch_addr, l.watch_size};
  s.before = l.atomic_old;
  for (Observer *o : rt_.storeObservers)
    o->onStoreDone(s);
  l.atomic_found = false;
}

PendingEvent &BlockExecutor::event(Lane *l, EventKind kind, std::uintptr_t pc) {
  restoreSuppressed(*l);
  PendingEvent &e = l->ev;
  e.kind = kind;
  e.pc = pc;
  e.position = codePosition(pc);
  e.site = pc != 0 && watch_ == nullptr ? currentSiteId() : kNoSite;
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

void BlockExecutor::fence(Lane *l, FenceScope scope, std::uintptr_t pc, std::uint8_t proxySpaces,
                          MemoryOrder order, std::uintptr_t addr) {
  FenceEvent alone{&info, l->warp->index, std::uint64_t{1} << l->lane, pc, scope, proxySpaces,
                   order, currentSiteId()};
  alone.addr = addr;
  if (schedule_->fenceAlone(*this, *l, alone))
    return;
  PendingEvent &e = event(l, EventKind::Fence, pc);
  e.fence = scope;
  e.proxyFence = proxySpaces;
  e.fenceOrder = order;
  e.addr = addr;
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
  if (grid_.layoutFixed() && var->epoch != info.launch->id)
    restartOnFibers("a __shared__ variable the launch's first block did not use, first used "
                    "while blocks ran on several host threads");
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

} // namespace warpsim::sim
