#include "RaceDetector.h"

#include "MemoryMap.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "Describe.h"
#include "ObserverContext.h"
#include "warpsim/model/MemoryOrdering.h"

namespace warpsim::sim {

using model::AccessRecord;
using model::acquires;
using model::Hazard;
using model::releases;
using model::SyncClock;

namespace {

// Shadow records name their access site by a 16-bit index: static sites
// take 1..0xf000 (their id + 1), leaving at least 4095 indices per launch to
// accesses without one.
constexpr std::uint32_t kMaxStaticSites = 0xf000;

const char *hazardName(Hazard h) {
  switch (h) {
  case Hazard::ReadAfterWrite:
    return "RAW";
  case Hazard::WriteAfterRead:
    return "WAR";
  case Hazard::WriteAfterWrite:
    return "WAW";
  case Hazard::None:
    break;
  }
  return "";
}

std::uint32_t loadGranule(std::uintptr_t a) {
  std::uint32_t v;
  std::memcpy(&v, reinterpret_cast<const void *>(a), sizeof v);
  return v;
}

std::uint32_t byteMask(std::uint32_t mask) {
  std::uint32_t m = 0;
  for (int i = 0; i < 4; ++i)
    if (mask & (1u << i))
      m |= 0xffu << (8 * i);
  return m;
}

} // namespace

RaceDetector::RaceDetector(ObserverContext &cx) : cx_(cx) {
  blocks_.resize(cx.options().resident_blocks);
  warpSynchronous_ = cx.options().thread_model == ThreadModel::WarpSynchronous;
  const char *stats = std::getenv("WARPSIM_RACE_SHADOW_STATS");
  shadowStats_ = stats != nullptr && *stats != '\0' && std::strcmp(stats, "0") != 0;
}

RaceDetector::BlockSync &RaceDetector::blockOf(const BlockInfo *b) {
  return blocks_[cx_.memory().sharedSlotOf(b->smem_base)];
}

void RaceDetector::onLaunchBegin(const LaunchInfo &l) {
  launch_ = &l;
  // A launch boundary orders everything: records of earlier launches carry
  // another generation and never race.
  gen_ = static_cast<std::uint32_t>(l.id);
  gridEpoch_ = 0;
  tpb_ = static_cast<std::uint32_t>(l.block.volume());
  ws_ = l.warp_size;
  shape_ = model::ClusterShape{l.grid, l.explicit_cluster ? l.cluster : Dim3{}};
  syncObjects_.clear();
  strongWrites_.clear();
  locks_.clear();
  mbarriers_.clear();
  clusters_.clear();
  blocks_.resize(l.slots);
  // Records of earlier launches are gone with their pages' generation: the
  // numbers of sites without a static id start again. Static sites keep
  // theirs (all modules registered their rows before main). Room for every
  // index a record can name, so that adding one (under mutex_ in parallel
  // phases) never moves what other threads read.
  sitePcs_.reserve(0x10000);
  siteAtomicLoad_.reserve(0x10000);
  siteStatic_.reserve(0x10000);
  const std::uint32_t statics = std::min(staticSiteCount(), kMaxStaticSites);
  if (statics != staticSites_ || sitePcs_.empty()) {
    staticSites_ = statics;
    sitePcs_.assign(std::size_t{statics} + 1, 0);
    siteAtomicLoad_.assign(std::size_t{statics} + 1, model::kNotAtomic);
    siteStatic_.assign(std::size_t{statics} + 1, kNoSite);
    siteVolatile_.assign(std::size_t{statics} + 1, 0);
    for (std::uint32_t i = 1; i <= statics; ++i) {
      siteStatic_[i] = i - 1;
      const StaticSite *row = staticSite(i - 1);
      siteVolatile_[i] = row != nullptr && (row->kind & kSiteVolatile) != 0 ? 1 : 0;
    }
  }
  sitePcs_.resize(std::size_t{statics} + 1);
  siteAtomicLoad_.resize(std::size_t{statics} + 1);
  siteStatic_.resize(std::size_t{statics} + 1);
  siteIds_.clear();
  hosts_.resize(std::size_t{l.slots} + 1);
  for (HostState &h : hosts_) {
    h.lastPc = 0;
    h.lastSite = 0;
  }
  table_.reserveShards(l.slots);
  for (BlockSync &bs : blocks_) {
    bs.info = nullptr;
    bs.threads.resize(tpb_);
    bs.inflight.assign(tpb_, 0);
    bs.inflightSize.assign(tpb_, 0);
    bs.instr.assign((tpb_ + ws_ - 1) / ws_, 0);
    bs.pending = PendingList{};
  }
  crossWaits_ = 0;
}

void RaceDetector::onBlockBegin(const BlockInfo &b) {
  sharedShadow_.reserve(b.smem_base); // its middle node, before blocks run at once
  BlockSync &bs = blockOf(&b);
  bs.info = &b;
  bs.linear = static_cast<std::uint32_t>(b.linear);
  bs.cluster = clusterOf(bs.linear);
  bs.barrierEpoch = 0;
  // The slot's shared window now belongs to a new block: a new generation.
  bs.serial = ++serial_;
  std::fill(bs.inflightSize.begin(), bs.inflightSize.end(), 0);
  bs.blockClock.clear();
  bs.barrierAcc.clear();
  bs.blockNarrow.clear();
  bs.narrowAcc.clear();
  bs.blockPending.clear();
  bs.pendingAcc.clear();
  for (std::uint32_t id = 0; id < model::kNamedBarriers; ++id) {
    bs.namedAcc[id].clear();
    bs.namedPendingAcc[id].clear();
    bs.namedWaiters[id].clear();
  }
  for (ThreadSync &t : bs.threads) {
    t.hasRelease = false;
    t.atomics.clear();
    if (!t.clock.empty())
      t.clock.clear();
    if (!t.pending.empty())
      t.pending.clear();
    if (!t.narrow.empty())
      t.narrow.clear();
    if (!t.pendingNarrow.empty())
      t.pendingNarrow.clear();
    if (!t.barrierPending.empty())
      t.barrierPending.clear();
    if (!t.seen.empty())
      t.seen.clear();
    t.sections.clear();
    t.atomicAddr = 0;
  }
  bs.threadClocks = false;
  bs.threadNarrow = false;
  std::fill(bs.instr.begin(), bs.instr.end(), 0);
  bs.pairSync.clear();
  bs.atomicThreads.clear();
}

void RaceDetector::onBlockEnd(const BlockInfo &b) {
  // Every write of the block is made: memory holds what it left.
  if (BlockSync &bs = blockOf(&b); !bs.pending.items.empty())
    resolve(bs, -1, true);
  // A write of it that other blocks' pairs still wait for was made without
  // being seen (a copy wider than 16 bytes): they compare with memory
  // before their own write (its slot's next block must not answer).
  if (crossWaits_ != 0)
    for (BlockSync &other : blocks_)
      for (Pending &p : other.pending.items)
        if (p.crossA && p.blockA == &b) {
          p.waitA = p.crossA = false;
          --crossWaits_;
        }
}

void RaceDetector::onLaunchEnd(const LaunchInfo &l) {
  // What the blocks still running (an aborted launch) left.
  for (BlockSync &bs : blocks_)
    if (!bs.pending.items.empty())
      resolve(bs, -1, true);
  flush();
  if (shadowStats_)
    printShadowStats(l);
  launch_ = nullptr;
}

void RaceDetector::printShadowStats(const LaunchInfo &l) const {
  // Everything the shadow holds now (pages of earlier launches included:
  // they stay allocated), against the device memory allocated now.
  std::size_t cells = 0, side = 0;
  auto count = [&](const auto &shadow) {
    shadow.forEachPage([&](const auto &page) {
      cells += sizeof page;
      side += page.data.sideBytes();
    });
    cells += shadow.tableBytes();
  };
  count(shadow_);
  const std::size_t global = cells + side;
  count(sharedShadow_);
  const std::size_t device = cx_.memory().bytesInUse();
  std::fprintf(stderr,
               "warpsim: race shadow after launch %llu: %zu bytes (global %zu, shared %zu; side "
               "entries %zu) for %zu bytes of device memory: %.2f bytes per byte; access "
               "sites: %u static (of %u registered), %zu by pc\n",
               static_cast<unsigned long long>(l.id), cells + side, global, cells + side - global,
               side, device,
               device == 0 ? 0.0 : static_cast<double>(cells + side) / static_cast<double>(device),
               staticSites_, staticSiteCount(), sitePcs_.size() - 1 - staticSites_);
}

SyncClock RaceDetector::snapshot(const BlockSync &bs, const ThreadSync &t, std::uint32_t gtid,
                                 std::uint32_t epoch, std::uint32_t scope) const {
  SyncClock s;
  for (const model::SyncEntry &e : t.clock.entries())
    s.raise(e.key, e.value, scope);
  for (const model::SyncEntry &e : bs.blockClock.entries())
    s.raise(e.key, e.value, scope);
  // Everything the block did before its last barrier, and this thread's own
  // accesses before `epoch`.
  s.raise(bs.linear, bs.barrierEpoch, scope);
  s.raise(SyncClock::kThreadKey | gtid, epoch, scope);
  return s;
}

void RaceDetector::atomicSync(BlockSync &bs, ThreadSync &t, std::uint32_t gtid, std::uint32_t epoch,
                              std::uintptr_t addr, MemoryOrder order, Scope scope, bool load) {
  SyncClock *objp;
  {
    // In a parallel phase the block owns `addr`: only the table is shared.
    std::unique_lock<std::mutex> lock(mutex_, std::defer_lock);
    if (parallelSlot() >= 0)
      lock.lock();
    objp = &syncObjects_[addr];
  }
  SyncClock &obj = *objp;
  // What the atomic read is known only once it has happened: observers see
  // a warp instruction before its lanes perform it, so a release observed
  // later may still be what it read. Settled at the thread's next event (in
  // parallel rounds at the latest when the phase ends, while the block
  // still owns the address).
  if (t.atomics.empty() && launch_ != nullptr && cx_.checkersParallel())
    bs.atomicThreads.push_back(static_cast<std::uint32_t>(&t - bs.threads.data()));
  t.atomics.push_back({addr, acquires(order), scope});
  // The release covers the thread's accesses before this atomic, for the
  // threads its scope includes (a block-scope atomic: its own block; a
  // cluster-scope one: its cluster).
  const std::uint32_t at = model::releaseScope(scope, bs.linear, bs.cluster);
  if (load) // an atomic load publishes nothing
    return;
  if (releases(order)) {
    // The thread's accesses up to and including this write: who reads it
    // is ordered after the write itself too.
    obj.join(snapshot(bs, t, gtid, epoch + 1, at));
  } else if (t.hasRelease) {
    // fence; relaxed atomic write = release, at the narrower of the scopes
    for (const model::SyncEntry &e : t.release.entries())
      obj.raise(e.key, e.value, model::narrowerScope(e.scope, at));
  }
}

void RaceDetector::acquireEntry(BlockSync &bs, const model::SyncEntry &e, Scope scope,
                                SyncClock &into, SyncClock &narrow) {
  const std::uint32_t from = model::entryBlock(e, tpb_);
  // The release must reach this thread, and the acquire the releaser.
  if (!SyncClock::visible(e.scope, bs.linear, bs.cluster)) {
    const bool cluster = e.scope != SyncClock::kDeviceScope && (e.scope & SyncClock::kClusterTag);
    narrow.raise(e.key, e.value,
                 static_cast<std::uint32_t>(cluster ? Scope::Cluster : Scope::Block));
  } else if (!model::scopeIncludes(scope, bs.linear, bs.cluster, from, clusterOf(from))) {
    narrow.raise(e.key, e.value, static_cast<std::uint32_t>(scope));
  } else {
    into.raise(e.key, e.value);
    return;
  }
  bs.threadNarrow = true;
}

void RaceDetector::settle(BlockSync &bs, ThreadSync &t) {
  for (const PendingAtomic &p : t.atomics) {
    const SyncClock *obj = nullptr;
    {
      std::unique_lock<std::mutex> lock(mutex_, std::defer_lock);
      if (parallelSlot() >= 0)
        lock.lock();
      if (auto it = syncObjects_.find(p.addr); it != syncObjects_.end())
        obj = &it->second;
    }
    {
      // Which strong writes it may have read: evidence of message passing.
      std::unique_lock<std::mutex> lock(mutex_, std::defer_lock);
      if (parallelSlot() >= 0)
        lock.lock();
      if (auto it = strongWrites_.find(p.addr); it != strongWrites_.end()) {
        const std::uint32_t self =
            bs.linear * tpb_ + static_cast<std::uint32_t>(&t - bs.threads.data());
        for (std::uint32_t k = 0; k < it->second.n; ++k)
          if (it->second.w[k].first != self)
            t.seen.raise(SyncClock::kThreadKey | it->second.w[k].first, it->second.w[k].second);
      }
    }
    if (obj == nullptr || obj->empty())
      continue;
    // An acquire now; a relaxed read is acquired by a later fence.
    for (const model::SyncEntry &e : obj->entries())
      acquireEntry(bs, e, p.scope, p.acquire ? t.clock : t.pending,
                   p.acquire ? t.narrow : t.pendingNarrow);
    bs.threadClocks |= p.acquire;
  }
  t.atomics.clear();
}

// The race shadow's kind of an atomic at `scope`. A thread-scope atomic is
// atomic with no other thread.
static std::uint8_t atomicKindOf(Scope scope) {
  return scope == Scope::Thread    ? model::kNotAtomic
         : scope == Scope::Block   ? model::kBlockAtomic
         : scope == Scope::Cluster ? model::kClusterAtomic
                                   : model::kAtomic;
}

void RaceDetector::onWarpAccess(const WarpAccess &a) {
  if (a.space != MemorySpace::Global && a.space != MemorySpace::Shared &&
      a.space != MemorySpace::Managed)
    return;
  BlockSync &bs = blockOf(a.block);
  HostState &hs = host();
  if (!bs.pending.items.empty())
    resolve(bs, a.warp);
  const std::uint32_t instr = ++bs.instr[a.warp];
  // An atomic load is a read: it conflicts with writes only.
  const bool write = a.kind != AccessKind::Load && !a.atomic_load;
  const bool atomic = a.kind == AccessKind::Atomic;
  const std::uint8_t atomicKind = atomic ? atomicKindOf(a.scope) : model::kNotAtomic;
  const std::uint32_t gen = a.space == MemorySpace::Shared ? bs.serial : gen_;
  const std::uint16_t site = siteOf(a);
  // A volatile access is relaxed at system scope (PTX ld/st.volatile): it
  // synchronises like a relaxed atomic (a fence before a volatile store
  // releases, a fence after a volatile load acquires), and two strong
  // accesses never form a data race (hazard()).
  const bool vol = !atomic && site <= staticSites_ && siteVolatile_[site] != 0;
  const bool strong = (atomic && a.scope != Scope::Thread) || vol;
  if (a.atomic_load && site != 0)
    std::atomic_ref<std::uint8_t>(siteAtomicLoad_[site])
        .store(atomicKind, std::memory_order_relaxed);
  const bool parallel = parallelSlot() >= 0;
  model::Accessor acc = accessor(bs);
  acc.epoch = instr;
  const std::uint32_t firstTid = a.warp * ws_;
  for (std::uint32_t i = 0; i < a.count; ++i) {
    const LaneAccess &la = a.lanes[i];
    const std::uint32_t tid = firstTid + la.lane;
    ThreadSync &t = bs.threads[tid];
    const std::uint32_t gtid = bs.linear * tpb_ + tid;
    if (bs.inflightSize[tid] != 0)
      writeMade(bs, a.block, tid);
    if (write) {
      bs.inflight[tid] = la.addr;
      bs.inflightSize[tid] = la.size;
    }
    if (!t.atomics.empty())
      settle(bs, t);
    if (atomic && a.scope != Scope::Thread)
      atomicSync(bs, t, gtid, instr, la.addr, a.order, a.scope, a.atomic_load);
    else if (vol)
      atomicSync(bs, t, gtid, instr, la.addr, MemoryOrder::Relaxed, Scope::System, !write);
    if (strong && write) {
      std::unique_lock<std::mutex> lock(mutex_, std::defer_lock);
      if (parallel)
        lock.lock();
      StrongWrites &sw = strongWrites_[la.addr];
      std::uint32_t k = 0;
      while (k < sw.n && sw.w[k].first != gtid)
        ++k;
      if (k == sw.w.size()) { // full: forget the oldest
        std::rotate(sw.w.begin(), sw.w.begin() + 1, sw.w.end());
        k = static_cast<std::uint32_t>(sw.w.size() - 1);
      }
      sw.w[k] = {gtid, instr};
      sw.n = std::max(sw.n, k + 1);
    }
    if (atomic) {
      t.atomicAddr = la.addr;
      t.atomicEpoch = instr;
      t.atomicOrder = a.order;
      t.atomicScope = a.scope;
      t.atomicPc = a.pc;
      t.atomicSite = a.site;
    }
    if (!t.sections.empty())
      sectionAccess(bs, t, a, la, instr, site, strong);
    acc.thread = gtid;
    acc.threadClock = t.clock.empty() ? nullptr : &t.clock;
    acc.warpSync = bs.pairSync.empty() ? nullptr : &bs.pairSync[std::size_t{tid} * ws_];
    // Distributed shared memory: the bytes are a peer block's, with its
    // window's generation.
    const std::uint32_t laneGen =
        a.space == MemorySpace::Shared &&
                la.addr - a.block->smem_base >= MemoryMap::kSharedWindow &&
                cx_.memory().inSharedRegion(la.addr) &&
                cx_.memory().sharedSlotOf(la.addr) < blocks_.size()
            ? blocks_[cx_.memory().sharedSlotOf(la.addr)].serial
            : gen;
    const bool inShared = cx_.memory().inSharedRegion(la.addr);
    const bool sharedRead = (a.shared_reads >> la.lane & 1) != 0;
    std::uintptr_t p = la.addr;
    const std::uintptr_t end = la.addr + la.size;
    while (p < end) {
      const std::uintptr_t g = p & ~std::uintptr_t{3};
      const std::uintptr_t stop = std::min<std::uintptr_t>(end, g + 4);
      const std::uint8_t mask =
          static_cast<std::uint8_t>(((1u << (stop - g)) - 1) & ~((1u << (p - g)) - 1));
      auto check = [&](auto &page) {
        model::raceAccessGranule(page.cell(g), page.data, mask, acc, write, atomicKind, site,
                                 [&](Hazard h, const AccessRecord &prior, std::uint8_t bytes) {
                                   hazard(h, prior, a, la, instr, g, bytes);
                                 });
      };
      if (inShared) {
        check(sharedShadow_.page(g, laneGen, hs.shared)); // the block's own window
      } else if (!parallel) {
        check(shadow_.page(g, laneGen, hs.global));
      } else if (!sharedRead) {
        // Bytes the block owns: their page exists since the serial-phase
        // write that made them its own.
        std::lock_guard<std::mutex> lock(pageLocks_[(g >> GlobalShadow::kPageShift) & 63]);
        check(shadow_.page(g, laneGen, hs.global));
      } else {
        // Bytes others may read too: checked against their last writes now,
        // recorded when the phase ends.
        if (auto *page = shadow_.findPage(g, hs.global); page != nullptr && page->gen == laneGen) {
          std::lock_guard<std::mutex> lock(pageLocks_[(g >> GlobalShadow::kPageShift) & 63]);
          model::raceCheckReadGranule(page->cell(g), page->data, mask, acc, atomicKind,
                                      [&](Hazard h, const AccessRecord &prior, std::uint8_t bytes) {
                                        hazard(h, prior, a, la, instr, g, bytes);
                                      });
        }
        hs.sharedReads.push_back({g, tid, instr, site, mask});
      }
      p = stop;
    }
  }
}

model::Accessor RaceDetector::accessor(const BlockSync &bs) const {
  model::Accessor acc{};
  acc.block = bs.linear;
  acc.barrierEpoch = bs.barrierEpoch;
  acc.gridEpoch = gridEpoch_;
  acc.threadsPerBlock = tpb_;
  acc.warpSize = ws_;
  acc.warpSynchronous = warpSynchronous_;
  acc.blockClock = bs.blockClock.empty() ? nullptr : &bs.blockClock;
  acc.clusters = shape_;
  return acc;
}

void RaceDetector::hazard(Hazard h, const AccessRecord &prior, const WarpAccess &a,
                          const LaneAccess &lane, std::uint32_t instr, std::uintptr_t granule,
                          std::uint8_t mask) {
  BlockSync &bs = blockOf(a.block);
  const std::uint32_t tid = a.warp * ws_ + lane.lane;
  const std::uint32_t pblock = prior.thread / tpb_;
  // An atomic load and an atomic write whose scopes include each other's
  // thread do not race (morally strong): the read record keeps no atomic
  // kind, its site does; an atomic load is judged as a read by the model.
  if (a.kind == AccessKind::Atomic && a.scope != Scope::Thread &&
      (h == Hazard::WriteAfterRead || (h == Hazard::ReadAfterWrite && a.atomic_load))) {
    const std::uint8_t now = atomicKindOf(a.scope);
    const std::uint8_t before =
        h == Hazard::WriteAfterRead ? siteAtomicLoad(prior.site) : prior.atomic;
    if (model::morallyStrong(before, now, pblock == bs.linear, clusterOf(pblock) == bs.cluster))
      return;
  }
  const bool sameWarp = pblock == bs.linear && (prior.thread % tpb_) / ws_ == a.warp;
  const bool sameInstruction = sameWarp && prior.epoch == instr;
  // Volatile: strong, relaxed at system scope. Two strong accesses (one of
  // them volatile) whose scopes include each other's thread do not race;
  // what can be wrong is their order (docs/checks.md, "Volatile").
  bool strongPair = false;
  {
    const bool atomicNow = a.kind == AccessKind::Atomic && a.scope != Scope::Thread;
    const bool volNow = !atomicNow && a.site < staticSites_ && siteVolatile_[a.site + 1] != 0;
    const std::uint8_t priorAtomic =
        h == Hazard::WriteAfterRead ? siteAtomicLoad(prior.site) : prior.atomic;
    const bool volPrior = prior.site <= staticSites_ && siteVolatile_[prior.site] != 0;
    if ((volNow || volPrior) && (atomicNow || volNow) &&
        (priorAtomic != model::kNotAtomic || volPrior) &&
        model::morallyStrong(atomicNow ? atomicKindOf(a.scope) : model::kAtomic,
                             priorAtomic != model::kNotAtomic ? priorAtomic : model::kAtomic,
                             pblock == bs.linear, clusterOf(pblock) == bs.cluster)) {
      const ThreadSync &t = bs.threads[tid];
      if (h == Hazard::ReadAfterWrite && t.seen.covers(pblock, prior.thread, prior.epoch)) {
        // MP: this thread saw a flag the writer set after this write.
        Occurrence m{};
        m.h = h;
        m.why = pblock != bs.linear ? kOtherBlock : !sameWarp ? kSameBlock : kSameWarp;
        m.kind = a.kind;
        m.space = a.space;
        m.prior = prior;
        m.priorPc =
            std::atomic_ref<std::uintptr_t>(sitePcs_[prior.site]).load(std::memory_order_relaxed);
        m.priorSite = siteStatic_[prior.site];
        m.block = a.block;
        m.tid = tid;
        m.pc = a.pc;
        m.site = a.site;
        m.lane = lane;
        messagePassing(m,
                       pblock != bs.linear && t.pending.covers(pblock, prior.thread, prior.epoch));
        return;
      }
      // Lanes of one warp that only lockstep execution would order: the
      // warp-synchronous idiom, a bug under independent thread scheduling.
      if (!sameWarp || sameInstruction)
        return;
      strongPair = true;
    }
  }
  Occurrence o{};
  o.strong = strongPair;
  o.h = h;
  o.kind = a.kind;
  o.space = a.space;
  o.prior = prior;
  o.priorPc = std::atomic_ref<std::uintptr_t>(sitePcs_[prior.site]).load(std::memory_order_relaxed);
  o.priorSite = siteStatic_[prior.site];
  o.block = a.block;
  o.tid = tid;
  o.pc = a.pc;
  o.site = a.site;
  o.lane = lane;
  const bool atomicNow = a.kind == AccessKind::Atomic;
  const bool blockAtomic =
      prior.atomic == model::kBlockAtomic || (atomicNow && a.scope == Scope::Block);
  const bool clusterAtomic =
      (prior.atomic == model::kClusterAtomic || (atomicNow && a.scope == Scope::Cluster)) &&
      clusterOf(pblock) != bs.cluster;
  // Ordered, but only by a release or acquire whose scope lacks one of the
  // two threads (a scoped race)?
  const model::SyncEntry *narrow = nullptr;
  if (pblock != bs.linear) {
    const ThreadSync &t = bs.threads[tid];
    narrow = t.narrow.covering(pblock, prior.thread, prior.epoch);
    if (narrow == nullptr)
      narrow = bs.blockNarrow.covering(pblock, prior.thread, prior.epoch);
  }
  o.why = atomicNow && a.scope == Scope::Thread ? kThreadAtomic
          : pblock != bs.linear                 ? (blockAtomic     ? kBlockAtomic
                                                   : clusterAtomic ? kClusterAtomic
                                                   : narrow        ? kNarrowScope
                                                                   : kOtherBlock)
          : !sameWarp                           ? kSameBlock
          : sameInstruction                     ? kSameInstruction
                                                : kSameWarp;
  if (narrow != nullptr)
    o.narrow = static_cast<Scope>(narrow->scope);
  const Key key{static_cast<int>(h) * 16 + static_cast<int>(a.space), o.priorPc, a.pc};
  const auto [index, fresh] = table_.find(key);
  auto &e = table_.at(index);
  // A read or write after another access is an error as it happens; a
  // write after a write is one once the values are known to differ.
  const int rank = rankOf(o, h != Hazard::WriteAfterWrite);
  if (fresh || rank > e.extra.rank) {
    describe(e.finding, o);
    e.extra.rank = rank;
  }
  // An access after another block's access that the earlier thread's fence
  // and atomic would order if a fence had followed the relaxed atomic that
  // saw it — this thread's, or one of its block's before a barrier this
  // thread passed (the last-block idiom: one thread draws the ticket, all
  // read): CUDA documents that as enough, the PTX model does not.
  {
    const ThreadSync &t = bs.threads[tid];
    if (pblock == bs.linear || !(t.pending.covers(pblock, prior.thread, prior.epoch) ||
                                 t.barrierPending.covers(pblock, prior.thread, prior.epoch) ||
                                 bs.blockPending.covers(pblock, prior.thread, prior.epoch)))
      e.extra.missingAcquireFence = false;
  }
  if (h != Hazard::WriteAfterWrite || !e.extra.sameValue)
    return;
  // Write after write: whether the two writes stored different values is
  // known once they have happened.
  Pending p{};
  p.addr = granule;
  p.before = loadGranule(granule);
  p.mask = byteMask(mask);
  p.block = a.block;
  p.warp = a.warp;
  p.sameInstruction = sameInstruction;
  p.laneA = (prior.thread % tpb_) % ws_;
  p.laneB = lane.lane;
  p.tidA = prior.thread % tpb_;
  p.tidB = tid;
  p.key = key;
  // Is the earlier write made yet? If not, memory holds what was there
  // before it, and its own value is taken when it is made.
  p.blockA = a.block;
  if (!sameInstruction && pblock == bs.linear) {
    p.waitA = inFlight(bs, p.tidA, granule);
  } else if (!sameInstruction && parallelSlot() < 0) {
    // Another block's (blocks interleave by instruction only in serial
    // schedules; a parallel phase makes a block's global writes in it).
    for (BlockSync &other : blocks_)
      if (other.info != nullptr && other.linear == pblock) {
        p.waitA = inFlight(other, p.tidA, granule);
        p.crossA = p.waitA;
        p.blockA = other.info;
        crossWaits_ += p.waitA ? 1 : 0;
        break;
      }
  }
  p.occ = o;
  PendingList &list = bs.pending;
  list.sameInstruction += sameInstruction ? 1 : 0;
  list.others += sameInstruction ? 0 : 1;
  list.items.push_back(p);
}

void RaceDetector::describe(Finding &f, const Occurrence &o) const {
  f.kind = "race";
  f.hazard = hazardName(o.h);
  f.space = spaceName(o.space);
  f.address = o.lane.addr;
  f.size = o.lane.size;
  f.object = describeAddress(cx_, o.block, o.lane.addr, o.space);
  const char *cur = o.kind == AccessKind::Atomic  ? "atomic"
                    : o.kind == AccessKind::Store ? "write"
                                                  : "read";
  const char *before =
      o.h == Hazard::WriteAfterRead
          ? (siteAtomicLoad(o.prior.site) != model::kNotAtomic ? "atomic load" : "read")
          : (o.prior.atomic ? "atomic" : "write");
  const char *why = "";
  switch (o.why) {
  case kBlockAtomic:
    why = "in different blocks: a block-scope atomic (atomic*_block) is atomic, and orders "
          "memory, only among the threads of its own block";
    break;
  case kClusterAtomic:
    why = "in different clusters: a cluster-scope atomic (.cluster) is atomic, and orders memory, "
          "only among the threads of its own cluster";
    break;
  case kNarrowScope:
    why = o.narrow == Scope::Cluster
              ? "ordered at cluster scope, but the threads are in different clusters: a release, "
                "acquire or fence at .cluster scope orders memory only among the threads of its "
                "own cluster; use device scope (.gpu)"
              : "ordered at CTA scope, but the threads are in different CTAs: a release, acquire "
                "or fence at block scope (__threadfence_block(), cuda::thread_scope_block, "
                "atomic*_block, .cta) orders memory only among the threads of its own block; use "
                "device scope (__threadfence(), cuda::thread_scope_device, .gpu)";
    break;
  case kThreadAtomic:
    why = "a thread-scope atomic (cuda::thread_scope_thread) is atomic, and orders memory, only "
          "for its own thread";
    break;
  case kOtherBlock:
    why = o.space == MemorySpace::Shared
              ? "in different blocks of a cluster (distributed shared memory): only the cluster "
                "barrier (cluster.sync(), barrier.cluster.arrive/wait) or release/acquire at "
                "cluster scope orders them"
              : "in different blocks: only atomics with __threadfence() or release/acquire order "
                "them";
    break;
  case kSameInstruction:
    why = "lanes of one warp instruction write the same bytes: which lane wins is undefined";
    break;
  case kSameWarp:
    why = o.strong
              ? "in the same warp with no __syncwarp() between (independent thread "
                "scheduling: volatile accesses are strong and do not form a data race in "
                "the PTX model, but nothing orders the lanes of a warp, so this access may "
                "come before or after the other lane's)"
              : "in the same warp with no __syncwarp() between (independent thread scheduling)";
    break;
  case kLockOrder:
    break;
  case kSameBlock:
    why = "in the same block with no __syncthreads() between";
    break;
  }
  f.message = std::string(hazardName(o.h)) + " hazard on " + spaceName(o.space) + " memory at " +
              f.object + ": " + cur + " races with an earlier " + before + " (" + why + ")";
  FindingSite now = threadSite(*o.block, o.tid, o.pc, o.site, cur);
  now.detail = std::string(cur);
  FindingSite then;
  then.role = before;
  then.detail = std::string("earlier ") + before;
  then.pc = o.priorPc;
  then.site = o.priorPc != 0 ? o.priorSite : kNoSite;
  then.has_thread = true;
  threadCoords(*launch_, o.prior.thread / tpb_, o.prior.thread % tpb_, then.block, then.thread);
  f.sites.clear();
  f.sites.push_back(std::move(now));
  f.sites.push_back(std::move(then));
}

void RaceDetector::messagePassing(const Occurrence &o, bool released) {
  // Keyed apart from races (hazard 5: MP).
  const auto [index, fresh] = table_.find({5 * 16 + static_cast<int>(o.space), o.priorPc, o.pc});
  auto &e = table_.at(index);
  e.extra.mp = true;
  e.extra.mpReleased = e.extra.mpReleased && released;
  e.extra.missingAcquireFence = false;
  if (const int rank = rankOf(o, true); fresh || rank > e.extra.rank) {
    e.extra.rank = rank;
    Finding &f = e.finding;
    describe(f, o);
    f.kind = "memory-order";
    f.hazard = "MP";
    Dim3 wb, wt;
    threadCoords(*launch_, o.prior.thread / tpb_, o.prior.thread % tpb_, wb, wt);
    auto coords = [](const Dim3 &d) {
      return "(" + std::to_string(d.x) + "," + std::to_string(d.y) + "," + std::to_string(d.z) +
             ")";
    };
    f.message = std::string("MP (message passing) on ") + spaceName(o.space) + " memory at " +
                f.object + ": this read may return the value from before the write of thread " +
                coords(wt) + " of block " + coords(wb) +
                ", although this thread saw a flag that thread set after that write: volatile "
                "and atomic accesses are strong, so the two do not form a data race (PTX: "
                "volatile is relaxed at system scope), but they order nothing by themselves and "
                "the PTX memory model allows the old value (--memory-model ptx can produce it)";
  }
}

void RaceDetector::writeMade(BlockSync &bs, const BlockInfo *block, std::uint32_t tid) {
  const std::uintptr_t addr = bs.inflight[tid];
  const std::uint32_t size = bs.inflightSize[tid];
  bs.inflightSize[tid] = 0;
  // Lanes run one at a time: the granule holds what this thread left.
  auto take = [&](PendingList &list) {
    for (Pending &p : list.items) {
      if (p.sameInstruction || p.addr + 4 <= addr || p.addr >= addr + size)
        continue;
      if (p.waitA && p.tidA == tid && p.blockA == block) {
        p.valueA = loadGranule(p.addr) & p.mask;
        p.known |= 1;
        p.waitA = false;
        crossWaits_ -= p.crossA ? 1 : 0;
        p.crossA = false;
      } else if (p.tidB == tid && p.block == block && (p.known & 2) == 0) {
        p.valueB = loadGranule(p.addr) & p.mask;
        p.known |= 2;
      }
    }
  };
  if (bs.pending.others != 0)
    take(bs.pending);
  if (crossWaits_ != 0 && parallelSlot() < 0)
    for (BlockSync &other : blocks_)
      if (&other != &bs && other.pending.others != 0)
        take(other.pending);
}

void RaceDetector::onStoreDone(const StoreDone &s) {
  const std::uint32_t tid = s.warp * ws_ + s.lane;
  if (BlockSync &bs = blockOf(s.block); tid < bs.inflightSize.size() && bs.inflightSize[tid] != 0)
    writeMade(bs, s.block, tid);
  if (s.before != nullptr) {
    BlockSync &bs = blockOf(s.block);
    if (tid < bs.threads.size())
      lockAtomicDone(bs, bs.threads[tid], tid, s);
  }
  PendingList &list = blockOf(s.block).pending;
  if (list.sameInstruction == 0)
    return;
  for (Pending &p : list.items) {
    if (!p.sameInstruction || p.warp != s.warp || p.addr + 4 <= s.addr || p.addr >= s.addr + s.size)
      continue;
    // Lanes run one at a time: the granule holds what this lane left.
    if (p.laneA == s.lane) {
      p.valueA = loadGranule(p.addr) & p.mask;
      p.known |= 1;
    } else if (p.laneB == s.lane) {
      p.valueB = loadGranule(p.addr) & p.mask;
      p.known |= 2;
    }
  }
}

void RaceDetector::resolve(BlockSync &bs, std::int64_t warp, bool force) {
  PendingList &list = bs.pending;
  std::vector<Pending> &pending = list.items;
  std::size_t keep = 0;
  for (std::size_t i = 0; i < pending.size(); ++i) {
    Pending &p = pending[i];
    if (!force && warp >= 0 && p.warp != warp) {
      pending[keep++] = p;
      continue;
    }
    // A write still to be made (its lane runs later, perhaps in a later
    // phase): its value decides, unless the block or the launch ends (then
    // memory does).
    const bool waitB = (p.known & 2) == 0 && inFlight(bs, p.tidB, p.addr);
    const bool waitA =
        p.sameInstruction ? (p.known & 1) == 0 && inFlight(bs, p.tidA, p.addr) : p.waitA;
    if (!force && (waitA || waitB)) {
      pending[keep++] = p;
      continue;
    }
    crossWaits_ -= p.crossA ? 1 : 0;
    // Values not seen (a copy wider than 16 bytes) are not known to agree.
    // Another instruction: what B stored against what A left (memory
    // before B when A was made by then).
    const std::uint32_t valueA = (p.known & 1) != 0 ? p.valueA : p.before & p.mask;
    const std::uint32_t valueB = (p.known & 2) != 0 ? p.valueB : loadGranule(p.addr) & p.mask;
    const bool differ = p.sameInstruction ? p.known != 3 || p.valueA != p.valueB : valueA != valueB;
    list.sameInstruction -= p.sameInstruction ? 1 : 0;
    list.others -= p.sameInstruction ? 0 : 1;
    if (!differ)
      continue;
    auto *e = table_.lookup(p.key);
    if (e == nullptr)
      continue;
    e->extra.sameValue = false;
    if (const int rank = rankOf(p.occ, true); rank > e->extra.rank) {
      describe(e->finding, p.occ);
      e->extra.rank = rank;
    }
  }
  pending.resize(keep);
}

namespace {
// A barrier that orders only its participants: a named one (bar.sync 1..15)
// or one with a thread count. bar.sync 0 without a count is __syncthreads.
bool partialBarrier(const BarrierEvent &e) {
  return e.object.kind == SyncObjectKind::Barrier && (e.object.id != 0 || e.count != 0);
}
} // namespace

void RaceDetector::onBarrierArrive(const BarrierEvent &e) {
  BlockSync &bs = blockOf(e.block);
  if (!bs.pending.items.empty())
    resolve(bs, e.warp);
  if (partialBarrier(e)) {
    // Arrival releases the thread's accesses so far to the phase's waiters.
    const std::uint32_t id = static_cast<std::uint32_t>(e.object.id);
    for (std::uint64_t m = e.mask; m != 0; m &= m - 1) {
      const std::uint32_t tid = e.warp * ws_ + static_cast<std::uint32_t>(__builtin_ctzll(m));
      ThreadSync &t = bs.threads[tid];
      if (!t.atomics.empty())
        settle(bs, t);
      bs.namedAcc[id].join(snapshot(bs, t, bs.linear * tpb_ + tid, bs.instr[e.warp] + 1, bs.linear),
                           bs.linear);
      bs.namedPendingAcc[id].join(t.pending);
      bs.namedPendingAcc[id].join(t.barrierPending);
      if (e.flavor != model::BlockBarrier::Flavor::Arrive)
        bs.namedWaiters[id].push_back(tid);
    }
    return;
  }
  for (std::uint64_t m = e.mask; m != 0; m &= m - 1) {
    ThreadSync &t = bs.threads[e.warp * ws_ + static_cast<std::uint32_t>(__builtin_ctzll(m))];
    if (!t.atomics.empty())
      settle(bs, t);
    if (!t.clock.empty())
      bs.barrierAcc.join(t.clock, bs.linear);
    if (!t.narrow.empty())
      bs.narrowAcc.join(t.narrow); // keeps the scopes
    if (!t.pending.empty())
      bs.pendingAcc.join(t.pending);
    if (!t.barrierPending.empty())
      bs.pendingAcc.join(t.barrierPending);
  }
}

void RaceDetector::onBarrierComplete(const BarrierEvent &e) {
  BlockSync &bs = blockOf(e.block);
  if (e.object.id != 0 || !bs.namedAcc[0].empty()) {
    // A named or counted barrier: the waiters acquire what every arrival of the phase released.
    const std::uint32_t id = static_cast<std::uint32_t>(e.object.id);
    for (std::uint32_t tid : bs.namedWaiters[id]) {
      bs.threads[tid].clock.join(bs.namedAcc[id], bs.linear);
      bs.threads[tid].barrierPending.join(bs.namedPendingAcc[id]);
    }
    bs.threadClocks |= !bs.namedWaiters[id].empty();
    bs.namedWaiters[id].clear();
    bs.namedAcc[id].clear();
    bs.namedPendingAcc[id].clear();
    return;
  }
  // Every warp moves on to the barrier's epoch: accesses before it are
  // below it, whichever warp made them.
  bs.barrierEpoch = *std::max_element(bs.instr.begin(), bs.instr.end()) + 1;
  std::fill(bs.instr.begin(), bs.instr.end(), bs.barrierEpoch);
  if (!bs.barrierAcc.empty()) {
    bs.blockClock.join(bs.barrierAcc, bs.linear);
    bs.barrierAcc.clear();
  }
  if (bs.threadClocks) {
    for (ThreadSync &t : bs.threads)
      t.clock.clear();
    bs.threadClocks = false;
  }
  if (!bs.narrowAcc.empty()) {
    bs.blockNarrow.join(bs.narrowAcc);
    bs.narrowAcc.clear();
  }
  if (!bs.pendingAcc.empty()) {
    bs.blockPending.join(bs.pendingAcc);
    bs.pendingAcc.clear();
  }
  if (bs.threadNarrow) {
    for (ThreadSync &t : bs.threads)
      t.narrow.clear();
    bs.threadNarrow = false;
  }
}

void RaceDetector::onGridSync(const LaunchInfo &) {
  // Every block moves on to one common epoch above all of their epochs:
  // accesses before the grid barrier are below it, in any block.
  std::uint32_t e = gridEpoch_;
  for (const BlockSync &bs : blocks_)
    if (bs.info != nullptr && !bs.instr.empty())
      e = std::max(e, *std::max_element(bs.instr.begin(), bs.instr.end()) + 1);
  for (BlockSync &bs : blocks_) {
    if (bs.info == nullptr)
      continue;
    std::fill(bs.instr.begin(), bs.instr.end(), e);
    bs.barrierEpoch = e;
    for (ThreadSync &t : bs.threads)
      t.clock.clear();
    bs.threadClocks = false;
  }
  gridEpoch_ = e;
}

RaceDetector::ThreadSync &RaceDetector::syncThread(BlockSync &bs, const BlockInfo *,
                                                   std::uint32_t warp, std::uint32_t tid) {
  if (!bs.pending.items.empty())
    resolve(bs, warp);
  ThreadSync &t = bs.threads[tid];
  if (!t.atomics.empty())
    settle(bs, t);
  return t;
}

void RaceDetector::onClusterBarrier(const ClusterBarrierEvent &e) {
  using Op = ClusterBarrierEvent::Op;
  if (e.rule != model::ClusterBarrierRule::Ok)
    return; // did nothing
  MBarrierSync &cs = clusters_[e.cluster];
  if (e.op == Op::Complete) {
    cs.completed[e.phase & 1] = std::move(cs.current);
    cs.current.clear();
    return;
  }
  BlockSync &bs = blockOf(e.block);
  const std::uint32_t tid = e.warp * ws_ + e.lane;
  ThreadSync &t = syncThread(bs, e.block, e.warp, tid);
  if (e.op == Op::Arrive) {
    // barrier.cluster.arrive is .release (unless .relaxed), at cluster
    // scope: the peers that wait for the phase acquire it.
    if (!e.relaxed)
      cs.current.join(snapshot(bs, t, bs.linear * tpb_ + tid, bs.instr[e.warp] + 1,
                               model::SyncClock::kDeviceScope));
    return;
  }
  // A wait that returned is .acquire: what the phase's arrivals released.
  t.clock.join(cs.completed[e.phase & 1], bs.linear);
  bs.threadClocks = true;
}

void RaceDetector::onFence(const FenceEvent &e) {
  if (e.proxy_async != 0)
    return; // orders proxies, not threads
  BlockSync &bs = blockOf(e.block);
  if (!bs.pending.items.empty())
    resolve(bs, e.warp);
  const std::uint32_t scope = model::releaseScope(e.scope, bs.linear, bs.cluster);
  for (std::uint64_t m = e.mask; m != 0; m &= m - 1) {
    const std::uint32_t tid = e.warp * ws_ + static_cast<std::uint32_t>(__builtin_ctzll(m));
    ThreadSync &t = bs.threads[tid];
    const std::uint32_t gtid = bs.linear * tpb_ + tid;
    if (!t.atomics.empty())
      settle(bs, t);
    for (model::CriticalSection &c : t.sections)
      c.fence(bs.instr[e.warp], e.scope == Scope::Block     ? model::FenceReach::Block
                                : e.scope == Scope::Cluster ? model::FenceReach::Cluster
                                                            : model::FenceReach::Device);
    // Release half: later relaxed atomic writes publish this snapshot (the
    // thread's accesses so far: epochs up to the warp's).
    t.release = snapshot(bs, t, gtid, bs.instr[e.warp] + 1, scope);
    t.hasRelease = true;
    // Acquire half: what earlier relaxed atomic reads saw. A block-scope
    // fence only synchronises with the thread's own block, a cluster-scope
    // one with its cluster.
    if (!t.pending.empty()) {
      for (const model::SyncEntry &en : t.pending.entries())
        acquireEntry(bs, en, e.scope, t.clock, t.narrow);
      t.pending.clear();
      bs.threadClocks = true;
    }
    if (!t.pendingNarrow.empty()) {
      t.narrow.join(t.pendingNarrow); // keeps the scopes
      t.pendingNarrow.clear();
    }
  }
}

void RaceDetector::onWarpSync(const WarpOpEvent &e) {
  BlockSync &bs = blockOf(e.block);
  if (!bs.pending.items.empty())
    resolve(bs, e.warp);
  const std::uint32_t instr = ++bs.instr[e.warp];
  if (bs.pairSync.empty())
    bs.pairSync.assign(std::size_t{bs.instr.size()} * ws_ * ws_, 0);
  for (std::uint64_t m = e.active_mask; m != 0; m &= m - 1) {
    const std::size_t row = (std::size_t{e.warp} * ws_ + __builtin_ctzll(m)) * ws_;
    for (std::uint64_t n = e.active_mask; n != 0; n &= n - 1)
      bs.pairSync[row + __builtin_ctzll(n)] = instr;
  }
}

void RaceDetector::onMBarrier(const MBarrierEvent &e) {
  using model::MBarrierOp;
  using model::MBarrierRule;
  // An operation that broke a rule did nothing (but an arrival on a phase
  // whose predecessor was not observed still arrives).
  if (e.rule != MBarrierRule::Ok && e.rule != MBarrierRule::PhaseNotObserved)
    return;
  BlockSync &bs = blockOf(e.block);
  const std::uint32_t tid = e.warp * ws_ + e.lane;
  ThreadSync &t = syncThread(bs, e.block, e.warp, tid);
  MBarrierSync &mb = mbarriers_[e.addr];
  if (e.op == MBarrierOp::Init) {
    mb = MBarrierSync{};
    return;
  }
  if (model::isMBarrierArrive(e.op) || e.op == MBarrierOp::CompleteTx) {
    // arrive is .release.cta: the thread's accesses so far, for its own
    // block's waiters; .release.cluster (or an arrival on a peer CTA's
    // mbarrier) reaches the owner's waiters too; .relaxed releases nothing.
    const std::uint32_t scope = e.cluster_scope ? model::SyncClock::kDeviceScope : bs.linear;
    if (!e.relaxed)
      mb.current.join(snapshot(bs, t, bs.linear * tpb_ + tid, bs.instr[e.warp] + 1, scope),
                      model::SyncClock::kDeviceScope);
    if (e.completed) {
      mb.completed[e.phase & 1] = std::move(mb.current);
      mb.current.clear();
    }
    return;
  }
  if (model::isMBarrierWait(e.op) && e.completed) {
    // A successful wait is .acquire.cta: what the phase's arrivals released.
    t.clock.join(mb.completed[e.phase & 1], bs.linear);
    bs.threadClocks = true;
  }
}

void RaceDetector::onPhaseEnd(const std::vector<std::uint32_t> &slots) {
  // What the phase left open is settled while the blocks still own what it
  // is about: atomics' acquires, write-write values whose writes are made
  // (a shared store a lane makes in its warp's next turn waits for it).
  // Into the blocks' parts of the table.
  for (std::uint32_t slot : slots) {
    if (slot >= blocks_.size())
      continue;
    ParallelSlotScope scope(static_cast<int>(slot));
    BlockSync &bs = blocks_[slot];
    if (!bs.pending.items.empty())
      resolve(bs, -1);
    for (std::uint32_t tid : bs.atomicThreads)
      if (!bs.threads[tid].atomics.empty())
        settle(bs, bs.threads[tid]);
    bs.atomicThreads.clear();
  }
  table_.mergeShards(slots, [](auto &into, auto &from) {
    into.extra.sameValue = into.extra.sameValue && from.extra.sameValue;
    into.extra.missingAcquireFence =
        into.extra.missingAcquireFence && from.extra.missingAcquireFence;
    into.extra.mp = into.extra.mp || from.extra.mp;
    into.extra.mpReleased = into.extra.mpReleased && from.extra.mpReleased;
    if (from.extra.rank > into.extra.rank) { // the worst occurrence, as one table would keep
      into.finding = std::move(from.finding);
      into.extra.rank = from.extra.rank;
    }
  });
  for (std::uint32_t slot : slots)
    if (std::size_t{slot} + 1 < hosts_.size() && !hosts_[slot + 1].sharedReads.empty())
      recordSharedReads(slot, hosts_[slot + 1].sharedReads);
}

void RaceDetector::recordSharedReads(std::uint32_t slot, std::vector<SharedRead> &reads) {
  // The reads were checked when they happened; recording them finds no
  // hazard (no one wrote the bytes since). Which earlier reader a record
  // replaces follows the thread's synchronisation as the phase ends.
  BlockSync &bs = blocks_[slot];
  model::Accessor acc = accessor(bs);
  for (const SharedRead &r : reads) {
    const ThreadSync &t = bs.threads[r.tid];
    acc.thread = bs.linear * tpb_ + r.tid;
    acc.epoch = r.epoch;
    acc.threadClock = t.clock.empty() ? nullptr : &t.clock;
    acc.warpSync = bs.pairSync.empty() ? nullptr : &bs.pairSync[std::size_t{r.tid} * ws_];
    auto &page = shadow_.page(r.granule, gen_, hosts_[0].global);
    model::raceAccessGranule(page.cell(r.granule), page.data, r.mask, acc, false, model::kNotAtomic,
                             r.site, [](Hazard, const AccessRecord &, std::uint8_t) {});
  }
  reads.clear();
}

std::uint16_t RaceDetector::siteOf(const WarpAccess &a) {
  const std::uintptr_t pc = a.pc;
  if (a.site < staticSites_) {
    const auto index = static_cast<std::uint16_t>(a.site + 1);
    // Blocks at once store the same first pc (the site's own code).
    std::atomic_ref<std::uintptr_t> first(sitePcs_[index]);
    if (first.load(std::memory_order_relaxed) == 0)
      first.store(pc, std::memory_order_relaxed);
    return index;
  }
  HostState &hs = host();
  if (pc == hs.lastPc && hs.lastSite != 0)
    return hs.lastSite;
  // Which number a site gets may depend on which thread asks first; only
  // the pc it stands for is ever reported.
  std::unique_lock<std::mutex> lock(mutex_, std::defer_lock);
  if (parallelSlot() >= 0)
    lock.lock();
  auto [it, fresh] = siteIds_.try_emplace(pc, 0);
  if (fresh) {
    // Past 65,535 sites in one launch, records keep no site: such a race is
    // reported without the earlier access's location.
    if (sitePcs_.size() <= 0xffff) {
      it->second = static_cast<std::uint16_t>(sitePcs_.size());
      sitePcs_.push_back(pc);
      siteAtomicLoad_.push_back(model::kNotAtomic);
      siteStatic_.push_back(a.site);
    }
  }
  hs.lastPc = pc;
  hs.lastSite = it->second;
  return it->second;
}

void RaceDetector::flush() {
  table_.flush(cx_.findings(), *launch_, [this](auto &e) {
    Finding &f = e.finding;
    const bool strict = cx_.options().strict_fences;
    if (e.extra.mp) {
      // The rule of the fence-before-atomic idiom: the writer's release is
      // what CUDA documents, the reader's acquire what PTX adds.
      f.severity = e.extra.mpReleased && !strict ? Severity::Warning : Severity::Error;
      f.message +=
          e.extra.mpReleased
              ? std::string("; the writer fenced before setting the flag (release), but no "
                            "__threadfence() follows this thread's read of the flag (acquire): "
                            "CUDA documents the writer's fence as enough, the PTX memory model "
                            "needs both; add __threadfence() after the read of the flag") +
                    (strict ? "" : "; --strict-fences reports this as an error")
              : "; the writer has no __threadfence() (release) between this write and the "
                "flag, so not even CUDA's __threadfence() guarantee holds: add one there, and "
                "one after this thread's read of the flag (acquire) if there is none";
      return true;
    }
    if (e.extra.missingAcquireFence) {
      f.severity = cx_.options().strict_fences ? Severity::Error : Severity::Warning;
      f.message +=
          "; ordered only by CUDA's __threadfence() guarantee: the earlier thread fenced "
          "before its atomic and an atomic of this thread (or of its block, before a "
          "barrier) saw it, but no __threadfence() follows that atomic (the PTX memory "
          "model needs this acquire-side fence; add it after the atomic" +
          std::string(cx_.options().strict_fences ? ")"
                                                  : "; --strict-fences reports this as an error)");
      return true;
    }
    // Severity follows what the writes did, whichever pairs the schedule
    // made: a write-write race is benign only if no racing write changed
    // the value, within a warp instruction or across.
    const bool benign = f.hazard == "WAW" && e.extra.sameValue;
    f.severity = benign ? Severity::Warning : Severity::Error;
    if (benign) {
      if (!cx_.options().same_value_races)
        return false;
      f.message += "; every racing write stored the value already there";
    }
    return true;
  });
}

} // namespace warpsim::sim
