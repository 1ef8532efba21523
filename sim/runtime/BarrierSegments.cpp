// The direct path for a kernel that passes CTA barriers (__syncthreads, its
// reducing forms, thread_block::sync): each lane has a fiber, but it
// switches only at a barrier. The block runs in segments: every live lane,
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
// at a barrier are no candidates of the schedule until it completes.
//
// Anything the lockstep schedule would do otherwise sends the launch back
// to fibers, undone (GridRunner::rerunOnFibers): threads that meet on a
// word, lanes waiting at different barriers (another call site or call
// stack, another reducing form), a spin, or serials that ran out.
#include <boost/context/detail/fcontext.hpp>

#include "BlockExecutor.h"
#include "GridRunner.h"
#include "Runtime.h"
#include "warpsim/model/MemoryOrdering.h"

namespace warpsim::sim {

using boost::context::detail::jump_fcontext;
using boost::context::detail::transfer_t;

void BlockExecutor::runSegments() {
  watch_ = grid_.conflictWatch();
  if (watch_ == nullptr) { // direct launches are watched (GridRunner::run)
    grid_.restartOnFibers("the launch is not watched");
    return;
  }
  recording_ = true;
  const auto n = static_cast<std::uint32_t>(lanes.size());
  std::uint32_t first = watch_->beginBlock(n);
  const StaticSite *outer = __warpsim_event_site;
  bool ok = true;
  while (ok && live_ != 0) {
    for (Warp &w : warps) {
      if (w.live == 0)
        continue;
      lockstep_.beginWarp(w.count);
      Lane *ls = lanesOf(w);
      for (std::uint32_t i = 0; i < w.count && ok; ++i) {
        Lane &l = ls[i];
        if (l.state == LaneState::Exited)
          continue;
        serial_ = first + l.tid;
        sinceStore_ = 0; // a completed barrier is progress
        ok = resumeToBarrier(l);
        __warpsim_event_site = outer;
        tl_lane = nullptr;
        restoreSuppressed(l);
        if (!ok)
          break;
        lockstep_.endLane(l.lane);
        if (l.state == LaneState::Exited)
          laneExited(&l);
      }
      if (!ok || !finishDirectWarp(w)) {
        ok = false;
        break;
      }
    }
    if (!ok || live_ == 0)
      break;
    ok = completeSegment();
    if (ok && (first = watch_->beginSegment(n)) == 0) {
      grid_.restartOnFibers("the conflict watch ran out of thread serials (2^31 per launch, "
                            "one per thread and barrier)");
      ok = false;
    }
  }
  recording_ = false;
  watch_ = nullptr;
}

// Runs `l` on its fiber to its next barrier or its end. False if it ended
// the launch (an error, or the launch goes back to fibers): then it
// unwinds back here from the fiber (restartOnFibers, recordAbort), and its
// stack is abandoned (kernel code owns no host resources).
bool BlockExecutor::resumeToBarrier(Lane &l) {
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

// On the lane's fiber: it arrived at a CTA barrier. It waits there until
// every live lane of the block has run its segment (completeSegment).
std::uint64_t BlockExecutor::segmentBarrier(Lane *l) {
  record(l); // the warp instruction it is part of
  ++stats_.barrier_arrivals;
  l->state = LaneState::Waiting;
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
