// The direct path for a kernel that passes CTA barriers (__syncthreads, its
// reducing forms, thread_block::sync) or warp operations: each lane has a
// fiber, but it switches only there. The block runs in segments: every live lane,
// in thread order, runs from the last barrier to the next one (or to its
// end) with its accesses made at once, as on the barrier-free direct path;
// then the barrier completes for all and the next segment begins. That is
// what the lockstep schedule computes whenever no two threads of a segment
// meet on a word with one writing: a barrier orders everything before it
// against everything after it in its block, and inside a segment the order
// of threads does not matter then. The watch (LaneConflictWatch) numbers
// the block's threads again at each barrier, so only accesses of the same
// segment, or of other blocks of the launch, meet. Each warp's warp
// instructions are counted per segment (LockstepCount): the lanes that wait
// at a barrier are no candidates of the schedule until it completes. A warp
// operation is a barrier of the warp: the warp's lanes run to it, one after
// another, and it is issued in the groups the schedule would form, observed
// (run's warp checker) and completed as under fibers (WarpOpExecution.cpp);
// the watch does not number threads again there.
//
// Anything the lockstep schedule would do otherwise sends the launch back
// to fibers, undone (GridRunner::rerunOnFibers): threads that meet on a
// word, lanes waiting at different barriers (another call site or call
// stack, another reducing form), a warp operation that does not complete or
// that the warp checker would report, a spin, or serials that ran out.
#include <boost/context/detail/fcontext.hpp>

#include "BlockExecutor.h"
#include "GridRunner.h"
#include "Runtime.h"
#include "warpsim/model/MemoryOrdering.h"

namespace warpsim::sim {

using boost::context::detail::jump_fcontext;
using boost::context::detail::make_fcontext;
using boost::context::detail::transfer_t;

void laneMain(transfer_t t); // BlockExecutor.cpp: a lane's fiber

void BlockExecutor::runSegments() {
  watch_ = grid_.conflictWatch();
  if (watch_ == nullptr) { // direct launches are watched (GridRunner::run)
    grid_.restartOnFibers("the launch is not watched");
    return;
  }
  recording_ = direct_ = true;
  std::uint32_t first = watch_->beginBlock(cursor_, info.linear);
  for (Lane &l : lanes)
    l.since_store = 0;
  bool ok = true;
  while (ok && live_ != 0) {
    for (Warp &w : warps)
      if (w.live != 0 && !(ok = runWarpSegment(w, first)))
        break;
    if (!ok || live_ == 0)
      break;
    ok = completeSegment();
    if (ok && (first = watch_->beginSegment(cursor_)) == 0) {
      grid_.restartOnFibers("the conflict watch ran out of thread serials (2^30 per launch, "
                            "one per thread and barrier)");
      ok = false;
    }
  }
  recording_ = direct_ = false;
  watch_ = nullptr;
}

// The warp's lanes run to the block's next barrier (or their end). Where
// they stop at a warp operation, it is issued in the groups the lockstep
// schedule would issue (LockstepCount), completes for all of them, and they
// run on. False if the launch ended or goes back to fibers.
bool BlockExecutor::runWarpSegment(Warp &w, std::uint32_t first) {
  const StaticSite *outer = __warpsim_event_site;
  Lane *ls = lanesOf(w);
  while (true) {
    lockstep_.beginWarp(w.count);
    std::uint64_t exitedAfterStops = 0; // see below: lanes a warp op may have waited for
    for (std::uint32_t i = 0; i < w.count; ++i) {
      Lane &l = ls[i];
      if (l.state != LaneState::Ready)
        continue; // exited, or waits at the block's barrier
      serial_ = first + l.tid;
      sinceStore_ = l.since_store;
      const bool ok = resumeToBarrier(l);
      l.since_store = sinceStore_;
      __warpsim_event_site = outer;
      tl_lane = nullptr;
      restoreSuppressed(l);
      if (!ok)
        return false;
      lockstep_.endLane(l.lane);
      if (l.state == LaneState::Exited) {
        spareStacks_->push_back(l.stack); // its fiber ended: the next lane may take it
        l.stack = Lane::kNoStack;
        if (lockstep_.stopped(l.lane))
          exitedAfterStops |= std::uint64_t{1} << l.lane;
        laneExited(&l);
      }
    }
    warpOpGroups_.clear();
    if (!finishDirectWarp(w, &warpOpGroups_))
      return false;
    if (warpOpGroups_.empty())
      return true; // every lane waits at the barrier or exited
    // Lanes at the block's barrier while others are at a warp operation: the
    // schedule issues their arrival only once the others join them there,
    // which this warp's count, made up to the warp operation, cannot know.
    for (std::uint32_t i = 0; i < w.count; ++i)
      if (ls[i].state == LaneState::Waiting) {
        grid_.restartOnFibers("lanes of a warp waited at a barrier and at a warp operation");
        return false;
      }
    // Lanes that went their own way to their end while others stopped at a
    // warp operation (one in a branch they skipped): the reconvergence rule
    // may have held them until the others came back, their later stops
    // issued together with the others', which this count made apart.
    const auto opLane = static_cast<std::uint32_t>(__builtin_ctzll(warpOpGroups_.front()));
    for (std::uint64_t x = exitedAfterStops; x != 0; x &= x - 1)
      if (!lockstep_.stopsPrefixOf(static_cast<std::uint32_t>(__builtin_ctzll(x)), opLane)) {
        grid_.restartOnFibers("lanes of a warp went past a warp operation others stopped at, to "
                              "their end");
        return false;
      }
    for (std::size_t g = 0; g < warpOpGroups_.size(); ++g) {
      const std::uint64_t group = warpOpGroups_[g];
      // What the warp checker would report (a lane the mask does not name,
      // here; masks that differ, a bad width or source lane, in
      // completeWarpOp) it reports from fibers: which warp meets it first
      // follows their interleaving.
      for (std::uint64_t m = group; m != 0; m &= m - 1) {
        const Lane &l = ls[__builtin_ctzll(m)];
        if (l.ev.op != model::WarpOp::ActiveMask && (l.ev.mask >> l.lane & 1) == 0) {
          grid_.restartOnFibers("a lane called a warp operation whose mask does not name it");
          return false;
        }
        // Lanes of its mask that made events of their own and exited, or
        // (below) that arrive only in a later group: under lockstep the
        // operation may have waited while they went past it
        // (WarpOpChecker's warp-sync-mask), which fibers tell.
        if (l.ev.op == model::WarpOp::ActiveMask)
          continue;
        for (std::uint64_t x = l.ev.mask & exitedAfterStops; x != 0; x &= x - 1)
          if (!lockstep_.stopsPrefixOf(static_cast<std::uint32_t>(__builtin_ctzll(x)), l.lane)) {
            grid_.restartOnFibers("lanes of a warp operation's mask made events and exited");
            return false;
          }
      }
      issueWarpOp(w, group, true);
      if (grid_.aborted())
        return false;
      if (w.waiting != 0 && g + 1 < warpOpGroups_.size()) {
        grid_.restartOnFibers("a warp operation waited for lanes of a later group");
        return false;
      }
    }
    if (w.waiting != 0) {
      grid_.restartOnFibers("a warp operation waited for lanes that did not arrive");
      return false;
    }
  }
}

// Runs `l` on its fiber to its next barrier or its end. False if it ended
// the launch (an error, or the launch goes back to fibers): then it
// unwinds back here from the fiber (restartOnFibers, recordAbort), and its
// stack is abandoned (kernel code owns no host resources).
bool BlockExecutor::resumeToBarrier(Lane &l) {
  if (l.stack == Lane::kNoStack) { // its first run (admit)
    l.stack = takeStack();
    l.stack_lo = rt_.stacks.lo(l.stack);
    l.stack_hi = rt_.stacks.hi(l.stack);
    l.ctx = make_fcontext(reinterpret_cast<void *>(l.stack_hi), l.stack_hi - l.stack_lo, &laneMain);
  }
  if (__builtin_setjmp(unwind_) != 0)
    return false;
  tl_lane = &l;
  l.started = true;
  ++stats_.switches;
  from_ = nullptr;
  const transfer_t t = jump_fcontext(l.ctx, &l);
  l.ctx = t.fctx; // from_ == &l: it waits at a barrier or exited
  return true;
}

std::uint32_t BlockExecutor::takeStack() {
  if (spareStacks_->empty())
    return rt_.stacks.acquireShared();
  const std::uint32_t s = spareStacks_->back();
  spareStacks_->pop_back();
  return s;
}

// On the lane's fiber: it stopped at a CTA barrier (it waits there until
// every live lane of the block has run its segment: completeSegment) or at
// a warp operation (runWarpSegment issues it).
std::uint64_t BlockExecutor::segmentStop(Lane *l) {
  record(l); // the warp instruction it is part of
  if (l->ev.kind == EventKind::Barrier) {
    ++stats_.barrier_arrivals;
    l->state = LaneState::Waiting;
  } else {
    l->state = LaneState::AtEvent;
  }
  from_ = l;
  l->event_site = __warpsim_event_site;
  const transfer_t t = jump_fcontext(sched_, nullptr);
  sched_ = t.fctx; // resumed by resumeToBarrier
  __warpsim_event_site = l->event_site;
  return l->result;
}

// Every live lane waits at a barrier: the same one (call site, call stack,
// form), or the launch goes back to fibers. Completes it.
bool BlockExecutor::completeSegment() {
  const Lane *ref = nullptr;
  std::uint32_t arrived = 0, count = 0;
  for (const Lane &l : lanes) {
    if (l.state == LaneState::Exited)
      continue;
    if (ref == nullptr) {
      ref = &l;
    } else {
      const PendingEvent &a = l.ev, &b = ref->ev;
      if (a.pc != b.pc || a.position != b.position || l.depth != ref->depth ||
          l.stack_hash != ref->stack_hash || a.barrier != b.barrier ||
          a.barrier_id != b.barrier_id || a.barrier_count != b.barrier_count ||
          a.flavor != b.flavor) {
        grid_.restartOnFibers("threads of a block waited at different barriers");
        return false;
      }
    }
    ++arrived;
    count += l.ev.predicate ? 1 : 0;
  }
  if (ref == nullptr)
    return true;
  if (arrived != lanes.size() && grid_.checkedDirect()) {
    grid_.restartOnFibers("threads of a block exited while others waited at a barrier (the "
                          "barrier checker judges it)");
    return false;
  }
  if (ref->ev.barrier_id != 0 || ref->ev.barrier_count != 0 ||
      ref->ev.flavor == model::BlockBarrier::Flavor::Arrive) {
    grid_.restartOnFibers("a named or counted barrier");
    return false;
  }
  const std::uint64_t result = model::barrierResult(ref->ev.barrier, count, arrived);
  for (Lane &l : lanes)
    if (l.state != LaneState::Exited) {
      l.result = result;
      l.state = LaneState::Ready;
    }
  progress();
  return true;
}

} // namespace warpsim::sim
