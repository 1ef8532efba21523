// Deterministic parallel rounds (--jobs N): the resident blocks of a launch
// run on N host threads, and every output, finding and statistic is the
// same for every N.
//
// A round is the classic engine's round: each resident block takes one turn
// (each live warp steps once). It runs in two phases.
//  * Parallel: every block takes its turn on its host thread (slots in N
//    contiguous ranges), in isolation: it may read global bytes that are
//    shared or its own and
//    write only its own (GranuleOwners), and it touches nothing else that
//    another block could see. The first warp instruction that needs more
//    (or a serial point: the device heap, the shared-memory layout, an
//    error that ends the launch) is deferred, and the block's turn stops.
//  * Serial: in round order, each deferred block issues that instruction
//    and finishes its turn alone, on its own host thread while the others
//    wait (consecutive blocks of one thread in one hand-over); its global
//    accesses move ownership.
// Ownership changes only in serial phases, so what a block does in a
// parallel phase depends only on its own state: running blocks side by side
// or one after the other gives the same result. Device printf is buffered
// per block and flushed in round order; the livelock count is summed per
// round.

#include <algorithm>
#include <cstdio>
#include <limits>

#include "DefaultJobs.h"
#include "GridRunner.h"
#include "ParallelSlot.h"
#include "Runtime.h"
#include "SiteTable.h"

namespace warpsim::sim {

bool GridRunner::parallelEligible(const LaunchInfo &launch) {
  // Observers run beside each other only if each keeps its state per block
  // (Observer::blockParallel); then every event but accesses and CTA
  // barriers is issued in a serial phase. The other schedules draw from one
  // generator; clusters, grid barriers and the PTX model share state across
  // blocks at every step.
  warpOpsObserved_ = false;
  checkersParallel_ = false;
  for (const Observer *o : rt_.observers) {
    warpOpsObserved_ = true;
    if ((o->interests() & ~Observer::kWarpOps) == 0)
      continue;
    if (!o->blockParallel())
      return false;
    checkersParallel_ = true;
  }
  return schedule_->parallelRounds() &&
         (checkersParallel_ || (rt_.storeObservers.empty() && guard_ == nullptr)) &&
         rt_.ptx == nullptr && !launch.cooperative && clusterSize_ == 1 &&
         launch.grid.volume() >= 2 && launch.grid.volume() < GranuleOwners::kMaxBlocks;
}

void GridRunner::phaseEnded(const std::vector<std::uint32_t> &slots) {
  for (Observer *o : rt_.observers)
    o->onPhaseEnd(slots);
}

bool GridRunner::turn(BlockExecutor &b, std::uint32_t from) {
  bool ran = false;
  for (std::uint32_t i = from; i < b.warps.size(); ++i) {
    Warp &w = b.warps[i];
    if (w.live == 0) {
      b.round().quantumFrom = 0; // for warp `from` only
      continue;
    }
    ran |= schedule_->step(b, w);
    if (aborted_ || b.round().deferred())
      break;
  }
  // Lanes issued with an access make it within this phase.
  if (!aborted_)
    b.settle();
  return ran;
}

void GridRunner::serialTurn(BlockExecutor &b) {
  RoundState &r = b.round();
  if (!r.serialOnly && !r.deferred())
    return;
  r.phase = RoundState::Phase::Serial;
  ++totals_.serial_turns;
  if (r.serialOnly) { // its copies in flight land: the whole turn alone
    r.serialOnly = false;
    r.turnDone = true;
    r.turnProgress |= turn(b, 0);
  } else {
    Warp *w = r.deferredWarp;
    r.deferredWarp = nullptr;
    // A serial point is no instruction of the GPU's: the warp still
    // takes its step this round, in the next phase.
    const bool serialPoint =
        b.lanesOf(*w)[__builtin_ctzll(r.deferredGroup)].ev.kind == EventKind::Serial;
    b.issue(*w, r.deferredGroup);
    b.stepWithoutProgress(rt_.options.spin_limit);
    b.settle(); // the issued lanes make their accesses in this phase
    r.turnProgress = true;
    // The warp goes on with the rest of its quantum next phase.
    const unsigned next = r.deferredAt + (serialPoint ? 0 : 1);
    const bool rest = next < rt_.options.warp_quantum;
    r.turnFrom = rest ? w->index : w->index + 1;
    r.quantumFrom = rest ? next : 0;
  }
  if (checkersParallel_) {
    phaseSlots_.assign(1, b.slot);
    phaseEnded(phaseSlots_);
  }
}

HostWorkers &GridRunner::hostWorkers() {
  if (!workers_) {
    // Default: the idle cores this process may run on (DefaultJobs.h).
    // More threads than resident blocks would only wait.
    unsigned n = rt_.options.jobs;
    if (n == 0) {
      char why[96];
      n = defaultJobsNow(why, sizeof why);
      static bool said = false;
      if (rt_.options.engine_notes && !said) {
        said = true;
        std::fprintf(stderr, "warpsim: jobs: %u host thread%s by default (%s)\n", n,
                     n == 1 ? "" : "s", why);
      }
    }
    n = std::clamp(n, 1u, std::max(1u, rt_.options.resident_blocks));
    workers_ = std::make_unique<HostWorkers>(n, &installCrashStackForThread);
  }
  return *workers_;
}

bool GridRunner::parallelRound() {
  hostWorkers();
  const unsigned n = workers_->size();
  ++totals_.parallel_rounds;
  for (BlockExecutor *b : round_)
    b->round().begin(sinceProgress_, sinceChange_, !b->copies().empty());
  // Parallel and serial phases alternate until every block has taken its
  // turn: a deferred block issues its one instruction in the serial phase
  // and goes on with its turn in the next parallel phase.
  for (bool again = true; again && !aborted_;) {
    workers_->forEach([this, n](unsigned w) {
      for (BlockExecutor *b : round_) {
        RoundState &r = b->round();
        if (workerOf(b->slot, n) != w || r.turnDone || r.serialOnly)
          continue;
        r.phase = RoundState::Phase::Parallel;
        ParallelSlotScope scope(checkersParallel_ ? static_cast<int>(b->slot) : -1);
        r.turnProgress |= turn(*b, r.turnFrom);
        r.turnDone = !r.deferred();
      }
    });
    if (checkersParallel_) {
      phaseSlots_.clear();
      for (BlockExecutor *b : round_)
        phaseSlots_.push_back(b->slot);
      phaseEnded(phaseSlots_);
    }
    again = false;
    // In round order; consecutive blocks of one host thread in one hand-over.
    for (std::size_t i = 0; i < round_.size() && !aborted_;) {
      const unsigned w = workerOf(round_[i]->slot, n);
      std::size_t end = i;
      bool serial = false;
      for (; end < round_.size() && workerOf(round_[end]->slot, n) == w; ++end)
        serial |= round_[end]->round().serialOnly || round_[end]->round().deferred();
      if (serial)
        workers_->on(w, [this, i, end](unsigned) {
          for (std::size_t k = i; k < end && !aborted_; ++k)
            serialTurn(*round_[k]);
        });
      for (std::size_t k = i; k < end; ++k)
        again |= !round_[k]->round().turnDone;
      i = end;
    }
  }

  bool ran = false, progressed = false, changed = false;
  std::uint64_t since = std::numeric_limits<std::uint64_t>::max(), steps = 0;
  std::uint64_t sinceChange = std::numeric_limits<std::uint64_t>::max();
  for (BlockExecutor *b : round_) {
    RoundState &r = b->round();
    ran |= r.turnProgress;
    rt_.devicePrintf += r.printfOut;
    r.printfOut.clear();
    if (r.progressedInPhase) {
      progressed = true;
      since = std::min(since, b->sinceProgress());
    }
    if (r.changedInPhase) {
      changed = true;
      sinceChange = std::min(sinceChange, r.sinceChange);
    }
    steps += r.phaseSteps;
    r.phase = RoundState::Phase::Parallel;
  }
  // As the one-thread count would have it for a single block: the warp
  // instructions since the last progress (the smallest such count over the
  // blocks that made progress), or, with none, all of this round's on top.
  sinceProgress_ = progressed ? since : sinceProgress_ + steps;
  sinceChange_ = changed ? sinceChange : sinceChange_ + steps;
  if (!aborted_ && sinceProgress_ > rt_.options.spin_limit)
    reportLivelock();
  return ran;
}

// ---- the block's side

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
  return round_.classic() ? rt_.devicePrintf : round_.printfOut;
}

void BlockExecutor::serialPoint(Lane *l, std::uintptr_t pc) {
  if (!round_.inParallelPhase() || recording_)
    return;
  event(l, EventKind::Serial, pc);
  stop(l);
}

void BlockExecutor::checkedSerialPoint(Lane *l, std::uintptr_t pc) {
  if (round_.inParallelPhase() && grid_.checkersParallel())
    serialPoint(l, pc);
}

bool BlockExecutor::mustDefer(Warp &w, std::uint64_t group) {
  Lane *lanes = lanesOf(w);
  const bool parallel = round_.inParallelPhase();
  const EventKind kind = lanes[__builtin_ctzll(group)].ev.kind;
  if (parallel &&
      (kind == EventKind::Serial || (kind == EventKind::WarpOp && grid_.warpOpsObserved())))
    return true;
  // Checkers beside each other see only accesses and CTA barriers.
  const bool checkers = grid_.checkersParallel();
  if (parallel && checkers && kind != EventKind::Access && kind != EventKind::Barrier &&
      kind != EventKind::Preempt && kind != EventKind::None)
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
      if (parallel)
        return true;
      continue;
    }
    if (e.space != MemorySpace::Global && e.space != MemorySpace::Managed) {
      if (!read && parallel)
        return true; // constant or parameter memory written: let the serial phase see
      continue;
    }
    if (round_.inSerialPhase()) {
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

} // namespace warpsim::sim
