#include "Engine.h"

#include <algorithm>
#include <chrono>
#include <cstring>
#include <map>

#include "Runtime.h"

namespace warpsim::sim {

using boost::context::detail::jump_fcontext;
using boost::context::detail::make_fcontext;
using boost::context::detail::transfer_t;

thread_local Lane *tl_lane = nullptr;

namespace {
Engine *g_engine = nullptr;
constexpr std::uint32_t kStarvationLimit = 256;

// "0..3,7" style list of thread indices.
std::string rangeList(const std::vector<std::uint32_t> &ids) {
  std::string s;
  for (std::size_t i = 0; i < ids.size();) {
    std::size_t j = i;
    while (j + 1 < ids.size() && ids[j + 1] == ids[j] + 1)
      ++j;
    if (!s.empty())
      s += ",";
    s += std::to_string(ids[i]);
    if (j > i)
      s += ".." + std::to_string(ids[j]);
    i = j + 1;
  }
  return s;
}
} // namespace

void laneMain(transfer_t t) {
  Lane *l = static_cast<Lane *>(t.data);
  l->back = t.fctx;
  g_engine->entry_(g_engine->closure_);
  l->state = LaneState::Exited;
  jump_fcontext(l->back, nullptr);
  __builtin_unreachable();
}

// ------------------------------------------------------------------ launch

cudaError_t Engine::runGrid(LaunchInfo &launch, void (*entry)(void *), void *closure) {
  const auto started = std::chrono::steady_clock::now();
  g_engine = this;
  launch_ = &launch;
  entry_ = entry;
  closure_ = closure;
  aborted_ = false;
  abortError_ = cudaSuccess;
  sinceProgress_ = 0;
  smemEnd_ = launch.dynamic_smem;
  // Fresh shared memory holds a fill pattern, not zeros, as on a GPU it
  // holds whatever the last block left: prepare what the launch can use.
  {
    std::size_t statics = launch.site->static_smem != kUnknownSmem
                              ? launch.site->static_smem
                              : rt_.arch.static_shared_per_block;
    smemPrepared_ = std::min(MemoryMap::kSharedWindow,
                             (launch.dynamic_smem + 127) / 128 * 128 + statics + 128);
  }
  rng_.seed(rt_.options.seed ^ (launch.id * 0x9e3779b97f4a7c15ull));
  ++stats_.launches;

  const std::uint64_t total = launch.grid.volume();
  const std::uint32_t maxResident = rt_.options.resident_blocks;
  if (slots_.size() < maxResident)
    slots_.resize(maxResident);
  std::vector<std::uint32_t> freeSlots;
  for (std::uint32_t s = maxResident; s-- > 0;)
    freeSlots.push_back(s);
  resident_.clear();

  for (Observer *o : rt_.observers)
    o->onLaunchBegin(launch);

  std::uint64_t next = 0;
  while (true) {
    while (!freeSlots.empty() && next < total) {
      admit(next++, freeSlots.back());
      resident_.push_back(slots_[freeSlots.back()].get());
      freeSlots.pop_back();
    }
    if (resident_.empty())
      break;
    bool anyProgress = false;
    for (Block *b : resident_) {
      for (Warp &w : b->warps) {
        if (w.live == 0)
          continue;
        anyProgress |= stepWarp(w);
        if (aborted_)
          break;
      }
      if (aborted_)
        break;
    }
    if (aborted_)
      break;
    // Retire finished blocks in admission order, so slots free up
    // deterministically.
    for (std::size_t i = 0; i < resident_.size();) {
      if (resident_[i]->done) {
        freeSlots.push_back(resident_[i]->slot);
        retire(*resident_[i]);
        resident_.erase(resident_.begin() + static_cast<std::ptrdiff_t>(i));
        anyProgress = true;
      } else {
        ++i;
      }
    }
    if (!anyProgress)
      reportDeadlock();
  }

  if (aborted_) {
    // Abandon every lane still resident: their stacks are reused without
    // unwinding (kernel code owns no host resources).
    for (Block *b : resident_)
      retire(*b);
    resident_.clear();
  }
  for (Observer *o : rt_.observers)
    o->onLaunchEnd(launch);
  launch_ = nullptr;
  stats_.kernel_ns += static_cast<std::uint64_t>(
      std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - started)
          .count());
  return aborted_ ? abortError_ : cudaSuccess;
}

void Engine::admit(std::uint64_t linear, std::uint32_t slot) {
  if (!slots_[slot])
    slots_[slot] = std::make_unique<Block>();
  Block &b = *slots_[slot];
  const LaunchInfo &L = *launch_;
  const std::uint32_t nthreads = static_cast<std::uint32_t>(L.block.volume());
  const unsigned ws = L.warp_size;
  b.slot = slot;
  b.info.launch = launch_;
  b.info.linear = linear;
  b.info.index = model::delinearize(linear, L.grid);
  b.info.smem_base = rt_.memory.sharedWindow(slot);
  b.info.smem_size = smemPrepared_;
  b.barrier = model::BlockBarrier(nthreads);
  b.live = nthreads;
  b.done = false;
  rt_.memory.prepareSharedWindow(slot, smemPrepared_,
                                 static_cast<unsigned char>(rt_.options.shared_fill));
  b.lanes.resize(nthreads);
  const std::uint32_t nwarps = (nthreads + ws - 1) / ws;
  b.warps.resize(nwarps);
  for (std::uint32_t w = 0; w < nwarps; ++w) {
    Warp &wp = b.warps[w];
    wp.block = &b;
    wp.index = w;
    wp.first = w * ws;
    wp.count = std::min(ws, nthreads - w * ws);
    wp.live = wp.count;
    wp.lastGroup = 0;
    wp.streak = 0;
  }
  for (std::uint32_t t = 0; t < nthreads; ++t) {
    Lane &l = b.lanes[t];
    l.block = &b;
    l.warp = &b.warps[t / ws];
    l.lane = t % ws;
    l.tid = t;
    l.tidx = model::delinearize(t, L.block);
    l.state = LaneState::Ready;
    l.started = false;
    l.ev = PendingEvent{};
    l.result = 0;
    l.depth = 0;
    l.stack_hash = 0;
    l.stack = rt_.stacks.acquire();
    l.stack_lo = rt_.stacks.lo(l.stack);
    l.stack_hi = rt_.stacks.hi(l.stack);
    l.ctx = make_fcontext(reinterpret_cast<void *>(l.stack_hi), l.stack_hi - l.stack_lo, &laneMain);
  }
  ++stats_.blocks;
  stats_.threads += nthreads;
  progress();
  for (Observer *o : rt_.observers)
    o->onBlockBegin(b.info);
}

void Engine::retire(Block &b) {
  for (Lane &l : b.lanes)
    rt_.stacks.release(l.stack);
  if (!aborted_)
    for (Observer *o : rt_.observers)
      o->onBlockEnd(b.info);
}

// ------------------------------------------------------------- scheduling

void Engine::resume(Lane *l) {
  tl_lane = l;
  l->started = true;
  ++stats_.switches;
  transfer_t t = jump_fcontext(l->ctx, l);
  l->ctx = t.fctx;
  tl_lane = nullptr;
}

void Engine::yieldToScheduler(Lane *l) {
  transfer_t t = jump_fcontext(l->back, nullptr);
  l->back = t.fctx;
}

bool Engine::stepWarp(Warp &w) {
  Block &b = *w.block;
  Lane *lanes = &b.lanes[w.first];
  bool progressed = false;
  const bool fast = rt_.options.schedule == Schedule::Fast;
  for (unsigned q = 0; q < rt_.options.warp_quantum; ++q) {
    bool ran = false;
    for (std::uint32_t i = 0; i < w.count; ++i) {
      Lane *l = &lanes[i];
      if (l->state != LaneState::Ready)
        continue;
      resume(l);
      ran = true;
      if (aborted_)
        return true;
      afterResume(l);
    }
    progressed |= ran;
    if (fast) {
      if (!ran)
        break;
      continue;
    }
    std::uint64_t group = selectGroup(w);
    if (group == 0)
      break;
    issue(w, group);
    progressed = true;
    if (++sinceProgress_ > rt_.options.spin_limit)
      reportLivelock();
  }
  return progressed;
}

void Engine::afterResume(Lane *l) {
  if (l->state == LaneState::Exited) {
    laneExited(l);
    return;
  }
  if (rt_.options.schedule != Schedule::Fast)
    return;
  // Fast schedule: no warp instructions; act on the lane's stop at once.
  if (l->ev.kind == EventKind::Barrier) {
    BarrierEvent e{&l->block->info, l->warp->index, std::uint64_t{1} << l->lane, l->ev.pc,
                   l->ev.barrier, l->block->barrier.phase()};
    for (Observer *o : rt_.observers)
      o->onBarrierArrive(e);
    arriveAtBarrier(l);
  } else {
    l->state = LaneState::Ready; // preempted: runs again next round
    if (++sinceProgress_ > rt_.options.spin_limit / rt_.options.fast_quantum + 1)
      reportLivelock();
  }
}

// Reconvergence rule: among the lanes stopped at events, issue the group at
// the deepest call depth, then the lowest code address. Structured code is
// laid out in source order, so lanes that took a shorter path wait at the
// join point until the others arrive there; lanes still in a loop run
// before lanes that left it. Lanes form one group only with the same
// address, the same call stack and the same kind of event.
std::uint64_t Engine::selectGroup(Warp &w) {
  Lane *lanes = &w.block->lanes[w.first];
  int leader = -1;
  std::uint64_t candidates = 0;
  for (std::uint32_t i = 0; i < w.count; ++i) {
    const Lane &l = lanes[i];
    if (l.state != LaneState::AtEvent)
      continue;
    candidates |= std::uint64_t{1} << i;
    if (leader < 0) {
      leader = static_cast<int>(i);
      continue;
    }
    const Lane &b = lanes[leader];
    if (l.depth > b.depth || (l.depth == b.depth && l.ev.pc < b.ev.pc))
      leader = static_cast<int>(i);
  }
  if (leader < 0)
    return 0;
  if (rt_.options.schedule == Schedule::Random) {
    // Any stopped lane may lead: a seeded choice among the distinct groups.
    int n = __builtin_popcountll(candidates);
    int pick = static_cast<int>(rng_() % static_cast<std::uint64_t>(n));
    std::uint64_t m = candidates;
    for (int k = 0; k < pick; ++k)
      m &= m - 1;
    leader = __builtin_ctzll(m);
  }
  auto groupOf = [&](int lead) {
    const Lane &L = lanes[lead];
    std::uint64_t g = 0;
    for (std::uint64_t m = candidates; m != 0; m &= m - 1) {
      int i = __builtin_ctzll(m);
      const Lane &l = lanes[i];
      if (l.ev.pc == L.ev.pc && l.stack_hash == L.stack_hash && l.ev.kind == L.ev.kind)
        g |= std::uint64_t{1} << i;
    }
    return g;
  };
  std::uint64_t group = groupOf(leader);
  // Independent thread scheduling guarantees diverged paths progress: a
  // group that keeps running (a spin loop) without any progress while other
  // lanes of its warp wait gives them a turn.
  if (rt_.options.thread_model == ThreadModel::Independent && group == w.lastGroup &&
      (candidates & ~group) != 0) {
    if (++w.streak >= kStarvationLimit && sinceProgress_ >= w.streak) {
      group = groupOf(__builtin_ctzll(candidates & ~group));
      w.streak = 0;
    }
  } else {
    w.streak = 0;
  }
  w.lastGroup = group;
  return group;
}

void Engine::issue(Warp &w, std::uint64_t group) {
  Lane *lanes = &w.block->lanes[w.first];
  const Lane &lead = lanes[__builtin_ctzll(group)];
  ++stats_.warp_instructions;
  switch (lead.ev.kind) {
  case EventKind::Access: {
    WarpAccess &a = scratch_;
    a.block = &w.block->info;
    a.warp = w.index;
    a.active_mask = group;
    a.kind = lead.ev.access;
    a.space = lead.ev.space;
    a.order = lead.ev.order;
    a.pc = lead.ev.pc;
    a.count = 0;
    for (std::uint64_t m = group; m != 0; m &= m - 1) {
      Lane &l = lanes[__builtin_ctzll(m)];
      a.lanes[a.count++] = LaneAccess{l.lane, l.ev.size, l.ev.addr};
      l.state = LaneState::Ready;
    }
    stats_.accesses += a.count;
    if (a.kind != AccessKind::Load)
      progress();
    for (Observer *o : rt_.observers)
      o->onWarpAccess(a);
    break;
  }
  case EventKind::Barrier: {
    BarrierEvent e{&w.block->info, w.index, group, lead.ev.pc, lead.ev.barrier,
                   w.block->barrier.phase()};
    for (Observer *o : rt_.observers)
      o->onBarrierArrive(e);
    for (std::uint64_t m = group; m != 0; m &= m - 1)
      arriveAtBarrier(&lanes[__builtin_ctzll(m)]);
    break;
  }
  case EventKind::Fence: {
    FenceEvent e{&w.block->info, w.index, group, lead.ev.pc, lead.ev.fence};
    for (Observer *o : rt_.observers)
      o->onFence(e);
    for (std::uint64_t m = group; m != 0; m &= m - 1)
      lanes[__builtin_ctzll(m)].state = LaneState::Ready;
    break;
  }
  case EventKind::Preempt:
  case EventKind::None:
    for (std::uint64_t m = group; m != 0; m &= m - 1)
      lanes[__builtin_ctzll(m)].state = LaneState::Ready;
    break;
  }
}

void Engine::arriveAtBarrier(Lane *l) {
  ++stats_.barrier_arrivals;
  l->state = LaneState::AtBarrier;
  if (l->block->barrier.arrive(l->ev.predicate))
    completeBarrier(*l->block);
}

void Engine::completeBarrier(Block &b) {
  const std::uint32_t count = b.barrier.lastCount();
  const std::uint32_t arrived = b.barrier.lastArrived();
  for (Lane &l : b.lanes) {
    if (l.state != LaneState::AtBarrier)
      continue;
    switch (l.ev.barrier) {
    case BarrierKind::Block: l.result = 0; break;
    case BarrierKind::Count: l.result = count; break;
    case BarrierKind::And: l.result = count == arrived ? 1 : 0; break;
    case BarrierKind::Or: l.result = count != 0 ? 1 : 0; break;
    }
    l.state = LaneState::Ready;
  }
  progress();
  BarrierEvent e{&b.info, 0, 0, 0, BarrierKind::Block, b.barrier.phase() - 1};
  for (Observer *o : rt_.observers)
    o->onBarrierComplete(e);
}

void Engine::laneExited(Lane *l) {
  Block &b = *l->block;
  --l->warp->live;
  progress();
  for (Observer *o : rt_.observers)
    o->onThreadExit(b.info, l->tid);
  if (b.barrier.threadExited())
    completeBarrier(b);
  if (--b.live == 0)
    b.done = true;
}

// ------------------------------------------------------------ lane side

MemorySpace Engine::classify(Lane *l, std::uintptr_t a, std::uint32_t size, bool &valid,
                             std::string &why) const {
  const MemoryMap &mem = rt_.memory;
  valid = true;
  if (mem.inGlobalRegion(a))
    return mem.globalSpaceOf(a);
  if (mem.inSharedRegion(a)) {
    std::uint32_t slot = mem.sharedSlotOf(a);
    std::uintptr_t off = a - mem.sharedWindow(slot);
    if (slot != l->block->slot) {
      valid = false;
      why = "address is in another block's shared memory";
    } else if (off + size > smemEnd_) {
      valid = false;
      why = "shared-memory offset " + std::to_string(off) + " is past the block's " +
            std::to_string(smemEnd_) + " bytes of shared memory";
    }
    return MemorySpace::Shared;
  }
  if (rt_.stacks.contains(a))
    return MemorySpace::Local;
  if (mem.inParam(a))
    return MemorySpace::Param;
  if (const Symbol *s = mem.findSymbol(a))
    return s->space;
  if (rt_.inImageReadOnly(a))
    return MemorySpace::Constant;
  if (rt_.inImageWritable(a))
    return MemorySpace::Global;
  valid = false;
  why = mem.inGlobalReserve(a) ? "address is past the end of all device allocations"
                               : "address is host memory (not allocated with cudaMalloc, "
                                 "cudaMallocManaged or declared __device__)";
  return MemorySpace::Host;
}

void Engine::access(Lane *l, std::uintptr_t addr, std::uint32_t size, AccessKind kind,
                    MemoryOrder order, std::uintptr_t pc) {
  // The thread's own stack is private: nothing to check or schedule.
  if (addr - l->stack_lo < l->stack_hi - l->stack_lo)
    return;
  bool valid;
  std::string why;
  MemorySpace space = classify(l, addr, size, valid, why);
  if (!valid) {
    Finding f;
    f.kind = "invalid-address";
    f.space = spaceName(space);
    f.address = addr;
    f.size = size;
    f.message = std::string("invalid ") +
                (kind == AccessKind::Load ? "read" : kind == AccessKind::Store ? "write" : "atomic") +
                " of size " + std::to_string(size) + ": " + why;
    f.sites.push_back(siteOf(l, pc, "access"));
    abortLaunch(l, cudaErrorIllegalAddress, std::move(f));
  }
  if (space == MemorySpace::Param && kind == AccessKind::Load)
    return;
  PendingEvent &e = l->ev;
  e.kind = EventKind::Access;
  e.access = kind;
  e.space = space;
  e.order = order;
  e.size = size;
  e.addr = addr;
  e.pc = pc;
  if (rt_.options.schedule != Schedule::Fast) {
    l->state = LaneState::AtEvent;
    yieldToScheduler(l);
    return;
  }
  // Fast schedule: one-lane warp instruction, no stop unless the quantum ran out.
  WarpAccess &a = scratch_;
  a.block = &l->block->info;
  a.warp = l->warp->index;
  a.active_mask = std::uint64_t{1} << l->lane;
  a.kind = kind;
  a.space = space;
  a.order = order;
  a.pc = pc;
  a.count = 1;
  a.lanes[0] = LaneAccess{l->lane, size, addr};
  ++stats_.warp_instructions;
  ++stats_.accesses;
  if (kind != AccessKind::Load)
    progress();
  for (Observer *o : rt_.observers)
    o->onWarpAccess(a);
  if (++l->quantum >= rt_.options.fast_quantum) {
    l->quantum = 0;
    // Stop with the access as the event (afterResume treats every stop but
    // a barrier as a preemption), so reports can say what the lane last did.
    l->state = LaneState::AtEvent;
    yieldToScheduler(l);
  }
}

std::uint64_t Engine::barrier(Lane *l, BarrierKind kind, bool predicate, std::uintptr_t pc) {
  PendingEvent &e = l->ev;
  e.kind = EventKind::Barrier;
  e.barrier = kind;
  e.predicate = predicate;
  e.pc = pc;
  e.addr = 0;
  e.size = 0;
  l->state = LaneState::AtEvent;
  yieldToScheduler(l);
  return l->result;
}

void Engine::fence(Lane *l, FenceScope scope, std::uintptr_t pc) {
  PendingEvent &e = l->ev;
  if (rt_.options.schedule == Schedule::Fast) {
    FenceEvent f{&l->block->info, l->warp->index, std::uint64_t{1} << l->lane, pc, scope};
    for (Observer *o : rt_.observers)
      o->onFence(f);
    return;
  }
  e.kind = EventKind::Fence;
  e.fence = scope;
  e.pc = pc;
  e.addr = 0;
  e.size = 0;
  l->state = LaneState::AtEvent;
  yieldToScheduler(l);
}

void Engine::abortLaunch(Lane *l, cudaError_t error, Finding finding) {
  finding.kernel = launch_->site->kernel_name;
  finding.launch = launch_->id;
  rt_.findings.add(finding);
  aborted_ = true;
  abortError_ = error;
  l->state = LaneState::Exited;
  jump_fcontext(l->back, nullptr);
  __builtin_unreachable();
}

FindingSite Engine::siteOf(const Lane *l, std::uintptr_t pc, const char *role) const {
  FindingSite s;
  s.role = role;
  s.pc = pc;
  // Frames below the kernel's own are the launch machinery.
  for (std::uint32_t d = std::min(l->depth, Lane::kMaxFrames); d-- > warpsim::detail::kKernelCallDepth;)
    s.stack.push_back(l->frames[d]);
  s.has_thread = true;
  s.block = l->block->info.index;
  s.thread = l->tidx;
  return s;
}

std::uintptr_t Engine::placeShared(Lane *l, SharedVar *var, std::size_t size,
                                   std::size_t align) {
  if (var->epoch != launch_->id) {
    std::size_t base = (launch_->dynamic_smem + 127) / 128 * 128;
    std::size_t off = std::max(base, (smemEnd_ + align - 1) / align * align);
    if (off + size > MemoryMap::kSharedWindow) {
      Finding f;
      f.kind = "shared-memory-exhausted";
      f.space = "shared";
      f.message = "static __shared__ variable '" + std::string(var->name) + "' (" +
                  std::to_string(size) + " bytes) does not fit in the block's shared memory";
      f.sites.push_back(siteOf(l, reinterpret_cast<std::uintptr_t>(__builtin_return_address(0)), "access"));
      abortLaunch(l, cudaErrorLaunchOutOfResources, std::move(f));
    }
    var->epoch = launch_->id;
    var->offset = static_cast<std::uint32_t>(off);
    var->size = static_cast<std::uint32_t>(size);
    smemEnd_ = off + size;
    const_cast<LaunchInfo *>(launch_)->static_smem = smemEnd_ - base;
    if (smemEnd_ > smemPrepared_) {
      // A variable the front end did not know of: widen every resident window.
      std::size_t old = smemPrepared_;
      smemPrepared_ = std::min(MemoryMap::kSharedWindow, smemEnd_ + 4096);
      for (Block *b : resident_) {
        rt_.memory.prepareSharedWindow(b->slot, smemPrepared_,
                                       static_cast<unsigned char>(rt_.options.shared_fill), old);
        b->info.smem_size = smemPrepared_;
      }
    }
  }
  return l->block->info.smem_base + var->offset;
}

// --------------------------------------------------------- no way forward

void Engine::describeWaiters(Finding &f) const {
  for (const Block *b : resident_) {
    if (b->done)
      continue;
    // Group the block's lanes by what they do and where.
    std::map<std::pair<int, std::uintptr_t>, std::vector<const Lane *>> groups;
    for (const Lane &l : b->lanes) {
      if (l.state == LaneState::Exited) {
        groups[{2, 0}].push_back(&l);
      } else if (l.state == LaneState::AtBarrier) {
        groups[{0, l.ev.pc}].push_back(&l);
      } else if (l.started) {
        groups[{1, l.ev.pc}].push_back(&l);
      }
    }
    for (const auto &[key, lanes] : groups) {
      const Lane *first = lanes.front();
      const char *role = key.first == 0 ? "waits" : key.first == 1 ? "spins" : "exited";
      FindingSite s = siteOf(first, key.first == 2 ? 0 : first->ev.pc, role);
      std::vector<std::uint32_t> ids;
      for (const Lane *l : lanes)
        ids.push_back(l->tid);
      s.thread_count = static_cast<std::uint32_t>(lanes.size());
      s.threads = rangeList(ids);
      if (key.first == 0) {
        s.detail = "waiting at __syncthreads()";
      } else if (key.first == 1) {
        const PendingEvent &e = first->ev;
        s.detail = "running without progress";
        if (e.kind == EventKind::Access)
          s.detail += std::string(", last ") + (e.access == AccessKind::Load ? "reading " : "writing ") +
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
}

void Engine::reportDeadlock() {
  Finding f;
  f.kind = "deadlock";
  f.kernel = launch_->site->kernel_name;
  f.launch = launch_->id;
  f.fatal = true;
  f.message = "no thread can make progress: the barrier can never complete";
  describeWaiters(f);
  rt_.fatal(f);
}

void Engine::reportLivelock() {
  Finding f;
  f.kind = "livelock";
  f.kernel = launch_->site->kernel_name;
  f.launch = launch_->id;
  f.fatal = true;
  f.message = "threads keep running without any thread writing memory, arriving at a "
              "barrier or exiting for " +
              std::to_string(rt_.options.spin_limit) +
              " warp instructions: a spin-wait that nothing will end (--spin-limit)";
  describeWaiters(f);
  rt_.fatal(f);
}

} // namespace warpsim::sim
