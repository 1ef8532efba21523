// Async copies (PTX cp.async; __pipeline_memcpy_async; cuda::memcpy_async):
// each is in flight from its issue until it lands, and its destination
// holds the old bytes until then. Under --async-completion late (default) a
// copy lands as late as the rules allow: at the cp.async.wait_group that
// covers it, when a thread waits on the mbarrier it owes an arrive-on and
// only such arrive-ons are missing, or when the block ends; under eager, at
// issue. The issuing
// thread's accesses (source read, destination write) are events at the
// issue, so the memory checker and the race detector see them there.
#include <algorithm>
#include <cstring>
#include <map>

#include "BlockExecutor.h"
#include "GridRunner.h"
#include "Runtime.h"

namespace warpsim::sim {

void BlockExecutor::asyncCopy(Lane *l, std::uintptr_t dst, std::uintptr_t src, std::uint32_t size,
                              std::uint32_t srcSize, std::uintptr_t pc) {
  srcSize = std::min(srcSize, size);
  if (srcSize != 0)
    access(l, src, srcSize, AccessKind::Load, MemoryOrder::NotAtomic, pc);
  copyWrite_ = true; // the profile counts it with the LDGSTS, not as a store
  access(l, dst, size, AccessKind::Store, MemoryOrder::NotAtomic, pc);
  copyWrite_ = false;
  checkedSerialPoint(l, pc);
  issueCopy(InFlightCopy{l->tid, dst, src, size, srcSize, sync.groupsOf(l->tid).issue(), pc});
}

void BlockExecutor::issueCopy(const InFlightCopy &c) {
  copies_.push_back(c);
  copies_.back().seq = ++copySeq_;
  // Issued on the thread's fiber, in its runtime call: the call's site.
  copies_.back().site = c.pc != 0 ? currentSiteId() : kNoSite;
  AsyncCopyEvent e{&info, c.thread, c.pc, c.dst, c.src, c.size, false, c.kind, c.srcSize};
  e.site = copies_.back().site;
  for (Observer *o : rt_.observers)
    o->onAsyncCopy(e);
  if (rt_.options.async_eager)
    land(copies_.size() - 1);
}

void BlockExecutor::checkBulkOperands(Lane *l, std::uintptr_t dst, std::uintptr_t src,
                                      std::uint32_t size, std::uintptr_t pc) {
  // PTX cp.async.bulk: both addresses 16-byte aligned, size a multiple of 16.
  if ((dst | src | size) % 16 == 0)
    return;
  Finding f;
  f.kind = "async-copy";
  f.message = "cp.async.bulk of " + std::to_string(size) + " bytes, destination " +
              std::to_string(dst % 16) + " and source " + std::to_string(src % 16) +
              " bytes past a 16-byte boundary: both addresses must be 16-byte aligned and the "
              "size a multiple of 16 (PTX cp.async.bulk)";
  f.sites.push_back(siteOf(l, pc, currentSiteId(), "copy"));
  abortLaunch(l, cudaErrorMisalignedAddress, std::move(f));
}

void BlockExecutor::bulkLoad(Lane *l, std::uintptr_t dst, std::uintptr_t src, std::uint32_t size,
                             std::uintptr_t mbar, std::uintptr_t pc) {
  checkBulkOperands(l, dst, src, size, pc);
  access(l, src, size, AccessKind::Load, MemoryOrder::NotAtomic, pc, Scope::Device, Proxy::Async);
  access(l, dst, size, AccessKind::Store, MemoryOrder::NotAtomic, pc, Scope::Device, Proxy::Async);
  checkedSerialPoint(l, pc);
  InFlightCopy c{l->tid, dst, src, size, size, 0, pc, AsyncCopyKind::BulkLoad, mbar};
  issueCopy(c);
  // A thread may already wait for the bytes.
  const SyncObjectRef object{SyncObjectKind::MBarrier, mbar};
  if (std::any_of(lanes.begin(), lanes.end(), [&](const Lane &w) {
        return w.state == LaneState::Waiting && w.waitOn == object;
      }))
    landForMBarrier(mbar);
}

void BlockExecutor::bulkStore(Lane *l, std::uintptr_t dst, std::uintptr_t src, std::uint32_t size,
                              std::uintptr_t pc) {
  checkBulkOperands(l, dst, src, size, pc);
  access(l, src, size, AccessKind::Load, MemoryOrder::NotAtomic, pc, Scope::Device, Proxy::Async);
  access(l, dst, size, AccessKind::Store, MemoryOrder::NotAtomic, pc, Scope::Device, Proxy::Async);
  checkedSerialPoint(l, pc);
  issueCopy(InFlightCopy{l->tid, dst, src, size, size, sync.bulkGroupsOf(l->tid).issue(), pc,
                         AsyncCopyKind::BulkStore});
}

void BlockExecutor::bulkReduce(Lane *l, std::uintptr_t dst, std::uintptr_t src, std::uint32_t size,
                               model::ReduceOp op, model::ReduceType type, std::uintptr_t pc) {
  checkBulkOperands(l, dst, src, size, pc);
  access(l, src, size, AccessKind::Load, MemoryOrder::NotAtomic, pc, Scope::Device, Proxy::Async);
  // Each element is reduced atomically: reductions of several threads or
  // blocks into one destination do not race with each other.
  access(l, dst, size, AccessKind::Atomic, MemoryOrder::Relaxed, pc, Scope::Device, Proxy::Async);
  checkedSerialPoint(l, pc);
  InFlightCopy c{l->tid, dst,
                 src,    size,
                 size,   sync.bulkGroupsOf(l->tid).issue(),
                 pc,     AsyncCopyKind::BulkStore};
  c.reduce = true;
  c.op = op;
  c.type = type;
  issueCopy(c);
}

void BlockExecutor::bulkCommit(Lane *l) { sync.bulkGroupsOf(l->tid).commit(); }

void BlockExecutor::bulkWait(Lane *l, std::uint32_t n) {
  checkedSerialPoint(l, 0);
  landThread(l->tid, n, false, AsyncCopyKind::BulkStore);
}

void BlockExecutor::asyncCommit(Lane *l) { sync.groupsOf(l->tid).commit(); }

void BlockExecutor::asyncWait(Lane *l, std::uint32_t n, std::uintptr_t pc) {
  checkedSerialPoint(l, pc);
  landThread(l->tid, n, false);
}

void BlockExecutor::land(std::size_t i) {
  const InFlightCopy c = copies_[i];
  copies_.erase(copies_.begin() + static_cast<std::ptrdiff_t>(i));
  if (c.reduce) {
    model::applyBulkReduce(c.op, c.type, reinterpret_cast<void *>(c.dst),
                           reinterpret_cast<const void *>(c.src), c.size);
  } else {
    std::memmove(reinterpret_cast<void *>(c.dst), reinterpret_cast<const void *>(c.src), c.srcSize);
    std::memset(reinterpret_cast<void *>(c.dst + c.srcSize), 0, c.size - c.srcSize);
  }
  if (c.kind == AsyncCopyKind::CpAsync)
    sync.groupsOf(c.thread).landed(c.group);
  else if (c.kind == AsyncCopyKind::BulkStore)
    sync.bulkGroupsOf(c.thread).landed(c.group);
  progress();
  AsyncCopyEvent e{&info, c.thread, c.pc, c.dst, c.src, c.size, true, c.kind, c.srcSize};
  e.site = c.site;
  for (Observer *o : rt_.observers)
    o->onAsyncCopy(e);
  if (c.kind == AsyncCopyKind::BulkLoad)
    completeTx(c);
  // Arrive-ons this copy held back.
  for (std::size_t k = 0; k < asyncArrivals_.size() && c.kind == AsyncCopyKind::CpAsync;) {
    AsyncArrival &a = asyncArrivals_[k];
    // Only the copies issued before the arrive-on count: under
    // --async-completion random a later one may land first.
    if (a.thread == c.thread && c.kind == AsyncCopyKind::CpAsync && c.seq <= a.upTo &&
        a.copies > 0 && --a.copies == 0) {
      const AsyncArrival done = a;
      asyncArrivals_.erase(asyncArrivals_.begin() + static_cast<std::ptrdiff_t>(k));
      asyncArrive(done);
      continue;
    }
    ++k;
  }
}

void BlockExecutor::landSomeAtRandom() {
  // splitmix64: each copy in flight lands here with probability 1/8.
  for (std::size_t i = 0; i < copies_.size();) {
    std::uint64_t z = (asyncRng_ += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    if (((z ^ (z >> 31)) & 7) == 0)
      land(i);
    else
      ++i;
  }
}

void BlockExecutor::completeTx(const InFlightCopy &c) {
  // The copy's complete_tx, made by the async proxy on the issuing thread's
  // behalf (so the race detector orders the thread's copy with the waiters).
  mbarrierOnBehalf(c.thread, c.mbar, c.pc, c.site, model::MBarrierOp::CompleteTx, 0, c.size);
}

void BlockExecutor::landThread(std::uint32_t thread, std::uint32_t n, bool all,
                               AsyncCopyKind kind) {
  for (std::size_t i = 0; i < copies_.size();) {
    const InFlightCopy &c = copies_[i];
    bool due = c.thread == thread && (all || c.kind == kind);
    if (due && !all)
      due = kind == AsyncCopyKind::CpAsync ? sync.groupsOf(thread).covered(c.group, n)
                                           : sync.bulkGroupsOf(thread).covered(c.group, n);
    if (due)
      land(i); // erases copies_[i]
    else
      ++i;
  }
}

void BlockExecutor::asyncMBarrierArrive(Lane *l, std::uintptr_t mbar, bool noinc,
                                        std::uintptr_t pc) {
  // The pending count grows by one now unless .noinc; the arrive-on comes
  // once the thread's cp.async copies issued so far have landed (bulk copies
  // are not tracked by it, PTX cp.async.mbarrier.arrive).
  checkedSerialPoint(l, pc);
  model::MBarrier *mb = nullptr;
  if (auto it = sync.mbarriers.find(mbar); it != sync.mbarriers.end())
    mb = &it->second;
  const std::uint32_t copies = static_cast<std::uint32_t>(
      std::count_if(copies_.begin(), copies_.end(), [l](const InFlightCopy &c) {
        return c.thread == l->tid && c.kind == AsyncCopyKind::CpAsync;
      }));
  if (!noinc && mb != nullptr)
    mb->addPending(1);
  AsyncArrival a{l->tid, mbar, copies, pc, copySeq_};
  a.site = pc != 0 ? currentSiteId() : kNoSite;
  if (copies == 0) {
    asyncArrive(a);
    return;
  }
  asyncArrivals_.push_back(a);
  // A thread may already wait for this phase.
  const SyncObjectRef object{SyncObjectKind::MBarrier, mbar};
  if (std::any_of(lanes.begin(), lanes.end(), [&](const Lane &w) {
        return w.state == LaneState::Waiting && w.waitOn == object;
      }))
    landForMBarrier(mbar);
}

void BlockExecutor::asyncArrive(const AsyncArrival &a) {
  // An mbarrier.arrive of one by the thread, at the site of its
  // cp.async.mbarrier.arrive, made when its copies have landed.
  mbarrierOnBehalf(a.thread, a.mbar, a.pc, a.site, model::MBarrierOp::Arrive, 1, 0);
}

void BlockExecutor::mbarrierOnBehalf(std::uint32_t thread, std::uintptr_t mbar, std::uintptr_t pc,
                                     std::uint32_t site, model::MBarrierOp op, std::uint32_t count,
                                     std::uint32_t tx) {
  const Lane &l = lanes[thread];
  model::MBarrier *mb = nullptr;
  if (auto it = sync.mbarriers.find(mbar); it != sync.mbarriers.end())
    mb = &it->second;
  model::MBarrier::Arrival r;
  r.rule = model::MBarrierRule::NotInitialized;
  if (mb != nullptr)
    r = op == model::MBarrierOp::CompleteTx ? mb->completeTx(tx) : mb->arrive(count);
  MBarrierEvent e{&info, l.warp->index, l.lane, pc,         mbar, op, count,
                  tx,    r.phase,       r.rule, r.completed};
  e.site = site;
  if (mb != nullptr) {
    e.pending = mb->pending();
    e.expected = mb->expected();
    e.tx_count = mb->tx();
  }
  for (Observer *o : rt_.observers)
    o->onMBarrier(e);
  if (r.completed) {
    progress();
    releaseMBarrierWaiters(mbar, *mb);
  }
}

void BlockExecutor::landForMBarrier(std::uintptr_t mbar) {
  if (asyncArrivals_.empty() && copies_.empty())
    return;
  auto it = sync.mbarriers.find(mbar);
  if (it == sync.mbarriers.end())
    return;
  // Late: the copies land once only their arrive-ons and the bytes of bulk
  // copies in flight are missing from the phase.
  std::int64_t owed = 0, bytes = 0;
  for (const AsyncArrival &a : asyncArrivals_)
    owed += a.mbar == mbar ? 1 : 0;
  for (const InFlightCopy &c : copies_)
    bytes += c.kind == AsyncCopyKind::BulkLoad && c.mbar == mbar ? c.size : 0;
  if (owed + bytes == 0 || it->second.pending() != owed || it->second.tx() != bytes)
    return;
  // Each owed arrive-on needs only the copies its thread had issued before
  // it: later copies, e.g. of the next pipeline stage, stay in flight.
  std::map<std::uint32_t, std::uint64_t> owedUpTo; // thread -> last copy it waits for
  for (const AsyncArrival &a : asyncArrivals_)
    if (a.mbar == mbar)
      owedUpTo[a.thread] = std::max(owedUpTo[a.thread], a.upTo);
  for (std::size_t i = 0; i < copies_.size();)
    if (copies_[i].kind == AsyncCopyKind::BulkLoad && copies_[i].mbar == mbar)
      land(i);
    else
      ++i;
  for (auto [thread, upTo] : owedUpTo)
    for (std::size_t i = 0; i < copies_.size();)
      if (copies_[i].thread == thread && copies_[i].kind == AsyncCopyKind::CpAsync &&
          copies_[i].seq <= upTo)
        land(i); // erases copies_[i]; arrive-ons whose copies all landed are made
      else
        ++i;
}

} // namespace warpsim::sim
