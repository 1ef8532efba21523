#include "WarpSchedule.h"

#include <algorithm>

#include "BlockExecutor.h"
#include "GridRunner.h"
#include "Runtime.h"
#include "warpsim/model/Reconvergence.h"

namespace warpsim::sim {

namespace {
constexpr std::uint32_t kStarvationLimit = 256;
} // namespace

template <class AfterRun>
WarpSchedule::Ran WarpSchedule::runReady(BlockExecutor &x, Warp &w, AfterRun afterRun) {
  Lane *lanes = x.lanesOf(w);
  Ran r = Ran::None;
  for (std::uint32_t i = 0; i < w.count; ++i) {
    Lane *l = &lanes[i];
    if (l->state != LaneState::Ready)
      continue;
    r = Ran::Some;
    // Lanes after `l` may have run too (BlockExecutor::run): go on after
    // the last one.
    Lane *last = x.run(l);
    if (last == nullptr)
      return Ran::Aborted;
    afterRun(last);
    i = last->lane;
  }
  return r;
}

bool LockstepSchedule::step(BlockExecutor &x, Warp &w) {
  const Options &o = x.options();
  bool progressed = false;
  // A warp whose step a serial phase interrupted goes on with what is left
  // of its quantum (parallel rounds), as it would have on one thread.
  RoundState &round = x.round();
  unsigned q = round.quantumFrom;
  round.quantumFrom = 0;
  for (; q < o.warp_quantum; ++q) {
    const Ran ran = runReady(x, w, [](Lane *) {});
    if (ran == Ran::Aborted)
      return true;
    progressed |= ran == Ran::Some;
    const std::uint64_t group = selectGroup(x, w);
    if (group == 0)
      break;
    x.issue(w, group);
    progressed = true;
    if (round.deferred()) {
      round.deferredAt = q;
      break; // waits for the serial phase (GridRunner's parallel rounds)
    }
    x.stepWithoutProgress(o.spin_limit);
  }
  return progressed;
}

// Reconvergence rule: among the lanes stopped at events, issue the group at
// the deepest call depth, then the lowest code position (the static site's
// row, numbered in -O0's layout order, else the code address). Structured
// code is laid out in source order at -O0, so lanes that took a shorter path wait at the
// join point until the others arrive there; lanes still in a loop run
// before lanes that left it. Lanes form one group only with the same
// address, the same call stack and the same kind of event.
std::uint64_t LockstepSchedule::selectGroup(BlockExecutor &x, Warp &w) {
  Lane *lanes = x.lanesOf(w);
  std::uint64_t candidates = 0;
  for (std::uint32_t i = 0; i < w.count; ++i)
    if (lanes[i].state == LaneState::AtEvent)
      candidates |= std::uint64_t{1} << i;
  if (candidates == 0)
    return 0;
  auto stop = [lanes](int i) {
    const Lane &l = lanes[i];
    return model::LaneStop{l.depth, l.ev.pc, l.stack_hash, static_cast<std::uint8_t>(l.ev.kind),
                           l.ev.position};
  };
  const int lead = leader(candidates, model::reconvergenceLeader(candidates, stop));
  auto groupOf = [&](int first) { return model::reconvergenceGroup(candidates, first, stop); };
  std::uint64_t group = groupOf(lead);
  // Independent thread scheduling guarantees diverged paths progress: a
  // group that keeps running (a spin loop) without any progress while other
  // lanes of its warp wait gives them a turn.
  if (x.options().thread_model == ThreadModel::Independent && group == w.lastGroup &&
      (candidates & ~group) != 0) {
    if (++w.streak >= kStarvationLimit && x.sinceChange() >= w.streak) {
      group = groupOf(__builtin_ctzll(candidates & ~group));
      w.streak = 0;
    }
  } else {
    w.streak = 0;
  }
  w.lastGroup = group;
  return group;
}

void RandomSchedule::beginLaunch(const Options &o, std::uint64_t launchId) {
  mirror_ = o.seed % 2 == 0 && o.seed != 0;
  const std::uint64_t base = mirror_ ? o.seed - 1 : o.seed;
  rng_.seed(base ^ (launchId * 0x9e3779b97f4a7c15ull));
}

// Not mirrored: a pair of seeds admits the same blocks, then runs them in
// opposite orders.
std::size_t RandomSchedule::pickAdmission(std::size_t waiting) {
  return static_cast<std::size_t>(rng_() % waiting);
}

template <class T> void RandomSchedule::shuffle(std::vector<T> &v) {
  for (std::size_t i = v.size(); i > 1; --i)
    std::swap(v[i - 1], v[static_cast<std::size_t>(rng_() % i)]);
  if (mirror_)
    std::reverse(v.begin(), v.end());
}

void RandomSchedule::orderBlocks(std::vector<BlockExecutor *> &blocks) { shuffle(blocks); }
void RandomSchedule::orderWarps(std::vector<std::uint32_t> &warps) { shuffle(warps); }

// Any stopped lane may lead: a seeded choice among the distinct groups.
int RandomSchedule::leader(std::uint64_t candidates, int) {
  const int n = __builtin_popcountll(candidates);
  const int pick = static_cast<int>(rng_() % static_cast<std::uint64_t>(n));
  std::uint64_t m = candidates;
  for (int k = 0; k < pick; ++k)
    m &= m - 1;
  return __builtin_ctzll(m);
}

bool FastSchedule::step(BlockExecutor &x, Warp &w) {
  const Options &o = x.options();
  bool progressed = false;
  for (unsigned q = 0; q < o.warp_quantum; ++q) {
    // No warp instructions: act on each lane's stop at once.
    const Ran ran = runReady(x, w, [&](Lane *l) {
      if (l->state != LaneState::Exited)
        issueStop(x, l, livelockLimit(o));
    });
    if (ran == Ran::Aborted)
      return true;
    if (ran == Ran::None)
      break;
    progressed = true;
  }
  return progressed;
}

void FastSchedule::issueStop(BlockExecutor &x, Lane *l, std::uint64_t preemptLimit) {
  if (!x.copies_.empty() && x.rt_.options.async_random)
    x.copies_.landSomeAtRandom();
  if (l->ev.kind == EventKind::Barrier) {
    const BarrierEvent e = x.arrivalEvent(*l, std::uint64_t{1} << l->lane);
    for (Observer *o : x.rt_.observers)
      o->onBarrierArrive(e);
    x.arriveAtBarrier(l, true);
  } else if (l->ev.kind == EventKind::MBarrier) {
    x.executeMBarrier(*l);
  } else if (l->ev.kind == EventKind::GridSync) {
    x.arriveAtGridSync(*l);
  } else if (l->ev.kind == EventKind::ClusterBarrier) {
    x.executeClusterBarrier(*l);
  } else if (l->ev.kind == EventKind::WarpOp) {
    x.issueWarpOp(*l->warp, std::uint64_t{1} << l->lane, false);
    return;
  } else {
    l->state = LaneState::Ready; // preempted: runs again next round
    x.stepWithoutProgress(preemptLimit);
  }
  // A lane that blocked may be what a waiting __activemask waits for.
  if (l->warp->waiting != 0)
    x.tryCompleteWarpOps(*l->warp);
}

bool FastSchedule::accessAlone(BlockExecutor &x, Lane &l) {
  const PendingEvent &e = l.ev;
  WarpAccess &a = x.scratch_;
  a.block = &x.info;
  a.warp = l.warp->index;
  a.active_mask = std::uint64_t{1} << l.lane;
  a.kind = e.access;
  a.space = e.space;
  a.order = e.order;
  a.scope = e.scope;
  a.proxy = e.proxy;
  a.copy_write = e.copyWrite;
  a.atomic_load = e.atomicLoad;
  a.pc = e.pc;
  a.site = e.site;
  a.count = 1;
  a.lanes[0] = LaneAccess{l.lane, e.size, e.addr};
  ++x.stats_.warp_instructions;
  ++x.stats_.accesses;
  x.atomicDone(l);        // its previous atomic, with what it found
  x.checkWatchedWrite(l); // the lane's previous write has happened by now
  if (e.access != AccessKind::Load)
    x.watchWrite(l, e.addr, e.size);
  x.noteRead(l, e.pc, e.addr);
  for (Observer *o : x.rt_.accessObservers)
    o->onWarpAccess(a);
  if (++l.quantum < x.rt_.options.fast_quantum)
    return true;
  // Stop with the access as the event (issueStop treats every stop but a
  // barrier or warp operation as a preemption), so reports can say what the
  // lane last did.
  l.quantum = 0;
  return false;
}

bool FastSchedule::fenceAlone(BlockExecutor &x, Lane &l, const FenceEvent &f) {
  x.atomicDone(l); // observers see the lane's atomic before its fence
  for (Observer *o : x.rt_.observers)
    o->onFence(f);
  return true;
}

std::unique_ptr<WarpSchedule> makeWarpSchedule(Schedule s) {
  switch (s) {
  case Schedule::Fast:
    return std::make_unique<FastSchedule>();
  case Schedule::Random:
    return std::make_unique<RandomSchedule>();
  case Schedule::Lockstep:
    break;
  }
  return std::make_unique<LockstepSchedule>();
}

} // namespace warpsim::sim
