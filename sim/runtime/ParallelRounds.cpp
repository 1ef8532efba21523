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
#include <sched.h>

#include <algorithm>
#include <limits>
#include <thread>

#include "GridRunner.h"
#include "ParallelSlot.h"
#include "Runtime.h"

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
  return rt_.options.schedule == Schedule::Lockstep &&
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
      b.quantumFrom = 0; // for warp `from` only
      continue;
    }
    ran |= schedule_->step(b, w);
    if (aborted_ || b.deferred())
      break;
  }
  // Lanes issued with an access make it within this phase.
  if (!aborted_)
    b.settle();
  return ran;
}

void GridRunner::serialTurn(BlockExecutor &blk) {
  BlockExecutor *b = &blk;
  if (!b->serialOnly && !b->deferred())
    return;
  b->phase = BlockExecutor::Phase::Serial;
  ++totals_.serial_turns;
  if (b->serialOnly) { // its copies in flight land: the whole turn alone
    b->serialOnly = false;
    b->turnDone = true;
    b->turnProgress |= turn(*b, 0);
  } else {
    Warp *w = b->deferredWarp;
    b->deferredWarp = nullptr;
    // A serial point is no instruction of the GPU's: the warp still
    // takes its step this round, in the next phase.
    const bool serialPoint =
        b->lanesOf(*w)[__builtin_ctzll(b->deferredGroup)].ev.kind == EventKind::Serial;
    b->issue(*w, b->deferredGroup);
    b->stepWithoutProgress(rt_.options.spin_limit);
    b->settle(); // the issued lanes make their accesses in this phase
    b->turnProgress = true;
    // The warp goes on with the rest of its quantum next phase.
    const unsigned next = b->deferredAt + (serialPoint ? 0 : 1);
    const bool rest = next < rt_.options.warp_quantum;
    b->turnFrom = rest ? w->index : w->index + 1;
    b->quantumFrom = rest ? next : 0;
  }
  if (checkersParallel_) {
    phaseSlots_.assign(1, b->slot);
    phaseEnded(phaseSlots_);
  }
}

bool GridRunner::parallelRound() {
  if (!workers_) {
    // Default: the cores this process may run on (taskset, cpusets), not
    // the machine's. More threads than resident blocks would only wait.
    unsigned n = rt_.options.jobs;
    if (n == 0) {
      cpu_set_t set;
      n = sched_getaffinity(0, sizeof set, &set) == 0 ? static_cast<unsigned>(CPU_COUNT(&set))
                                                      : std::thread::hardware_concurrency();
    }
    n = std::clamp(n, 1u, std::max(1u, rt_.options.resident_blocks));
    workers_ = std::make_unique<HostWorkers>(n, &installCrashStackForThread);
  }
  const unsigned n = workers_->size();
  ++totals_.parallel_rounds;
  for (BlockExecutor *b : round_)
    b->beginPhase(sinceProgress_);
  // Parallel and serial phases alternate until every block has taken its
  // turn: a deferred block issues its one instruction in the serial phase
  // and goes on with its turn in the next parallel phase.
  for (bool again = true; again && !aborted_;) {
    workers_->forEach([this, n](unsigned w) {
      for (BlockExecutor *b : round_) {
        if (workerOf(b->slot, n) != w || b->turnDone || b->serialOnly)
          continue;
        b->phase = BlockExecutor::Phase::Parallel;
        ParallelSlotScope scope(checkersParallel_ ? static_cast<int>(b->slot) : -1);
        b->turnProgress |= turn(*b, b->turnFrom);
        b->turnDone = !b->deferred();
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
        serial |= round_[end]->serialOnly || round_[end]->deferred();
      if (serial)
        workers_->on(w, [this, i, end](unsigned) {
          for (std::size_t k = i; k < end && !aborted_; ++k)
            serialTurn(*round_[k]);
        });
      for (std::size_t k = i; k < end; ++k)
        again |= !round_[k]->turnDone;
      i = end;
    }
  }

  bool ran = false, progressed = false;
  std::uint64_t since = std::numeric_limits<std::uint64_t>::max(), steps = 0;
  for (BlockExecutor *b : round_) {
    ran |= b->turnProgress;
    rt_.devicePrintf += b->printfOut;
    b->printfOut.clear();
    if (b->progressedInPhase) {
      progressed = true;
      since = std::min(since, b->sinceProgress());
    }
    steps += b->phaseSteps;
    b->phase = BlockExecutor::Phase::Parallel;
  }
  // As the one-thread count would have it for a single block: the warp
  // instructions since the last progress (the smallest such count over the
  // blocks that made progress), or, with none, all of this round's on top.
  sinceProgress_ = progressed ? since : sinceProgress_ + steps;
  if (!aborted_ && sinceProgress_ > rt_.options.spin_limit)
    reportLivelock();
  return ran;
}

} // namespace warpsim::sim
