// Deterministic parallel rounds (--jobs N): the resident blocks of a launch
// run on N host threads, and every output, finding and statistic is the
// same for every N.
//
// A round is the classic engine's round: each resident block takes one turn
// (each live warp steps once). It runs in two phases.
//  * Parallel: every block takes its turn on its host thread (slot % N), in
//    isolation: it may read global bytes that are shared or its own and
//    write only its own (GranuleOwners), and it touches nothing else that
//    another block could see. The first warp instruction that needs more
//    (or a serial point: the device heap, the shared-memory layout, an
//    error that ends the launch) is deferred, and the block's turn stops.
//  * Serial: in round order, each deferred block issues that instruction
//    and finishes its turn alone, on its own host thread while the others
//    wait; its global accesses move ownership.
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
#include "Runtime.h"

namespace warpsim::sim {

bool GridRunner::parallelEligible(const LaunchInfo &launch) {
  // Observers of accesses and barriers would see every event in a serial
  // phase: no gain. The other schedules draw from one generator; clusters,
  // grid barriers and the PTX model share state across blocks at every step.
  warpOpsObserved_ = false;
  for (const Observer *o : rt_.observers) {
    if ((o->interests() & ~Observer::kWarpOps) != 0)
      return false;
    warpOpsObserved_ = true;
  }
  return rt_.options.schedule == Schedule::Lockstep && rt_.storeObservers.empty() &&
         guard_ == nullptr && rt_.ptx == nullptr && !launch.cooperative && clusterSize_ == 1 &&
         launch.grid.volume() >= 2 && launch.grid.volume() < GranuleOwners::kMaxBlocks;
}

bool GridRunner::turn(BlockExecutor &b, std::uint32_t from) {
  bool ran = false;
  for (std::uint32_t i = from; i < b.warps.size(); ++i) {
    Warp &w = b.warps[i];
    if (w.live == 0)
      continue;
    ran |= schedule_->step(b, w);
    if (aborted_ || b.deferred())
      break;
  }
  // Lanes issued with an access make it within this phase.
  if (!aborted_)
    b.settle();
  return ran;
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
        if (b->slot % n != w || b->turnDone || b->serialOnly)
          continue;
        b->phase = BlockExecutor::Phase::Parallel;
        b->turnProgress |= turn(*b, b->turnFrom);
        b->turnDone = !b->deferred();
      }
    });
    again = false;
    for (BlockExecutor *b : round_) {
      if (aborted_)
        break;
      if (!b->serialOnly && !b->deferred())
        continue;
      b->phase = BlockExecutor::Phase::Serial;
      ++totals_.serial_turns;
      workers_->on(b->slot % n, [this, b](unsigned) {
        if (b->serialOnly) { // its copies in flight land: the whole turn alone
          b->serialOnly = false;
          b->turnDone = true;
          b->turnProgress |= turn(*b, 0);
          return;
        }
        Warp *w = b->deferredWarp;
        b->deferredWarp = nullptr;
        b->issue(*w, b->deferredGroup);
        b->stepWithoutProgress(rt_.options.spin_limit);
        b->settle(); // the issued lanes make their accesses in this phase
        b->turnProgress = true;
        b->turnFrom = w->index + 1;
      });
      again |= !b->turnDone;
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
