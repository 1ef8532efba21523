#include "Engine.h"

#include <algorithm>
#include <chrono>
#include <cstring>
#include <map>

#include "Runtime.h"
#include "warpsim/model/Reconvergence.h"

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
  warpFindings_.clear();
  sharedVars_.clear();
  smemEnd_ = launch.dynamic_smem;
  // Fresh shared memory holds a fill pattern, not zeros, as on a GPU it
  // holds whatever the last block left: prepare what the launch can use.
  {
    std::size_t statics = launch.site->static_smem != kUnknownSmem
                              ? launch.site->static_smem
                              : rt_.arch.static_shared_per_block;
    smemPrepared_ =
        std::min(MemoryMap::kSharedWindow, (launch.dynamic_smem + 127) / 128 * 128 + statics + 128);
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
  stats_.kernel_ns +=
      static_cast<std::uint64_t>(std::chrono::duration_cast<std::chrono::nanoseconds>(
                                     std::chrono::steady_clock::now() - started)
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
    wp.waiting = 0;
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

void Engine::watchWrite(Lane &l, std::uintptr_t addr, std::uint32_t size) {
  if (size > sizeof l.watch_old) {
    progress(); // a wide copy: assume it changes something
    return;
  }
  l.watch_addr = addr;
  l.watch_size = size;
  std::memcpy(l.watch_old, reinterpret_cast<const void *>(addr), size);
}

void Engine::checkWatchedWrite(Lane &l) {
  if (l.watch_size == 0)
    return;
  if (std::memcmp(l.watch_old, reinterpret_cast<const void *>(l.watch_addr), l.watch_size) != 0)
    progress();
  l.watch_size = 0;
}

void Engine::afterResume(Lane *l) {
  // The lane has performed the write it was issued with: did it change memory?
  checkWatchedWrite(*l);
  if (l->state == LaneState::Exited) {
    laneExited(l);
    return;
  }
  if (rt_.options.schedule != Schedule::Fast)
    return;
  // Fast schedule: no warp instructions; act on the lane's stop at once.
  if (l->ev.kind == EventKind::Barrier) {
    BarrierEvent e{&l->block->info, l->warp->index, std::uint64_t{1} << l->lane,
                   l->ev.pc,        l->ev.barrier,  l->block->barrier.phase()};
    for (Observer *o : rt_.observers)
      o->onBarrierArrive(e);
    arriveAtBarrier(l);
  } else if (l->ev.kind == EventKind::WarpOp) {
    issueWarpOp(*l->warp, std::uint64_t{1} << l->lane);
    return;
  } else {
    l->state = LaneState::Ready; // preempted: runs again next round
    if (++sinceProgress_ > rt_.options.spin_limit / rt_.options.fast_quantum + 1)
      reportLivelock();
  }
  // A lane that blocked may be what a waiting __activemask waits for.
  if (l->warp->waiting != 0)
    tryCompleteWarpOps(*l->warp);
}

// Reconvergence rule: among the lanes stopped at events, issue the group at
// the deepest call depth, then the lowest code address. Structured code is
// laid out in source order, so lanes that took a shorter path wait at the
// join point until the others arrive there; lanes still in a loop run
// before lanes that left it. Lanes form one group only with the same
// address, the same call stack and the same kind of event.
std::uint64_t Engine::selectGroup(Warp &w) {
  Lane *lanes = &w.block->lanes[w.first];
  std::uint64_t candidates = 0;
  for (std::uint32_t i = 0; i < w.count; ++i)
    if (lanes[i].state == LaneState::AtEvent)
      candidates |= std::uint64_t{1} << i;
  if (candidates == 0)
    return 0;
  auto stop = [lanes](int i) {
    const Lane &l = lanes[i];
    return model::LaneStop{l.depth, l.ev.pc, l.stack_hash, static_cast<std::uint8_t>(l.ev.kind)};
  };
  int leader = model::reconvergenceLeader(candidates, stop);
  if (rt_.options.schedule == Schedule::Random) {
    // Any stopped lane may lead: a seeded choice among the distinct groups.
    int n = __builtin_popcountll(candidates);
    int pick = static_cast<int>(rng_() % static_cast<std::uint64_t>(n));
    std::uint64_t m = candidates;
    for (int k = 0; k < pick; ++k)
      m &= m - 1;
    leader = __builtin_ctzll(m);
  }
  auto groupOf = [&](int lead) { return model::reconvergenceGroup(candidates, lead, stop); };
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
      if (a.kind != AccessKind::Load)
        watchWrite(l, l.ev.addr, l.ev.size);
    }
    stats_.accesses += a.count;
    for (Observer *o : rt_.observers)
      o->onWarpAccess(a);
    break;
  }
  case EventKind::Barrier: {
    BarrierEvent e{&w.block->info, w.index,         group,
                   lead.ev.pc,     lead.ev.barrier, w.block->barrier.phase()};
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
  case EventKind::WarpOp:
    issueWarpOp(w, group);
    break;
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
    case BarrierKind::Block:
      l.result = 0;
      break;
    case BarrierKind::Count:
      l.result = count;
      break;
    case BarrierKind::And:
      l.result = count == arrived ? 1 : 0;
      break;
    case BarrierKind::Or:
      l.result = count != 0 ? 1 : 0;
      break;
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
  if (l->warp->waiting != 0)
    tryCompleteWarpOps(*l->warp); // exited lanes are not waited for
  if (--b.live == 0)
    b.done = true;
}

// ------------------------------------------------------------ warp ops

namespace {
std::string hexMask(std::uint64_t m, unsigned warpSize) {
  if (warpSize < 64)
    m &= (std::uint64_t{1} << warpSize) - 1;
  char buf[24];
  std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(m));
  return buf;
}
std::string laneList(std::uint64_t m) {
  std::vector<std::uint32_t> ids;
  for (; m != 0; m &= m - 1)
    ids.push_back(static_cast<std::uint32_t>(__builtin_ctzll(m)));
  return (ids.size() == 1 ? "lane " : "lanes ") + rangeList(ids);
}
} // namespace

// A finding about a warp operation, reported once per call site and kind of
// problem in a launch.
void Engine::warpFinding(const Lane &l, const char *kind, const char *what, Severity sev,
                         std::string message, std::uint64_t lanes) {
  const std::string key = std::string(kind) + ":" + what;
  for (const auto &[pc, k] : warpFindings_)
    if (pc == l.ev.pc && k == key)
      return;
  warpFindings_.emplace_back(l.ev.pc, key);
  Finding f;
  f.kind = kind;
  f.severity = sev;
  f.kernel = launch_->site->kernel_name;
  f.launch = launch_->id;
  f.message = std::move(message);
  FindingSite site = siteOf(&l, l.ev.pc, "warp-op");
  site.detail = std::string("calls ") + model::warpOpName(l.ev.op);
  if (lanes != 0) {
    std::vector<std::uint32_t> ids;
    for (std::uint64_t m = lanes; m != 0; m &= m - 1)
      ids.push_back(l.warp->first + static_cast<std::uint32_t>(__builtin_ctzll(m)));
    site.thread_count = static_cast<std::uint32_t>(ids.size());
    site.threads = rangeList(ids);
  }
  f.sites.push_back(std::move(site));
  rt_.findings.add(f);
}

// A group of lanes arrives at a warp operation (one lane in the fast
// schedule). __activemask executes at once for the group; every other
// operation waits until all lanes its mask names have arrived.
void Engine::issueWarpOp(Warp &w, std::uint64_t group) {
  Lane *lanes = &w.block->lanes[w.first];
  Lane &lead = lanes[__builtin_ctzll(group)];
  const bool fast = rt_.options.schedule == Schedule::Fast;
  if (lead.ev.op == model::WarpOp::ActiveMask && !fast) {
    completeWarpOp(w, group);
    return;
  }
  std::uint64_t notInMask = 0;
  for (std::uint64_t m = group; m != 0; m &= m - 1) {
    Lane &l = lanes[__builtin_ctzll(m)];
    const std::uint64_t self = std::uint64_t{1} << l.lane;
    // A lane whose mask does not name it (undefined in CUDA) executes the
    // operation alone.
    l.ev.eff_mask = l.ev.mask;
    if (l.ev.op != model::WarpOp::ActiveMask && (l.ev.mask & self) == 0) {
      notInMask |= self;
      l.ev.eff_mask = self;
    }
    l.state = LaneState::AtWarpOp;
    ++w.waiting;
  }
  if (notInMask != 0)
    warpFinding(lanes[__builtin_ctzll(notInMask)], "warp-sync-mask", "self", Severity::Error,
                std::string(model::warpOpName(lead.ev.op)) + " is called by " +
                    laneList(notInMask) + " with mask " +
                    hexMask(lead.ev.mask, launch_->warp_size) +
                    ", which does not name the calling lane (CUDA: undefined behaviour)",
                notInMask);
  tryCompleteWarpOps(w);
}

void Engine::tryCompleteWarpOps(Warp &w) {
  Lane *lanes = &w.block->lanes[w.first];
  bool again = true;
  while (again && w.waiting != 0) {
    again = false;
    model::WarpOpStop stops[64];
    bool anyRunning = false;
    for (std::uint32_t i = 0; i < w.count; ++i) {
      const Lane &l = lanes[i];
      stops[i].present = l.state != LaneState::Exited;
      stops[i].arrived = l.state == LaneState::AtWarpOp;
      stops[i].op = l.ev.op;
      stops[i].pc = l.ev.pc;
      stops[i].stack = l.stack_hash;
      stops[i].mask = l.ev.eff_mask;
      anyRunning |= l.state == LaneState::Ready || l.state == LaneState::AtEvent;
    }
    std::uint64_t done = 0;
    for (std::uint32_t i = 0; i < w.count; ++i) {
      if (!stops[i].arrived || (done >> i & 1) != 0)
        continue;
      std::uint64_t set;
      if (stops[i].op == model::WarpOp::ActiveMask) {
        // Fast schedule: the lanes that reach this __activemask before the
        // warp's other lanes block or exit are the active ones.
        if (anyRunning)
          continue;
        set = 0;
        for (std::uint32_t j = 0; j < w.count; ++j)
          if (stops[j].arrived && model::sameWarpOp(stops[i], stops[j]))
            set |= std::uint64_t{1} << j;
      } else {
        model::WarpSyncSet r = model::warpSyncSet(stops, w.count, i);
        set = r.participants;
        if (set == 0)
          continue;
        if (r.masks_differ)
          warpFinding(lanes[i], "warp-sync-mask", "differ", Severity::Error,
                      std::string("lanes ") + "of a warp call " + model::warpOpName(stops[i].op) +
                          " together with different masks (CUDA: all lanes named in the mask "
                          "must pass the same mask)",
                      set);
      }
      done |= set;
      for (std::uint64_t m = set; m != 0; m &= m - 1)
        stops[__builtin_ctzll(m)].arrived = false;
      completeWarpOp(w, set);
      again = true;
    }
  }
}

void Engine::completeWarpOp(Warp &w, std::uint64_t participants) {
  Lane *lanes = &w.block->lanes[w.first];
  Lane &lead = lanes[__builtin_ctzll(participants)];
  const model::WarpOp op = lead.ev.op;
  model::WarpOperand ops[64];
  std::uint64_t out[64];
  for (std::uint64_t m = participants; m != 0; m &= m - 1) {
    const int i = __builtin_ctzll(m);
    ops[i] = lanes[i].ev.operand;
  }
  std::uint64_t bad = 0;
  model::computeWarpOp(op, launch_->warp_size, participants, ops, out, bad);
  if (model::isShuffle(op)) {
    std::uint64_t badWidth = 0;
    for (std::uint64_t m = participants; m != 0; m &= m - 1) {
      const int i = __builtin_ctzll(m);
      if (!model::validShuffleWidth(ops[i].width, launch_->warp_size))
        badWidth |= std::uint64_t{1} << i;
    }
    if (badWidth != 0)
      warpFinding(lanes[__builtin_ctzll(badWidth)], "warp-shfl-width", "width", Severity::Error,
                  std::string(model::warpOpName(op)) + " with width " +
                      std::to_string(lanes[__builtin_ctzll(badWidth)].ev.operand.width) +
                      ", which is not a power of two in 1.." + std::to_string(launch_->warp_size) +
                      " (CUDA: undefined; the warp size is used)",
                  badWidth);
    if (bad != 0)
      warpFinding(lanes[__builtin_ctzll(bad)], "warp-shfl-source", "source", Severity::Error,
                  std::string(model::warpOpName(op)) + " on " + laneList(bad) +
                      " reads a lane that does not take part (not named in the mask, exited "
                      "or past the end of the block); CUDA leaves the value undefined, the lane "
                      "gets its own value",
                  bad);
  }
  ++stats_.warp_ops;
  WarpOpEvent e{&w.block->info, w.index, lead.ev.mask, participants, lead.ev.pc, op};
  for (Observer *o : rt_.observers)
    o->onWarpOp(e);
  if (model::warpOpSynchronises(op))
    for (Observer *o : rt_.observers)
      o->onWarpSync(e);
  for (std::uint64_t m = participants; m != 0; m &= m - 1) {
    const int i = __builtin_ctzll(m);
    Lane &l = lanes[i];
    l.result = out[i];
    if (l.state == LaneState::AtWarpOp)
      --w.waiting;
    l.state = LaneState::Ready;
  }
}

// At a deadlock: every warp operation still waiting names lanes that never
// arrive.
void Engine::reportStuckWarpOps() {
  for (const Block *b : resident_) {
    if (b->done)
      continue;
    for (const Warp &wc : b->warps) {
      if (wc.waiting == 0)
        continue;
      Warp &w = const_cast<Warp &>(wc);
      Lane *lanes = &w.block->lanes[w.first];
      model::WarpOpStop stops[64];
      for (std::uint32_t i = 0; i < w.count; ++i) {
        const Lane &l = lanes[i];
        stops[i] = {l.state != LaneState::Exited,
                    l.state == LaneState::AtWarpOp,
                    l.ev.op,
                    l.ev.pc,
                    l.stack_hash,
                    l.ev.eff_mask};
      }
      std::uint64_t reported = 0;
      for (std::uint32_t i = 0; i < w.count; ++i) {
        if (!stops[i].arrived || (reported >> i & 1) != 0)
          continue;
        std::uint64_t same = 0;
        for (std::uint32_t j = 0; j < w.count; ++j)
          if (stops[j].arrived && model::sameWarpOp(stops[i], stops[j]) &&
              stops[j].mask == stops[i].mask)
            same |= std::uint64_t{1} << j;
        reported |= same;
        model::WarpSyncSet r = model::warpSyncSet(stops, w.count, i);
        std::string where;
        for (std::uint64_t m = r.missing; m != 0; m &= m - 1) {
          const Lane &o = lanes[__builtin_ctzll(m)];
          where = o.state == LaneState::AtBarrier ? "waiting at __syncthreads()"
                  : o.state == LaneState::AtWarpOp
                      ? std::string("waiting at another ") + model::warpOpName(o.ev.op)
                      : "running elsewhere";
          break;
        }
        warpFinding(lanes[i], "warp-sync-mask", "stuck", Severity::Error,
                    std::string(model::warpOpName(stops[i].op)) + " with mask " +
                        hexMask(lanes[i].ev.mask, launch_->warp_size) + " waits for " +
                        laneList(r.missing) + " named in the mask, which never arrive" +
                        (where.empty() ? "" : " (" + where + ")"),
                    same);
      }
    }
  }
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
  if (guard_ != nullptr) {
    Finding gf;
    cudaError_t ge = cudaErrorIllegalAddress;
    if (!guard_->check(*l, addr, size, kind, space, pc, gf, ge)) {
      gf.sites.push_back(siteOf(l, pc, "access"));
      abortLaunch(l, ge, std::move(gf));
    }
  }
  if (!valid) {
    Finding f;
    f.kind = "invalid-address";
    f.space = spaceName(space);
    f.address = addr;
    f.size = size;
    f.message = std::string("invalid ") +
                (kind == AccessKind::Load    ? "read"
                 : kind == AccessKind::Store ? "write"
                                             : "atomic") +
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
  checkWatchedWrite(*l); // the lane's previous write has happened by now
  if (kind != AccessKind::Load)
    watchWrite(*l, addr, size);
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

std::uint64_t Engine::warpOp(Lane *l, model::WarpOp op, std::uint64_t mask,
                             const model::WarpOperand &operand, std::uintptr_t pc) {
  PendingEvent &e = l->ev;
  e.kind = EventKind::WarpOp;
  e.op = op;
  e.mask = mask;
  e.eff_mask = mask;
  e.operand = operand;
  e.pc = pc;
  e.addr = 0;
  e.size = 0;
  l->state = LaneState::AtEvent;
  yieldToScheduler(l);
  return l->result;
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

const Lane *Engine::residentLane(const BlockInfo &b, std::uint32_t thread) const {
  for (const Block *r : resident_)
    if (&r->info == &b)
      return thread < r->lanes.size() ? &r->lanes[thread] : nullptr;
  return nullptr;
}

FindingSite Engine::siteOf(const Lane *l, std::uintptr_t pc, const char *role) const {
  FindingSite s;
  s.role = role;
  s.pc = pc;
  // Frames below the kernel's own are the launch machinery.
  for (std::uint32_t d = std::min(l->depth, Lane::kMaxFrames);
       d-- > warpsim::detail::kKernelCallDepth;)
    s.stack.push_back(l->frames[d]);
  s.has_thread = true;
  s.block = l->block->info.index;
  s.thread = l->tidx;
  return s;
}

std::uintptr_t Engine::placeShared(Lane *l, SharedVar *var, std::size_t size, std::size_t align) {
  if (var->epoch != launch_->id) {
    std::size_t base = (launch_->dynamic_smem + 127) / 128 * 128;
    std::size_t off = std::max(base, (smemEnd_ + align - 1) / align * align);
    if (off + size > MemoryMap::kSharedWindow) {
      Finding f;
      f.kind = "shared-memory-exhausted";
      f.space = "shared";
      f.message = "static __shared__ variable '" + std::string(var->name) + "' (" +
                  std::to_string(size) + " bytes) does not fit in the block's shared memory";
      f.sites.push_back(
          siteOf(l, reinterpret_cast<std::uintptr_t>(__builtin_return_address(0)), "access"));
      abortLaunch(l, cudaErrorLaunchOutOfResources, std::move(f));
    }
    var->epoch = launch_->id;
    sharedVars_.push_back(var);
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
      } else if (l.state == LaneState::AtWarpOp) {
        groups[{3, l.ev.pc}].push_back(&l);
      } else if (l.started) {
        groups[{1, l.ev.pc}].push_back(&l);
      }
    }
    for (const auto &[key, lanes] : groups) {
      const Lane *first = lanes.front();
      const char *role = key.first == 0 || key.first == 3 ? "waits"
                         : key.first == 1                 ? "spins"
                                                          : "exited";
      FindingSite s = siteOf(first, key.first == 2 ? 0 : first->ev.pc, role);
      std::vector<std::uint32_t> ids;
      for (const Lane *l : lanes)
        ids.push_back(l->tid);
      s.thread_count = static_cast<std::uint32_t>(lanes.size());
      s.threads = rangeList(ids);
      if (key.first == 0) {
        s.detail = "waiting at __syncthreads()";
      } else if (key.first == 3) {
        s.detail = std::string("waiting at ") + model::warpOpName(first->ev.op) + " (mask " +
                   hexMask(first->ev.mask, launch_->warp_size) + ")";
      } else if (key.first == 1) {
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
}

// Checkers report what they found in a launch when it ends; a run that
// cannot go on ends the launch here, so nothing they found is lost.
void Engine::endLaunchForReport() {
  if (launch_ == nullptr)
    return;
  for (Observer *o : rt_.observers)
    o->onLaunchEnd(*launch_);
}

void Engine::reportDeadlock() {
  endLaunchForReport();
  Finding f;
  f.kind = "deadlock";
  f.kernel = launch_->site->kernel_name;
  f.launch = launch_->id;
  f.fatal = true;
  bool warpOps = false;
  for (const Block *b : resident_)
    for (const Warp &w : b->warps)
      warpOps |= !b->done && w.waiting != 0;
  if (warpOps)
    reportStuckWarpOps();
  f.message = warpOps ? "no thread can make progress: a barrier or warp operation can never "
                        "complete"
                      : "no thread can make progress: the barrier can never complete";
  describeWaiters(f);
  rt_.fatal(f);
}

void Engine::reportLivelock() {
  endLaunchForReport();
  Finding f;
  f.kind = "livelock";
  f.kernel = launch_->site->kernel_name;
  f.launch = launch_->id;
  f.fatal = true;
  f.message = "threads keep running without any thread changing memory, arriving at a "
              "barrier or exiting for " +
              std::to_string(rt_.options.spin_limit) +
              " warp instructions: a spin-wait that nothing will end (--spin-limit)";
  describeWaiters(f);
  rt_.fatal(f);
}

} // namespace warpsim::sim
