// Data races in shared and global memory, within a warp (independent thread
// scheduling), within a block (barrier intervals) and across blocks (only
// release/acquire synchronisation orders them). Happens-before over
// per-warp epochs; per-granule history in flat shadow memory, 16 bytes a
// granule, exact per byte (model/RaceShadow.h). Findings are deduplicated by
// the pair of sites and written when the launch ends, with a hazard count.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <mutex>
#include <tuple>
#include <unordered_map>
#include <vector>

#include "FindingTable.h"
#include "Findings.h"
#include "Observer.h"
#include "warpsim/model/ClusterShape.h"
#include "warpsim/model/LockHandOver.h"
#include "warpsim/model/RaceShadow.h"
#include "warpsim/model/ShadowMemory.h"
#include "warpsim/model/SyncClock.h"

namespace warpsim::sim {
class ObserverContext;

class RaceDetector final : public Observer {
  // A finding: (hazard * 16 + memory space, the earlier pc, this pc).
  using Key = std::tuple<int, std::uintptr_t, std::uintptr_t>;

public:
  explicit RaceDetector(ObserverContext &cx);
  // Parallel phases (--jobs): a block's state is its slot's; shared memory
  // is its own window's shadow; global bytes it owns have shadow no other
  // block touches (a lock per page guards the side entries); reads of
  // bytes other blocks may read are checked at once and recorded, in round
  // order, when the phase ends, with findings; a write-write pair waits in
  // its block's list for its writes' values, across phases if it must.
  bool blockParallel() const override { return true; }
  // A race of a launch needs two of its threads on a word, one writing,
  // which sends a direct launch back to fibers; launches never race.
  bool silentOnDirect() const override { return true; }
  void onPhaseEnd(const std::vector<std::uint32_t> &slots) override;
  void onLaunchBegin(const LaunchInfo &) override;
  void onLaunchEnd(const LaunchInfo &) override;
  void onBlockBegin(const BlockInfo &) override;
  void onBlockEnd(const BlockInfo &) override;
  void onWarpAccess(const WarpAccess &) override;
  void onBarrierArrive(const BarrierEvent &) override;
  void onBarrierComplete(const BarrierEvent &) override;
  void onFence(const FenceEvent &) override;
  void onGridSync(const LaunchInfo &) override;
  void onClusterBarrier(const ClusterBarrierEvent &) override;
  void onWarpSync(const WarpOpEvent &) override;
  void onMBarrier(const MBarrierEvent &) override;
  void onStoreDone(const StoreDone &) override;

private:
  // An atomic the thread made since its last event: what it read is
  // settled at the next one.
  struct PendingAtomic {
    std::uintptr_t addr;
    bool acquire;
    Scope scope;
  };
  struct ThreadSync {
    bool hasRelease = false;
    model::SyncClock clock;   // acquired since the block's last barrier
    model::SyncClock pending; // seen by relaxed atomics, acquired at the next fence
    model::SyncClock release; // published by the thread's last fence
    // What a release or acquire would have ordered had its scope included
    // both threads (entry scope: the model::Scope, Block or Cluster, that
    // was too narrow). Only for reports: it orders nothing.
    model::SyncClock narrow;
    model::SyncClock pendingNarrow; // `narrow` of relaxed reads, until a fence acquires
    // `pending` of the threads before a named barrier this thread waited at:
    // seen by their relaxed atomics, acquired by no fence of theirs before
    // it. Only for the fence-before-atomic warning: it orders nothing.
    model::SyncClock barrierPending;
    std::vector<PendingAtomic> atomics;
    // Strong writes (atomic or volatile) of other threads that this
    // thread's strong reads saw: thread key, epoch of the write. Evidence of
    // message passing (MP) when a later read is not ordered after an
    // earlier write of that thread.
    model::SyncClock seen;
    // Its last atomic (what a StoreDone with the bytes it found is about).
    std::uintptr_t atomicAddr = 0, atomicPc = 0;
    std::uint32_t atomicEpoch = 0, atomicSite = 0;
    MemoryOrder atomicOrder = MemoryOrder::Relaxed;
    Scope atomicScope = Scope::Device;
    // Critical sections it may be in: an atomic changed a word that a
    // later atomic of this thread may set back (model/LockHandOver.h).
    std::vector<model::CriticalSection> sections;
  };
  // Why two accesses were unordered, from the narrowest to the widest
  // scope: a merged finding describes its worst occurrence.
  enum Why : std::uint8_t {
    kLockOrder, // predicted: the other order of taking a lock (the least certain)
    kSameInstruction,
    kSameWarp,
    kSameBlock,
    kOtherBlock,
    kBlockAtomic,
    kClusterAtomic, // cluster-scope atomics in different clusters
    kNarrowScope,   // ordered only at a scope (Occurrence::narrow) without both threads
    kThreadAtomic,  // a thread-scope atomic
  };
  struct Occurrence {
    model::Hazard h;
    Why why;
    AccessKind kind;
    MemorySpace space;
    model::AccessRecord prior;
    std::uintptr_t priorPc;
    std::uint32_t priorSite; // static site id of the earlier access (kNoSite: none)
    const BlockInfo *block;
    std::uint32_t tid;
    std::uintptr_t pc;
    std::uint32_t site; // static site id of this access
    LaneAccess lane;
    Scope narrow = Scope::Block; // kNarrowScope: the scope that ordered them
    bool strong = false;         // both accesses strong, one volatile (kSameWarp only)
  };
  // A write-write race whose stored values are known only once the writes
  // have happened: across instructions, what the earlier write left against
  // what the later one did; within one warp instruction, what each of the
  // two lanes left (onStoreDone). Settled when neither write is still to be
  // made (a lane makes its store when it next runs: in its warp's next turn,
  // perhaps in a later phase), or when the block or the launch ends.
  struct Pending {
    Key key; // its finding (looked up when settled: the phase may have ended)
    std::uintptr_t addr;
    std::uint32_t before;
    std::uint32_t mask;
    const BlockInfo *block;
    std::uint32_t warp;
    bool sameInstruction;
    std::uint8_t known; // bit 0 lane A's value seen, bit 1 lane B's
    std::uint32_t laneA, laneB, valueA, valueB;
    // Other instructions: A (the earlier write) not yet made when B was
    // issued: A's value is taken when A makes it.
    bool waitA;
    bool crossA; // A is in another block (blockA): serial schedules only
    const BlockInfo *blockA;
    std::uint32_t tidA, tidB; // threads of their blocks

    Occurrence occ;
  };

  // One block's (its slot's): only the host thread running the block
  // touches it.
  struct PendingList {
    std::vector<Pending> items;
    std::size_t sameInstruction = 0; // items with sameInstruction
    std::size_t others = 0;          // items of other instructions
  };
  struct BlockSync {
    const BlockInfo *info = nullptr;
    std::uint32_t linear = 0;
    std::uint32_t cluster = 0;      // its cluster's linear index
    std::uint32_t barrierEpoch = 0; // epoch of the last barrier (model/RaceShadow.h)
    std::uint32_t serial = 0;       // generation of the block's shared memory
    bool threadClocks = false;
    model::SyncClock blockClock, barrierAcc;
    // ThreadSync::narrow of the block's threads before its last barrier,
    // and of the arrivals at the current one.
    model::SyncClock blockNarrow, narrowAcc;
    bool threadNarrow = false; // some thread's `narrow` is not empty
    // ThreadSync::pending of the block's threads as they arrived at its
    // barriers (the last-block idiom: one thread's relaxed atomic draws the
    // ticket, a barrier, then every thread reads), and of the arrivals at
    // the current one. Only for the fence-before-atomic warning.
    model::SyncClock blockPending, pendingAcc;
    std::array<model::SyncClock, model::kNamedBarriers> namedPendingAcc;
    std::vector<ThreadSync> threads;
    // Per thread: its last write issued to a warp but not yet known made
    // (a lane makes its store when it next runs, possibly after other warps
    // issued theirs): the bytes of [inflight, inflight + inflightSize).
    std::vector<std::uintptr_t> inflight;
    std::vector<std::uint32_t> inflightSize;
    PendingList pending;                 // write-write pairs whose later write is this block's
    std::vector<std::uint32_t> instr;    // per warp: its epoch (instructions so far)
    std::vector<std::uint32_t> pairSync; // [warp][lane][lane]: epoch of the last common __syncwarp
    // Parallel rounds: threads whose atomics wait to be settled.
    std::vector<std::uint32_t> atomicThreads;
    // Named barriers (an id other than 0, or a thread count): only their
    // participants are ordered. What the arrivals of the current phase
    // released, and the threads that wait for it (bar.arrive does not).
    std::array<model::SyncClock, model::kNamedBarriers> namedAcc;
    std::array<std::vector<std::uint32_t>, model::kNamedBarriers> namedWaiters;
  };
  // An mbarrier's releases: the phase being arrived at, and the last two
  // completed phases by parity (a wait is valid only for the current phase
  // or the one before it).
  struct MBarrierSync {
    model::SyncClock current;
    model::SyncClock completed[2];
  };
  struct RaceExtra {
    bool sameValue = true; // every write-write occurrence stored the value already there
    // Every occurrence was an access that only CUDA's __threadfence()
    // guarantee orders: the earlier thread fenced before its atomic, a
    // relaxed atomic of this thread (or of its block, before a barrier this
    // thread passed) saw that atomic, but no fence followed it (PTX: a race).
    bool missingAcquireFence = true;
    int rank = -1; // of the occurrence the finding describes (see rankOf)
    // A memory-order finding (MP); every occurrence's writer had released
    // (fenced before its flag): only the reader's acquire was missing.
    bool mp = false;
    bool mpReleased = true;
  };
  // A read, in a parallel phase, of global bytes other blocks may read too
  // (WarpAccess::shared_reads): recorded when the phase ends.
  struct SharedRead {
    std::uintptr_t granule;
    std::uint32_t tid, epoch;
    std::uint16_t site;
    std::uint8_t mask;
  };
  using GlobalShadow = model::ShadowMemory<model::RaceCell, 2, model::RacePage>;
  // Shared memory in 4 KiB leaves: a block uses a little of its 256 KiB
  // window, and a cooperative grid has thousands of windows.
  using SharedShadow = model::ShadowMemory<model::RaceCell, 2, model::RacePage, 12>;
  // What a host thread keeps while it runs a block: entry 0 for the one
  // thread (and serial phases), slot + 1 in parallel phases.
  struct HostState {
    std::vector<SharedRead> sharedReads;
    GlobalShadow::Cache global;
    SharedShadow::Cache shared;
    std::uintptr_t lastPc = 0;
    std::uint16_t lastSite = 0;
  };
  HostState &host() {
    const auto i = static_cast<std::size_t>(parallelSlot() + 1);
    return i < hosts_.size() ? hosts_[i] : hosts_[0];
  }
  // Settles `bs`'s pending pairs of `warp` (-1: all) whose writes are both
  // made; with `force` (the block or the launch ended) every one.
  void resolve(BlockSync &bs, std::int64_t warp, bool force = false);
  // Is thread `tid` of `bs`'s last issued write, covering the granule at
  // `addr`, still to be made?
  static bool inFlight(const BlockSync &bs, std::uint32_t tid, std::uintptr_t addr) {
    return bs.inflightSize[tid] != 0 && bs.inflight[tid] < addr + 4 &&
           bs.inflight[tid] + bs.inflightSize[tid] > addr;
  }
  // Thread `tid` of `bs` has made its last issued write (its store is done,
  // or it makes its next access): pending write-write pairs take its value.
  void writeMade(BlockSync &bs, const BlockInfo *block, std::uint32_t tid);
  // An access of a thread of `bs` now: the block's part (thread, epoch and
  // the thread's own clocks are the caller's).
  model::Accessor accessor(const BlockSync &bs) const;
  void recordSharedReads(std::uint32_t slot, std::vector<SharedRead> &reads);
  std::uint8_t siteAtomicLoad(std::uint16_t site) const {
    return std::atomic_ref<std::uint8_t>(const_cast<std::uint8_t &>(siteAtomicLoad_[site]))
        .load(std::memory_order_relaxed);
  }
  BlockSync &blockOf(const BlockInfo *b);
  model::SyncClock snapshot(const BlockSync &bs, const ThreadSync &t, std::uint32_t gtid,
                            std::uint32_t epoch, std::uint32_t scope) const;
  void settle(BlockSync &bs, ThreadSync &t);
  // A thread at a synchronisation event: pending write-write checks of its
  // warp resolved, its relaxed atomics settled.
  ThreadSync &syncThread(BlockSync &bs, const BlockInfo *b, std::uint32_t warp, std::uint32_t tid);
  void atomicSync(BlockSync &bs, ThreadSync &t, std::uint32_t gtid, std::uint32_t epoch,
                  std::uintptr_t addr, MemoryOrder order, Scope scope, bool load);
  std::uint16_t siteOf(const WarpAccess &a);
  // Only on a hazard: out of the hot access path.
  [[gnu::cold, gnu::noinline]] void hazard(model::Hazard h, const model::AccessRecord &prior,
                                           const WarpAccess &a, const LaneAccess &lane,
                                           std::uint32_t instr, std::uintptr_t granule,
                                           std::uint8_t mask);
  void describe(Finding &f, const Occurrence &o) const;
  // Volatile accesses are strong (relaxed at system scope): a race between
  // two strong accesses is message passing without an acquire (MP), the
  // warp-synchronous idiom under independent thread scheduling, or nothing.
  bool strongSite(std::uint16_t site) const;
  void messagePassing(const Occurrence &o, bool released);
  // Lock hand-overs (model/LockHandOver.h): a thread's atomic is done.
  void lockAtomicDone(BlockSync &bs, ThreadSync &t, std::uint32_t tid, const StoreDone &s);
  void lockSectionClosed(BlockSync &bs, model::CriticalSection &j);
  void predictedRace(BlockSync &bs, model::Hazard h, const model::CriticalSection &second,
                     const model::SectionAccess &ai, const model::CriticalSection &first,
                     const model::SectionAccess &aj, std::uint32_t bytes);
  void sectionAccess(BlockSync &bs, ThreadSync &t, const WarpAccess &a, const LaneAccess &la,
                     std::uint32_t instr, std::uint16_t site, bool strong);
  static int rankOf(const Occurrence &o, bool error) { return o.why + (error ? 16 : 0); }
  std::uint32_t clusterOf(std::uint32_t block) const { return shape_.clusterOfLinear(block); }
  // The acquire side of synchronisation with entry `e` by an operation at
  // `scope` of a thread of `bs`: into `into` if both scopes include both
  // threads, else into `narrow` (with the scope that was too narrow).
  void acquireEntry(BlockSync &bs, const model::SyncEntry &e, Scope scope, model::SyncClock &into,
                    model::SyncClock &narrow);
  void flush();
  // WARPSIM_RACE_SHADOW_STATS: the shadow's size after a launch, on stderr.
  void printShadowStats(const LaunchInfo &l) const;

  ObserverContext &cx_;
  GlobalShadow shadow_;
  SharedShadow sharedShadow_;
  // Access sites: a record keeps a 16-bit index. 1..staticSites_ are the
  // static sites (index = static site id + 1: no lookup, no insertion; kept
  // across launches); above them, the launch's accesses without a static
  // site (TSan's hooks), numbered by pc as they come.
  std::vector<std::uintptr_t> sitePcs_;   // per index: the pc (first seen)
  std::vector<std::uint32_t> siteStatic_; // per index: the static site id, or kNoSite
  std::uint32_t staticSites_ = 0;
  // Per site: the atomic kind of the atomic loads made there (a read record
  // keeps no atomic kind; its site does).
  std::vector<std::uint8_t> siteAtomicLoad_;
  std::vector<std::uint8_t> siteVolatile_; // per index: a volatile access (static sites)
  std::unordered_map<std::uintptr_t, std::uint16_t> siteIds_;
  std::vector<HostState> hosts_ = std::vector<HostState>(1);
  // Parallel phases: the site table and the sync objects (mutex_), and the
  // side entries of global shadow pages (by page).
  std::mutex mutex_;
  std::array<std::mutex, 64> pageLocks_;
  std::vector<BlockSync> blocks_; // by resident slot
  std::unordered_map<std::uintptr_t, model::SyncClock> syncObjects_;
  // Per address: the last strong writes (thread key, epoch), newest last;
  // a strong read adds them to its thread's `seen`.
  struct StrongWrites {
    std::array<std::pair<std::uint32_t, std::uint32_t>, 4> w{};
    std::uint32_t n = 0;
  };
  std::unordered_map<std::uintptr_t, StrongWrites> strongWrites_;
  // Per lock word: its critical sections so far in this launch, the last
  // kLockHistory of them.
  struct LockHistory {
    std::vector<model::CriticalSection> sections;
    std::uint64_t next = 0;
  };
  static constexpr std::size_t kLockHistory = 32;
  std::unordered_map<std::uintptr_t, LockHistory> locks_;
  std::unordered_map<std::uintptr_t, MBarrierSync> mbarriers_; // by shared address
  // Cluster barriers, by cluster: what the arrivals at the current phase
  // released, and what the last two completed phases released (a thread
  // waits for the phase it arrived at, at most one behind).
  std::unordered_map<std::uint64_t, MBarrierSync> clusters_;
  const LaunchInfo *launch_ = nullptr;
  model::ClusterShape shape_{}; // the launch's clusters
  std::uint32_t gen_ = 0, serial_ = 0, tpb_ = 1, ws_ = 32;
  std::uint32_t gridEpoch_ = 0; // epoch of the launch's last grid.sync() (onGridSync)
  bool warpSynchronous_ = false;
  bool shadowStats_ = false;
  // Pending pairs whose earlier write is another block's, not yet made
  // (serial schedules: a parallel phase makes a block's global writes
  // before it ends).
  std::size_t crossWaits_ = 0;
  // Keyed by (hazard * 16 + memory space, the earlier pc, this pc).
  FindingTable<RaceExtra, Key> table_;
};

} // namespace warpsim::sim
