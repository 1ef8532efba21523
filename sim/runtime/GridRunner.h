// Runs one grid (compare Oclgrind's KernelInvocation): launch, admission of
// blocks into resident slots, the round-robin over resident blocks, the
// launch's shared-memory layout, and what only the runner can know: that no
// thread can move (deadlock), that threads move without progress
// (livelock), that the launch must end (invalid address, assert). Each
// resident block is a BlockExecutor; the WarpSchedule decides what runs.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <memory>
#include <vector>

#include "AccessGuard.h"
#include "BlockExecutor.h"
#include "Cluster.h"
#include "DirectScreen.h"
#include "Findings.h"
#include "GranuleOwners.h"
#include "HostWorkers.h"
#include "LaneConflictWatch.h"
#include "Observer.h"
#include "SharedLayout.h"
#include "WarpSchedule.h"
#include "warpsim/model/ClusterShape.h"

namespace warpsim::sim {

class Runtime;

// The blocks' counts (BlockStats), summed, and the launch's own.
struct EngineStats : BlockStats {
  std::uint64_t launches = 0, blocks = 0, threads = 0;
  std::uint64_t kernel_ns = 0; // host wall time inside launches (not deterministic)
  // --jobs: rounds run in a parallel and a serial phase, and the block
  // turns (or their rest) that ran in a serial phase.
  std::uint64_t parallel_rounds = 0, serial_turns = 0;
};

class GridRunner {
public:
  explicit GridRunner(Runtime &rt);
  ~GridRunner();

  // Runs the whole grid. Returns cudaSuccess or the error that aborted it
  // (an illegal address, a device assert). Deadlock and livelock end the
  // program after reporting.
  cudaError_t run(LaunchInfo &launch, void (*entry)(void *), void *closure);

  Runtime &runtime() { return rt_; }
  const LaunchInfo *launch() const { return launch_; }
  // Totals over every launch so far, the resident blocks included.
  EngineStats stats() const;

  void setAccessGuard(AccessGuard *g) { guard_ = g; }
  AccessGuard *accessGuard() const { return guard_; }
  WarpSchedule &schedule() { return *schedule_; }
  // Fibers, or the compiled engine (RecordedLanes.h), for this launch.
  LaunchEngine engine() const { return engine_; }
  // A direct launch whose kernel passes CTA barriers: its lanes have fibers
  // that switch only there (BlockExecutor::runSegments).
  bool directSegments() const { return engine_ == LaunchEngine::Direct && segments_; }
  // This launch runs in deterministic parallel rounds (--jobs).
  bool parallel() const { return parallel_; }
  // Observers watch warp operations: in a parallel round they are issued,
  // and complete, only in the serial phase.
  bool warpOpsObserved() const { return warpOpsObserved_; }
  // Checkers run beside each other in parallel phases (Observer::
  // blockParallel): events other than accesses and CTA barriers wait for a
  // serial phase.
  bool checkersParallel() const { return parallel_ && checkersParallel_; }
  GranuleOwners &owners() { return owners_; }
  const SharedLayout &sharedLayout() const { return layout_; }

  // ---- for block executors and schedules
  void runKernel() { entry_(closure_); }
  bool placeShared(SharedVar *var, std::size_t size, std::size_t align);
  bool aborted() const { return aborted_; }
  // The direct path's watch (LaneConflictWatch.h), or nullptr.
  LaneConflictWatch *conflictWatch() { return watching_ ? &watch_ : nullptr; }
  // A direct launch under checkers that are silent on it (Observer::
  // silentOnDirect): its accesses go through the access guard and the
  // screens, and what a checker would judge sends it back to fibers.
  bool checkedDirect() const { return checked_; }
  const std::vector<DirectScreen *> &screens() const { return screens_; }
  // Who hears this launch's events beyond its begin and end: on the direct
  // path only observers of warp operations alone, else every observer.
  const std::vector<Observer *> &listeners() const;
  // The direct path cannot go on as fibers would (two threads met on a word,
  // `why` says what): the launch ends here and runs again on fibers.
  // Blocks of a direct launch may call it on several host threads at once:
  // the first reason is kept.
  void restartOnFibers(const char *why) {
    if (!restart_.exchange(true))
      restartWhy_ = why;
    aborted_ = true;
  }
  // The blocks of this direct launch run on several host threads
  // (DirectBlocks.cpp): no one hears their events.
  bool directParallel() const { return directParallel_; }
  // ... and they run now: the launch's shared layout must not change.
  bool layoutFixed() const { return layoutFixed_; }
  void abort(cudaError_t error, Finding finding);
  // Something changed memory, completed a barrier or exited.
  void progress() { sinceProgress_ = sinceChange_ = 0; }
  // Evidence that the threads do not spin though nothing changed
  // (SpinEvidence.h, ReadRecurrence.h): the livelock count starts over; the
  // starvation rule's count (sinceChange) does not, so a diverged group
  // that keeps running still yields to the others of its warp.
  void notSpinning() { sinceProgress_ = 0; }
  // A warp instruction (or preemption) without progress; past `limit` in a
  // row, the launch is a livelock.
  void stepWithoutProgress(std::uint64_t limit) {
    ++sinceChange_;
    if (++sinceProgress_ > limit)
      reportLivelock();
  }
  std::uint64_t sinceProgress() const { return sinceProgress_; }
  std::uint64_t sinceChange() const { return sinceChange_; }
  // The grid barrier of a cooperative launch: `n` more threads arrived (0:
  // see gridThreadExited). It completes when every live thread of the grid waits
  // at it; once a whole block has exited it never can (as on a GPU).
  void gridArrived(std::uint32_t n);
  // A thread of a cooperative launch exited (the last of its block: blockEnded).
  void gridThreadExited(bool blockEnded);
  std::string gridSyncWaitText() const;
  // The block resident in `slot` if it is in `b`'s cluster (itself
  // included), else nullptr.
  BlockExecutor *peerInSlot(const BlockExecutor &b, std::uint32_t slot) const;
  const model::ClusterShape &clusterShape() const { return shape_; }
  const BlockExecutor *blockInSlot(std::uint32_t slot) const {
    return slot < slots_.size() ? slots_[slot].get() : nullptr;
  }

private:
  void admitCluster(std::uint64_t cluster, std::uint32_t clusterSlot);
  // --jobs: may this launch run in parallel rounds? (ParallelRounds.cpp)
  bool parallelEligible(const LaunchInfo &launch);
  // One round of the resident blocks: a parallel phase on the host workers,
  // then the serial phase in round order. Returns whether anything ran.
  bool parallelRound();
  // Observers: the blocks in `slots` ended a phase (Observer::onPhaseEnd).
  void phaseEnded(const std::vector<std::uint32_t> &slots);
  // Block `b`'s deferred instruction (or its whole turn) in a serial phase.
  void serialTurn(BlockExecutor &b);
  // The host thread of resident slot `slot` among `n`: slots in contiguous
  // ranges, so that a serial phase hands over once per thread and range of
  // consecutive blocks (the round's order follows the slots).
  unsigned workerOf(std::uint32_t slot, unsigned n) const {
    return static_cast<unsigned>(
        std::min<std::uint64_t>(n - 1, std::uint64_t{slot} * n / slotSpan_));
  }
  // Block `b`'s turn from warp `from` on: each live warp steps once.
  bool turn(BlockExecutor &b, std::uint32_t from);
  // Admits and runs the launch's blocks until all ended or the launch did.
  void runBlocks(std::uint64_t total, std::uint32_t maxResident);
  // The blocks of a direct launch, the first alone, the others on the host
  // workers (DirectBlocks.cpp).
  void runDirectBlocks(std::uint64_t total);
  // May this direct launch run its blocks on several host threads? Sets
  // directParallel_ (the first block then runs alone first).
  bool directParallelEligible(std::uint64_t total) const;
  // The host workers (--jobs), made on first use.
  HostWorkers &hostWorkers();
  // Retires a block of runDirectBlocks' on its host thread: its counts go
  // to `to`, summed into the totals when all have ended.
  void retireDirect(BlockExecutor &b, EngineStats &to);
  // Puts back every word a direct launch wrote; its blocks' spare stacks.
  void undoDirect();
  void returnSpareStacks();

public:
  // Stacks lanes of the direct path left for the next on host worker `w`
  // (BlockExecutor::useSpareStacks), given back when the launch ends.
  std::vector<std::uint32_t> &spareStacks(unsigned w) {
    if (spareStacks_.size() <= w)
      spareStacks_.resize(w + 1);
    return spareStacks_[w];
  }

private:
  std::vector<std::vector<std::uint32_t>> spareStacks_;
  // Undoes a direct launch that met a conflict (restart_) and runs it again on fibers.
  void rerunOnFibers(LaunchInfo &launch, const EngineStats &before, std::uint64_t total,
                     std::uint32_t maxResident);
  void beginLayout(LaunchInfo &launch);
  void retire(BlockExecutor &b);
  void releaseExtraSlots();
  void endLaunchForReport();
  // The launch cannot go on: checkers report first, then this finding.
  Finding fatalFinding(const char *kind);
  [[noreturn]] void reportDeadlock();
  [[noreturn]] void reportLivelock();
  [[noreturn]] void reportTimeout(); // --timeout while a launch runs (HostStacks.h)
  void describeWaiters(Finding &f) const;

  Runtime &rt_;
  LaunchInfo *launch_ = nullptr;
  void (*entry_)(void *) = nullptr;
  void *closure_ = nullptr;
  std::unique_ptr<WarpSchedule> schedule_;
  LaunchEngine engine_ = LaunchEngine::Fibers;
  bool segments_ = false;                             // directSegments()
  std::vector<std::unique_ptr<BlockExecutor>> slots_; // resident blocks, by slot
  std::vector<BlockExecutor *> resident_;             // in admission order
  std::vector<BlockExecutor *> round_;                // this round's turns, in order
  std::vector<std::uint32_t> warpOrder_;              // a block's warps, in turn order
  std::uint64_t sinceProgress_ = 0;
  std::uint64_t sinceChange_ = 0;    // the same without notSpinning()
  std::uint64_t gridArrived_ = 0;    // threads waiting at the grid barrier
  std::uint64_t gridLive_ = 0;       // live threads of a cooperative launch
  std::uint64_t blocksEnded_ = 0;    // blocks of it whose threads all exited
  std::uint64_t gridSyncs_ = 0;      // completed grid barriers in this launch
  std::uint64_t progressRounds_ = 0; // scheduling rounds, for the progress board
  SharedLayout layout_;
  model::ClusterShape shape_;
  std::uint32_t clusterSize_ = 1;
  std::vector<Cluster> clusters_; // resident clusters, by cluster slot
  std::atomic<bool> aborted_{false};
  std::atomic<bool> restart_{false}; // restartOnFibers()
  bool directParallel_ = false;      // directParallel()
  bool layoutFixed_ = false;         // layoutFixed()
  const char *restartWhy_ = "";
  bool watching_ = false; // the direct path's conflict watch is on
  bool checked_ = false;  // checkedDirect()
  std::vector<DirectScreen *> screens_;
  std::vector<Observer *> directListeners_;
  LaneConflictWatch watch_;
  cudaError_t abortError_ = cudaSuccess;
  EngineStats totals_;
  AccessGuard *guard_ = nullptr;
  bool parallel_ = false;
  bool warpOpsObserved_ = false;
  bool checkersParallel_ = false;
  std::uint32_t slotSpan_ = 1; // slots this launch's blocks use: [0, slotSpan_)
  std::vector<std::uint32_t> phaseSlots_;
  GranuleOwners owners_;
  std::unique_ptr<HostWorkers> workers_;
};

// BlockExecutor's livelock counting: the grid's in the one-thread engine,
// the block's own in parallel rounds (summed when the round ends).
inline void BlockExecutor::progress() {
  if (round_.classic()) {
    grid_.progress();
    return;
  }
  round_.progressedInPhase = round_.changedInPhase = true;
  round_.sinceProgress = round_.sinceChange = 0;
}

inline void BlockExecutor::notSpinning() {
  if (round_.classic()) {
    grid_.notSpinning();
    return;
  }
  round_.progressedInPhase = true;
  round_.sinceProgress = 0;
}

inline void BlockExecutor::stepWithoutProgress(std::uint64_t limit) {
  if (round_.classic()) {
    grid_.stepWithoutProgress(limit);
    return;
  }
  ++round_.sinceProgress;
  ++round_.sinceChange;
  ++round_.phaseSteps;
}

inline std::uint64_t BlockExecutor::sinceProgress() const {
  return round_.classic() ? grid_.sinceProgress() : round_.sinceProgress;
}

inline std::uint64_t BlockExecutor::sinceChange() const {
  return round_.classic() ? grid_.sinceChange() : round_.sinceChange;
}

inline void BlockExecutor::noteRead(Lane &l, std::uintptr_t pc, std::uintptr_t addr) {
  const std::uint64_t since = sinceProgress();
  if (since >= readFrom_) [[unlikely]]
    noteReadInWindow(l, since, pc, addr);
  else if (inReadWindow_) [[unlikely]] {
    inReadWindow_ = false; // progress ended the window: the next one starts afresh
    ++readWindow_;
  }
}

} // namespace warpsim::sim
