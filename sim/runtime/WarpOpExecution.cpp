// Warp operations as a block executes them: lanes arrive at a shuffle,
// vote, match, reduce, __syncwarp or __activemask and wait (on the warp's
// WarpSync object) until every lane their mask names has arrived; the
// operation then runs once for all of them (model/WarpOps.h computes the
// results). What the lanes did wrong travels in the events, for
// sim/checks/WarpOpChecker to report.
#include "BlockExecutor.h"
#include "GridRunner.h"
#include "MatrixExecution.h"
#include "Runtime.h"

namespace warpsim::sim {

// A group of lanes arrives at a warp operation (one lane when lanes run
// alone). As a warp instruction, __activemask executes at once for the
// group; every other operation waits until all lanes its mask names have
// arrived (and a lone __activemask until no lane of the warp still runs).
void BlockExecutor::issueWarpOp(Warp &w, std::uint64_t group, bool asWarpInstruction) {
  Lane *lanes = lanesOf(w);
  Lane &lead = lanes[__builtin_ctzll(group)];
  if (lead.ev.op == model::WarpOp::ActiveMask && asWarpInstruction) {
    completeWarpOp(w, group, -1);
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
    l.wait(SyncObjectRef{SyncObjectKind::WarpSync, w.index});
    ++w.waiting;
  }
  WarpOpArrival a{&info, w.index, group, lead.ev.mask, notInMask, lead.ev.pc, lead.ev.op};
  a.site = lead.ev.site;
  for (Observer *o : grid_.listeners())
    o->onWarpOpArrive(a);
  tryCompleteWarpOps(w);
}

void BlockExecutor::tryCompleteWarpOps(Warp &w) {
  Lane *lanes = lanesOf(w);
  bool again = true;
  while (again && w.waiting != 0) {
    again = false;
    model::WarpOpStop stops[64];
    bool anyRunning = false;
    for (std::uint32_t i = 0; i < w.count; ++i) {
      const Lane &l = lanes[i];
      stops[i].present = l.state != LaneState::Exited;
      stops[i].arrived = l.waitsOn(SyncObjectKind::WarpSync);
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
      std::int32_t differAt = -1;
      if (stops[i].op == model::WarpOp::ActiveMask) {
        // Lanes running alone: the lanes that reach this __activemask before
        // the warp's other lanes block or exit are the active ones.
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
          differAt = static_cast<std::int32_t>(i);
      }
      done |= set;
      for (std::uint64_t m = set; m != 0; m &= m - 1)
        stops[__builtin_ctzll(m)].arrived = false;
      completeWarpOp(w, set, differAt);
      if (grid_.aborted())
        return; // the direct path goes back to fibers
      again = true;
    }
  }
}

void BlockExecutor::completeWarpOp(Warp &w, std::uint64_t participants,
                                   std::int32_t masksDifferAt) {
  Lane *lanes = lanesOf(w);
  Lane &lead = lanes[__builtin_ctzll(participants)];
  const model::WarpOp op = lead.ev.op;
  const unsigned ws = grid_.launch()->warp_size;
  model::WarpOperand ops[64];
  std::uint64_t out[64];
  for (std::uint64_t m = participants; m != 0; m &= m - 1) {
    const int i = __builtin_ctzll(m);
    ops[i] = lanes[i].ev.operand;
  }
  WarpOpEvent e{&info, w.index, lead.ev.mask, participants, lead.ev.pc, op};
  e.site = lead.ev.site;
  e.masks_differ_at = masksDifferAt;
  model::computeWarpOp(op, ws, participants, ops, out, e.bad_source);
  if (model::isMatrixOp(op))
    e.missing_lanes = completeMatrixOp(op, participants, ops);
  if (model::isShuffle(op)) {
    for (std::uint64_t m = participants; m != 0; m &= m - 1) {
      const int i = __builtin_ctzll(m);
      if (!model::validShuffleWidth(ops[i].width, ws))
        e.bad_width |= std::uint64_t{1} << i;
    }
    if (e.bad_width != 0)
      e.bad_width_value = ops[__builtin_ctzll(e.bad_width)].width;
  } else {
    e.bad_source = 0;
  }
  if (watch_ != nullptr &&
      (masksDifferAt >= 0 || e.bad_width != 0 || e.bad_source != 0 || e.missing_lanes != 0)) {
    // The direct path: the warp checker reports it from fibers, where the
    // warps meet it in their order.
    grid_.restartOnFibers("a warp operation the warp checker reports");
    return;
  }
  ++stats_.warp_ops;
  for (Observer *o : grid_.listeners())
    o->onWarpOp(e);
  if (model::warpOpSynchronises(op))
    for (Observer *o : grid_.listeners())
      o->onWarpSync(e);
  // Long without progress: each lane's state is compared at its next stop
  // (checkWatchedWrite): a vote in a counted loop moves, in a spin it does
  // not (SpinEvidence.h).
  const bool watchState = sinceProgress() >= suspectSpinAfter(rt_.options);
  for (std::uint64_t m = participants; m != 0; m &= m - 1) {
    const int i = __builtin_ctzll(m);
    Lane &l = lanes[i];
    l.result = out[i];
    if (watchState) {
      l.watch_op = true;
      l.watch_pc = lead.ev.pc;
    }
    if (l.waitsOn(SyncObjectKind::WarpSync))
      --w.waiting;
    l.state = LaneState::Ready;
  }
}

// A lane named in the mask of an operation that waits for it, which makes
// an event past the operation in the same function or exits instead, does
// not execute it (issue 27 item 2): `if (lane < 16) v = __shfl_sync(FULL,
// v, 0); out[lane] = v;`. Only under lockstep, whose order is the code's:
// lanes leave a branch or loop before the lanes at a later position issue
// (the reconvergence rule), so a lane that exits by `if (i >= n) return;`
// has exited before the others wait. The fast and random schedules order
// lanes otherwise and do not report it.
void BlockExecutor::warpOpSkipped(Warp &w, std::uint64_t moving, const Lane *e) {
  if (rt_.options.schedule != Schedule::Lockstep || watch_ != nullptr)
    return;
  Lane *lanes = lanesOf(w);
  std::uint64_t seen = 0;
  for (std::uint32_t i = 0; i < w.count; ++i) {
    const Lane &l = lanes[i];
    if ((seen >> i & 1) != 0 || !l.waitsOn(SyncObjectKind::WarpSync) ||
        l.ev.op == model::WarpOp::ActiveMask)
      continue;
    const std::uint64_t skipped = moving & l.ev.eff_mask;
    if (skipped == 0)
      continue;
    if (e != nullptr &&
        (e->depth != l.depth || e->stack_hash != l.stack_hash || e->ev.position <= l.ev.position))
      continue; // still before the operation, or in another function
    const model::WarpOpStop a{true, true, l.ev.op, l.ev.pc, l.stack_hash, l.ev.eff_mask};
    std::uint64_t waiting = 0;
    for (std::uint32_t j = i; j < w.count; ++j) {
      const Lane &o = lanes[j];
      if (o.waitsOn(SyncObjectKind::WarpSync) &&
          model::sameWarpOp(a, {true, true, o.ev.op, o.ev.pc, o.stack_hash, o.ev.eff_mask}) &&
          o.ev.eff_mask == l.ev.eff_mask)
        waiting |= std::uint64_t{1} << j;
    }
    seen |= waiting;
    WarpOpSkipped s{&info, w.index, i, waiting, l.ev.mask, skipped, l.ev.pc, l.ev.op};
    s.site = l.ev.site;
    if (e != nullptr) {
      s.past_pc = e->ev.pc;
      s.past_site = e->ev.site;
    }
    for (Observer *o : grid_.listeners())
      o->onWarpOpSkipped(s);
  }
}

bool BlockExecutor::waitsAtWarpOp() const {
  if (done_)
    return false;
  for (const Warp &w : warps)
    if (w.waiting != 0)
      return true;
  return false;
}

void BlockExecutor::reportStuckWarpOps(const std::vector<Observer *> &observers) const {
  if (done_)
    return;
  for (const Warp &w : warps) {
    if (w.waiting == 0)
      continue;
    const Lane *lanes = &this->lanes[w.first];
    model::WarpOpStop stops[64];
    for (std::uint32_t i = 0; i < w.count; ++i) {
      const Lane &l = lanes[i];
      stops[i] = {l.state != LaneState::Exited,
                  l.waitsOn(SyncObjectKind::WarpSync),
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
      const model::WarpSyncSet r = model::warpSyncSet(stops, w.count, i);
      WarpOpStuck s{&info,          w.index,          i,
                    same,           lanes[i].ev.mask, r.missing,
                    lanes[i].ev.pc, stops[i].op,      WarpOpStuck::Elsewhere::Unknown,
                    stops[i].op};
      s.site = lanes[i].ev.site;
      if (r.missing != 0) {
        const Lane &o = lanes[__builtin_ctzll(r.missing)];
        if (o.waitsOn(SyncObjectKind::Barrier)) {
          s.elsewhere = WarpOpStuck::Elsewhere::AtBarrier;
        } else if (o.waitsOn(SyncObjectKind::WarpSync)) {
          s.elsewhere = WarpOpStuck::Elsewhere::AtOtherWarpOp;
          s.other_op = o.ev.op;
        } else {
          s.elsewhere = WarpOpStuck::Elsewhere::Running;
        }
      }
      for (Observer *ob : observers)
        ob->onWarpOpStuck(s);
    }
  }
}

} // namespace warpsim::sim
