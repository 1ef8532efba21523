// One resident block: its lanes (fibers) and warps, the fiber switch, the
// warp instructions it issues, its synchronisation objects (SyncTable) and
// its own scratch buffers and counters. A lane reaches its executor through
// Lane::block; the executor reaches the launch through its GridRunner.
// Which lanes run and issue next is the WarpSchedule's decision; copies in
// flight are the AsyncCopyQueue's, a parallel round's state the
// RoundState's. Split over BlockExecutor.cpp (lanes, accesses, barriers),
// MBarrierExecution.cpp, ClusterExecution.cpp, WarpOpExecution.cpp,
// ParallelRounds.cpp and BlockReports.cpp.
#pragma once

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "AccessGuard.h"
#include "AddressSpace.h"
#include "AsyncCopyQueue.h"
#include "Cluster.h"
#include "Findings.h"
#include "Lane.h"
#include "LaneConflictWatch.h"
#include "LockstepCount.h"
#include "Observer.h"
#include "Options.h"
#include "RecordedLanes.h"
#include "RoundState.h"
#include "SpinEvidence.h"
#include "SyncTable.h"

namespace warpsim::sim {

class GridRunner;
class Runtime;
class WarpSchedule;

// Counters of one block (summed by the grid when the block retires).
struct BlockStats {
  std::uint64_t warp_instructions = 0, accesses = 0, barrier_arrivals = 0;
  std::uint64_t warp_ops = 0; // executed warp operations (shuffles, votes, ...)
  std::uint64_t switches = 0;
  BlockStats &operator+=(const BlockStats &o) {
    warp_instructions += o.warp_instructions;
    accesses += o.accesses;
    barrier_arrivals += o.barrier_arrivals;
    warp_ops += o.warp_ops;
    switches += o.switches;
    return *this;
  }
};

class BlockExecutor final : public ThreadSites {
public:
  explicit BlockExecutor(GridRunner &grid);

  // Admits block `linear` of the running launch into resident slot `slot`.
  void admit(std::uint64_t linear, std::uint32_t slot);
  // Gives the lanes' stacks back (the block finished or the launch ended).
  void releaseStacks();

  BlockInfo info{};
  std::uint32_t slot = 0; // resident slot: selects the shared window
  std::vector<Lane> lanes;
  std::vector<Warp> warps;
  Cluster *cluster = nullptr; // its cluster (a launch without clusters: of one block)
  bool done() const { return done_; }
  // This block's place in the direct path's watch (its undo log).
  LaneConflictWatch::Cursor &watchCursor() { return cursor_; }
  // Where lanes of the direct path from barrier to barrier leave their
  // stacks for the next lanes: the host thread's list (GridRunner), so that
  // blocks in turn keep the same few stacks warm whatever their slot.
  void useSpareStacks(std::vector<std::uint32_t> &spares) { spareStacks_ = &spares; }

  GridRunner &grid() { return grid_; }
  const Options &options() const;
  const BlockStats &stats() const { return stats_; }
  Lane *lanesOf(Warp &w) { return &lanes[w.first]; }
  // Its async copies in flight (the device API's cp.async calls go there).
  AsyncCopyQueue &copies() { return copies_; }

  // ---- deterministic parallel rounds (--jobs; ParallelRounds.cpp)
  RoundState &round() { return round_; }
  // Runs every lane issued with a global access (or past a serial point) to
  // its next event: it makes the access now, while the ownership it was
  // checked against still holds. Returns false if the launch was aborted.
  bool settle();
  // Something changed memory, completed a barrier or exited (livelock).
  // Inline in GridRunner.h: called for every warp instruction.
  inline void progress();
  inline void stepWithoutProgress(std::uint64_t limit);
  inline std::uint64_t sinceProgress() const;
  // Nothing changed, but the threads show they do not spin: the livelock
  // count starts over, not sinceChange() (GridRunner::notSpinning).
  inline void notSpinning();
  // Warp instructions since something changed memory, completed a barrier
  // or exited: the starvation rule's count (WarpSchedule.cpp).
  inline std::uint64_t sinceChange() const;
  // A lane's access at `addr` by the instruction at `pc`: in the last half
  // of the livelock count, a read the lane did not make in its first pass
  // of that half shows it walks, no spin (ReadRecurrence.h; inline in
  // GridRunner.h).
  inline void noteRead(Lane &l, std::uintptr_t pc, std::uintptr_t addr);
  // Where device printf goes: the launch's buffer, or this round's.
  std::string &printfBuffer();
  // On the lane's fiber, before an operation on state other blocks share
  // (the device heap, the launch's shared layout, a launch-ending error): in
  // a parallel phase the lane stops and goes on in the serial phase.
  void serialPoint(Lane *l, std::uintptr_t pc);
  // The same, only when checkers run beside each other (async copies and
  // arrive-ons they see only in serial phases).
  void checkedSerialPoint(Lane *l, std::uintptr_t pc);

  // ---- the compiled engine (RecordedLanes.cpp): runs every lane to its
  // end now, one after the other (GridRunner, when the block is admitted);
  // a recorded launch logs their events for run() to replay. A direct
  // launch whose kernel passes CTA barriers runs them from one barrier to
  // the next instead (BarrierSegments.cpp).
  void runLanesToEnd();

  // ---- for the WarpSchedule
  // Runs `l` to its next event; under lockstep and random schedules the
  // ready lanes of its warp after it run too, each resumed by the one
  // before. Returns the last lane that ran, or nullptr if the launch was
  // aborted.
  Lane *run(Lane *l);
  // Issues the lanes `group` of `w` (stopped at the same event) as one warp
  // instruction.
  void issue(Warp &w, std::uint64_t group);

  // ---- called on a lane's fiber (the hooks and the device API)
  // `atomicLoad`: an Atomic access that only reads. `commute`: an atomic's
  // model::commutingClass when its result is not used (LaneConflictWatch).
  void access(Lane *l, std::uintptr_t addr, std::uint32_t size, AccessKind kind, MemoryOrder order,
              std::uintptr_t pc, Scope scope = Scope::Device, Proxy proxy = Proxy::Generic,
              bool atomicLoad = false, std::uint8_t commute = 0);
  // The direct path's common access (global memory or the block's own
  // shared memory): watched and counted inline (DirectAccess.h); false
  // where access() must take it. `site`: the access's static site, or null.
  [[gnu::always_inline]] inline bool directAccess(Lane *l, std::uintptr_t addr, std::uint32_t size,
                                                  bool write, std::uintptr_t pc,
                                                  const StaticSite *site);
  // __syncthreads and its reducing forms. Returns the barrier's result
  // (see model::barrierResult).
  std::uint64_t barrier(Lane *l, BarrierKind kind, bool predicate, std::uintptr_t pc);
  // cooperative_groups::grid_group::sync(): a grid barrier in a cooperative
  // launch; elsewhere the launch fails (cudaErrorLaunchFailure, as the H100).
  void gridSync(Lane *l, std::uintptr_t pc);
  // Releases the block's lanes waiting at the grid barrier.
  void releaseGridSync();
  // barrier.cluster.arrive{.relaxed} / barrier.cluster.wait
  // (ClusterExecution.cpp).
  void clusterBarrier(Lane *l, bool wait, bool relaxed, std::uintptr_t pc);
  // The generic address of `addr` (in this block's or a peer's shared
  // window) in the shared memory of the cluster's block `rank` (mapa).
  std::uintptr_t mapShared(Lane *l, std::uintptr_t addr, std::uint32_t rank, std::uintptr_t pc);
  // The cluster rank of the block whose shared memory holds `addr`.
  std::uint32_t sharedRank(Lane *l, std::uintptr_t addr, std::uintptr_t pc);
  // bar.sync / bar.arrive / bar.red a{, b}: CTA barrier `id` (0..15) with
  // `count` threads (0: every live thread of the block).
  std::uint64_t ctaBarrier(Lane *l, BarrierKind kind, model::BlockBarrier::Flavor flavor,
                           std::uint32_t id, std::uint32_t count, bool predicate,
                           std::uintptr_t pc);
  // One mbarrier instruction on the object at `addr`: returns the state
  // token (the phase) of an arrival, or whether a wait's phase is complete.
  // `flags`: kMBarrierRelaxed, kMBarrierCluster. The object may be a peer
  // CTA's of the cluster (arrivals and tx-counts). (MBarrierExecution.cpp)
  static constexpr std::uint8_t kMBarrierRelaxed = 1, kMBarrierCluster = 2;
  std::uint64_t mbarrier(Lane *l, model::MBarrierOp op, std::uintptr_t addr, std::uint32_t count,
                         std::uint32_t tx, std::uint64_t phase, std::uintptr_t pc,
                         std::uint8_t flags = 0);
  // A memory fence (`order`: SeqCst for fence.sc, AcqRel for fence.acq_rel),
  // or with `proxySpaces` a fence.proxy.async or tensormap fence (FenceEvent;
  // `addr`: the acquire's tensor map).
  void fence(Lane *l, FenceScope scope, std::uintptr_t pc, std::uint8_t proxySpaces = 0,
             MemoryOrder order = MemoryOrder::SeqCst, std::uintptr_t addr = 0);
  // A warp operation (shuffle, vote, match, reduce, __syncwarp,
  // __activemask): waits for the lanes of `mask`, returns this lane's result.
  std::uint64_t warpOp(Lane *l, model::WarpOp op, std::uint64_t mask,
                       const model::WarpOperand &operand, std::uintptr_t pc);
  // The address of static __shared__ `var` in this block (laid out the
  // first time any thread of the launch uses it). Called at every use.
  std::uintptr_t placeShared(Lane *l, SharedVar *var, std::size_t size, std::size_t align) {
    if (var->epoch == info.launch->id) [[likely]]
      return info.smem_base + var->offset;
    return placeSharedFirst(l, var, size, align);
  }
  std::uintptr_t dynamicShared() const { return info.smem_base; }
  // Ends the launch from inside a lane: the lane never runs again.
  [[noreturn]] void abortLaunch(Lane *l, cudaError_t error, Finding finding);

  // ---- reports (BlockReports.cpp)
  // `site`: the static site id taken with `pc` (currentSiteId() on the
  // lane's fiber during its runtime call; kNoSite when `pc` is not the
  // user's).
  FindingSite siteOf(const Lane *l, std::uintptr_t pc, std::uint32_t site, const char *role) const;
  void describe(std::uint32_t thread, std::uintptr_t pc, std::uint32_t site, const char *role,
                FindingSite &out) const override;
  // Who waits where, who spins, who exited (deadlock and livelock reports).
  void describeWaiters(Finding &f) const;
  // At a deadlock: warp operations whose lanes wait for lanes that never come.
  void reportStuckWarpOps(const std::vector<Observer *> &observers) const;
  bool waitsAtWarpOp() const;

private:
  friend void laneMain(boost::context::detail::transfer_t t);
  friend class AsyncCopyQueue; // lands copies into the block's sync objects
  friend class FastSchedule;   // issues a lane's accesses alone, on its fiber

  std::uintptr_t placeSharedFirst(Lane *l, SharedVar *var, std::size_t size, std::size_t align);
  Lane *resume(Lane *l);
  void yieldToScheduler(Lane *l);
  void arrived(boost::context::detail::transfer_t t);
  bool afterStop(Lane *l);
  Lane *chainFrom(Lane *l);
  // The lane's pending event, reset to `kind` at `pc`; stop() then waits
  // for the warp to issue it and returns the lane's result.
  PendingEvent &event(Lane *l, EventKind kind, std::uintptr_t pc);
  std::uint64_t stop(Lane *l);
  // Parallel phase: must this warp instruction wait for the serial phase?
  // Serial phase: moves ownership of the global bytes it touches.
  bool mustDefer(Warp &w, std::uint64_t group);
  void issueBarrier(Warp &w, std::uint64_t group);
  void arriveAtBarrier(Lane *l, bool lastOfGroup);
  void completeBarrier(std::uint32_t id);
  void arriveAtGridSync(Lane &l);
  void executeClusterBarrier(Lane &l);
  void clusterPhaseCompleted(std::uint64_t phase);
  void clusterThreadExited(Lane &l);
  std::string clusterWaitText(const Lane &l) const;
  void executeMBarrier(Lane &l);
  void releaseMBarrierWaiters(std::uintptr_t addr, model::MBarrier &mb);
  MBarrierEvent mbarrierEvent(const Lane &l, model::MBarrierRule rule, bool completed,
                              std::uint64_t phase, const model::MBarrier *mb) const;
  // An mbarrier arrive (count) or complete_tx (tx) made for `thread` outside
  // its own instruction stream (a landed copy, an owed arrive-on); the
  // mbarrier may be a cluster peer's (a copy into its shared memory).
  void mbarrierOnBehalf(std::uint32_t thread, std::uintptr_t mbar, std::uintptr_t pc,
                        std::uint32_t site, model::MBarrierOp op, std::uint32_t count,
                        std::uint32_t tx);
  // The block of this cluster whose shared window holds `addr` (this one
  // included), else nullptr.
  BlockExecutor *sharedOwner(std::uintptr_t addr);
  // Copies of any block of the cluster in flight?
  bool clusterCopiesInFlight();
  void laneExited(Lane *l);
  void issueWarpOp(Warp &w, std::uint64_t group, bool asWarpInstruction);
  void tryCompleteWarpOps(Warp &w);
  void completeWarpOp(Warp &w, std::uint64_t participants, std::int32_t masksDifferAt);
  // Lockstep: `moving` (the lanes of a group about to issue `e`, or a lane
  // that exits: e == nullptr) leave a warp operation that waits for them.
  void warpOpSkipped(Warp &w, std::uint64_t moving, const Lane *e);
  void watchWrite(Lane &l, std::uintptr_t addr, std::uint32_t size);
  // --memory-error continue: lets the lane make an invalid access with
  // nothing loaded and nothing stored, until its next event.
  void suppress(Lane &l, std::uintptr_t addr, std::uint32_t size, AccessKind kind);
  // access()'s rare ends, out of line (AddressSpace.h: AddressClass).
  void guardFailed(Lane *l, AccessGuard &g, std::uintptr_t addr, std::uint32_t size,
                   AccessKind kind, MemorySpace space, std::uintptr_t pc);
  [[noreturn]] void invalidAddress(Lane *l, std::uintptr_t addr, std::uint32_t size,
                                   AccessKind kind, AddressClass c, std::uintptr_t pc);
  static void restoreSuppressed(Lane &l);
  void checkWatchedWrite(Lane &l);
  // The fast schedule, before the lane's next access or fence is observed:
  // its last atomic's StoreDone, with the bytes it found (lanes that stop
  // send it from afterStop).
  void atomicDone(Lane &l);
  BarrierEvent barrierEvent(std::uint32_t warp, std::uint64_t mask, std::uintptr_t pc,
                            BarrierKind kind, std::uint32_t id, std::uint64_t phase) const;
  BarrierEvent arrivalEvent(const Lane &lead, std::uint64_t mask) const;
  // What a lane waiting at a barrier, mbarrier or grid barrier waits for.
  std::string waitText(const Lane &l) const;
  std::string barrierWaitText(const PendingEvent &e) const;
  std::string mbarrierWaitText(const PendingEvent &e) const;

  // The compiled engine (RecordedLanes.cpp).
  bool runOne(Lane &l);
  Lane *replay(Lane *l);
  bool popEvent(Lane &l);
  void record(Lane *l);
  std::uint64_t recordStop(Lane *l);
  void capturePost(Lane &l);
  void recordFinding(Lane *l, RecordedEvent::Special what, cudaError_t error, Finding finding);
  [[noreturn]] void recordAbort(Lane *l, cudaError_t error, Finding finding);
  [[noreturn]] void recordedSpin(Lane *l);
  [[noreturn]] void recordedTooLong(Lane *l);
  // The direct path: two threads met on a word (or the lockstep count is
  // not known): the launch ends and runs again on fibers.
  [[noreturn]] void restartOnFibers(const char *why);
  // A checked direct launch (GridRunner::checkedDirect): the access guard
  // and the checkers' screens judge the access; if any would report, the
  // launch goes back to fibers.
  void screenDirect(std::uintptr_t addr, std::uint32_t size, AccessKind kind, MemorySpace space);
  // A load of the block's shared memory at `off` within one 4-byte word an
  // aligned 4-byte load of this block passed the screens at: it passes
  // again (its bytes stay written and inside their variable for the
  // block's life), so the screens are not asked (screenedShared_).
  bool screenedLoad(std::uintptr_t off, std::uint32_t size) const {
    if ((off & 3) + size > 4 || (off & (size - 1)) != 0)
      return false; // several words, or misaligned: the guard judges it
    const std::uintptr_t w = off >> 2;
    return (w >> 6) < screenedShared_.size() && (screenedShared_[w >> 6] >> (w & 63) & 1) != 0;
  }
  std::vector<std::uint64_t> screenedShared_; // by word of the shared window
  // The same without the guard (BlockExecutor::access asked it already).
  void screenAccess(std::uintptr_t addr, std::uint32_t size, AccessKind kind, MemorySpace space);
  bool finishDirectWarp(Warp &w, std::vector<std::uint64_t> *warpOpGroups = nullptr);
  // The direct path from barrier to barrier (BarrierSegments.cpp).
  void runSegments();
  bool runWarpSegment(Warp &w, std::uint32_t first);
  bool resumeToBarrier(Lane &l);
  // A lane's fiber stack on the direct path from barrier to barrier: from
  // the host thread's spares (useSpareStacks), else the pool.
  std::uint32_t takeStack();
  std::vector<std::uint32_t> *spareStacks_ = nullptr;
  std::uint64_t segmentStop(Lane *l);
  bool completeSegment();
  std::vector<std::uint64_t> warpOpGroups_;
  struct Replay {
    std::uint32_t cursor = 0;
    std::int64_t post = -1; // the logged store the lane makes when next run
    bool serialPassed = false;
  };
  bool recording_ = false;                       // a lane runs to its end (no fiber)
  std::vector<std::vector<RecordedEvent>> logs_; // by thread
  std::vector<Replay> replay_;
  std::vector<std::pair<cudaError_t, Finding>> recordedFindings_;
  std::unordered_map<std::uint64_t, std::vector<std::uintptr_t>> frames_; // by stack hash
  std::uint64_t sinceStore_ = 0;
  // The compiled engine's read window (ReadRecurrence.h): a write made in
  // it ends it; the lane's trace in readTraces_. (That engine runs only
  // under the lockstep schedule, whose count is in warp instructions, as
  // readFrom_ is.)
  std::uint64_t compiledWindow_ = 0;
  std::size_t logBytes_ = 0;
  LaneConflictWatch *watch_ = nullptr; // the direct path's, if watched
  LaneConflictWatch::Cursor cursor_;   // this block's place in it
  bool direct_ = false;                // the direct path runs lanes (watch_ set)
  bool laneStacks_ = false;            // lanes run on fibers (admit)
  // The direct path's stop: spin limit, then the lockstep count.
  [[gnu::always_inline]] inline void countDirect(Lane *l, EventKind kind, bool write,
                                                 std::uintptr_t pc, std::uintptr_t position,
                                                 std::uintptr_t addr);
  // The compiled engine's count of a lane's events since its last write,
  // sinceStore_, at an event that is no write in the last half of
  // --spin-limit: true when it passes the limit, its reads in that half
  // re-reading what they read (a read that walks starts the count over).
  bool compiledSpins(Lane &l, EventKind kind, std::uintptr_t pc, std::uintptr_t addr);
  void wroteCompiled() {
    if (sinceStore_ >= readFrom_) [[unlikely]]
      ++compiledWindow_; // its window ends: the lanes' traces are forgotten
    sinceStore_ = 0;
  }
  std::uint32_t serial_ = 0;           // the running lane's serial in watch_
  LockstepCount lockstep_;             // the direct path's warp instructions
  void *unwind_[5] = {};

  GridRunner &grid_;
  Runtime &rt_;
  WarpSchedule *schedule_ = nullptr;
  SyncTable sync_;
  AsyncCopyQueue copies_{*this};
  RoundState round_;
  std::uint32_t live_ = 0;
  bool done_ = false;
  BlockStats stats_;
  WarpAccess scratch_{};          // the warp instruction being issued
  // Livelock evidence of reads (ReadRecurrence.h): each lane's reads in the
  // last half of the count, from readFrom_ on; a window ends when the count
  // is seen below readFrom_ again.
  std::vector<ReadTrace> readTraces_; // by thread
  std::uint64_t readFrom_ = 0, readWindow_ = 0;
  bool inReadWindow_ = false;
  void noteReadInWindow(Lane &l, std::uint64_t since, std::uintptr_t pc, std::uintptr_t addr);
  std::uint64_t sharedReads_ = 0; // mustDefer: its lanes' WarpAccess::shared_reads
  // Fiber switching: the scheduler's context while a lane runs, the lane
  // that made the last jump (nullptr: the scheduler), and whether a lane
  // that stops resumes the next ready lane of its warp itself.
  boost::context::detail::fcontext_t sched_ = nullptr;
  Lane *from_ = nullptr;
  bool chain_ = false;
};

} // namespace warpsim::sim
