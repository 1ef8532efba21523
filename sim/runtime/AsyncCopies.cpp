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
#include <cstdio>
#include <cstring>
#include <map>

#include "AsyncCopyQueue.h"
#include "BlockExecutor.h"
#include "GridRunner.h"
#include "Runtime.h"

namespace warpsim::sim {

void AsyncCopyQueue::asyncCopy(Lane *l, std::uintptr_t dst, std::uintptr_t src, std::uint32_t size,
                               std::uint32_t srcSize, std::uintptr_t pc) {
  srcSize = std::min(srcSize, size);
  if (srcSize != 0)
    x_.access(l, src, srcSize, AccessKind::Load, MemoryOrder::NotAtomic, pc);
  destinationWrite_ = true;
  x_.access(l, dst, size, AccessKind::Store, MemoryOrder::NotAtomic, pc);
  destinationWrite_ = false;
  x_.checkedSerialPoint(l, pc);
  issue(InFlightCopy{l->tid, dst, src, size, srcSize, x_.sync_.groupsOf(l->tid).issue(), pc});
}

void AsyncCopyQueue::reset(std::uint64_t seed) {
  copies_.clear();
  arrivals_.clear();
  rng_ = seed;
}

void AsyncCopyQueue::issue(const InFlightCopy &c) {
  copies_.push_back(c);
  copies_.back().seq = ++seq_;
  // Issued on the thread's fiber, in its runtime call: the call's site.
  copies_.back().site = c.pc != 0 ? currentSiteId() : kNoSite;
  notify(copies_.back(), false);
  if (x_.rt_.options.async_eager)
    land(copies_.size() - 1);
}

void AsyncCopyQueue::notify(const InFlightCopy &c, bool landed) {
  if (x_.rt_.observers.empty())
    return;
  if (c.tensor == nullptr) {
    AsyncCopyEvent e{&x_.info, c.thread, c.pc, c.dst, c.src, c.size, landed, c.kind, c.srcSize};
    e.site = c.site;
    for (Observer *o : x_.rt_.observers)
      o->onAsyncCopy(e);
    return;
  }
  // A load's out-of-bounds segments write the fill and read nothing; a
  // store's are not copied at all.
  const bool load = c.kind == AsyncCopyKind::BulkLoad;
  for (const model::TensorSegment &s : c.tensor->segments) {
    if (s.outOfBounds && !load)
      continue;
    AsyncCopyEvent e{
        &x_.info, c.thread, c.pc,   load ? s.shared : s.global, load ? s.global : s.shared,
        s.bytes,  landed,   c.kind, s.outOfBounds ? 0 : s.bytes};
    e.site = c.site;
    for (Observer *o : x_.rt_.observers)
      o->onAsyncCopy(e);
  }
}

void AsyncCopyQueue::checkBulkOperands(Lane *l, std::uintptr_t dst, std::uintptr_t src,
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
  f.sites.push_back(x_.siteOf(l, pc, currentSiteId(), "copy"));
  x_.abortLaunch(l, cudaErrorMisalignedAddress, std::move(f));
}

template <class F> void AsyncCopyQueue::forEachClusterQueue(F f) {
  const Cluster *c = x_.cluster;
  if (c == nullptr || c->blocks.size() <= 1) {
    f(*this);
    return;
  }
  for (std::uint32_t r = 0; r < c->blocks.size(); ++r)
    if (c->blocks[r] != nullptr && !c->ended[r])
      f(c->blocks[r]->copies_);
}

std::vector<AsyncCopyQueue::Destination>
AsyncCopyQueue::destinations(Lane *l, std::uintptr_t dst, std::uintptr_t mbar, std::int32_t ctaMask,
                             std::uintptr_t pc, const char *what) {
  auto fail = [&](std::string why) {
    Finding f;
    f.kind = "invalid-address";
    f.space = "shared";
    f.message = std::string(what) + ": " + why;
    f.sites.push_back(x_.siteOf(l, pc, currentSiteId(), "copy"));
    x_.abortLaunch(l, cudaErrorIllegalAddress, std::move(f));
  };
  BlockExecutor *owner = x_.sharedOwner(dst);
  if (owner == nullptr)
    fail("the shared::cluster destination is not in the shared memory of a CTA of this cluster");
  BlockExecutor *barOwner = x_.sharedOwner(mbar);
  // PTX: the mbarrier is in the same CTA as the destination.
  if (barOwner != owner)
    fail("the mbarrier is not in the shared memory of the destination's CTA (cluster rank " +
         std::to_string(owner->info.cluster_rank) + ")");
  if (ctaMask < 0)
    return {Destination{dst, mbar}};
  const std::uintptr_t dOff = dst - owner->info.smem_base, mOff = mbar - owner->info.smem_base;
  const Cluster *c = x_.cluster;
  const std::uint32_t n = c != nullptr ? static_cast<std::uint32_t>(c->blocks.size()) : 1;
  if (ctaMask == 0)
    fail("the ctaMask of .multicast::cluster is 0: the copy has no destination CTA");
  if ((static_cast<std::uint32_t>(ctaMask) >> n) != 0)
    fail("the ctaMask of .multicast::cluster, 0x" +
         [&] {
           char b[8];
           std::snprintf(b, sizeof b, "%x", static_cast<unsigned>(ctaMask));
           return std::string(b);
         }() +
         ", names CTA rank " + std::to_string(31 - __builtin_clz(static_cast<unsigned>(ctaMask))) +
         ": the cluster has " + std::to_string(n) + (n == 1 ? " CTA" : " CTAs"));
  std::vector<Destination> out;
  for (std::uint32_t r = 0; r < n; ++r)
    if ((ctaMask >> r) & 1) {
      const std::uintptr_t base = c != nullptr ? c->blocks[r]->info.smem_base : x_.info.smem_base;
      out.push_back(Destination{base + dOff, base + mOff});
    }
  return out;
}

void AsyncCopyQueue::bulkLoad(Lane *l, std::uintptr_t dst, std::uintptr_t src, std::uint32_t size,
                              std::uintptr_t mbar, std::uintptr_t pc, std::int32_t ctaMask) {
  checkBulkOperands(l, dst, src, size, pc);
  const std::vector<Destination> dests =
      destinations(l, dst, mbar, ctaMask, pc, "cp.async.bulk.shared::cluster.global");
  x_.access(l, src, size, AccessKind::Load, MemoryOrder::NotAtomic, pc, Scope::Device,
            Proxy::Async);
  // One instruction for the profile: the first destination's write.
  for (std::size_t k = 0; k < dests.size(); ++k) {
    destinationWrite_ = k != 0;
    x_.access(l, dests[k].dst, size, AccessKind::Store, MemoryOrder::NotAtomic, pc, Scope::Device,
              Proxy::Async);
    destinationWrite_ = false;
  }
  x_.checkedSerialPoint(l, pc);
  for (const Destination &d : dests) {
    InFlightCopy c{l->tid, d.dst, src, size, size, 0, pc, AsyncCopyKind::BulkLoad, d.mbar};
    issue(c);
  }
  for (const Destination &d : dests)
    landIfWaitedFor(d.mbar); // a thread may already wait for the bytes
}

void AsyncCopyQueue::landIfWaitedFor(std::uintptr_t mbar) {
  // The mbarrier's waiters are in its own CTA (a multicast's peer).
  BlockExecutor *owner = x_.sharedOwner(mbar);
  if (owner == nullptr)
    return;
  const SyncObjectRef object{SyncObjectKind::MBarrier, mbar};
  if (std::any_of(owner->lanes.begin(), owner->lanes.end(), [&](const Lane &w) {
        return w.state == LaneState::Waiting && w.waitOn == object;
      }))
    owner->copies_.landForMBarrier(mbar);
}

void AsyncCopyQueue::bulkStore(Lane *l, std::uintptr_t dst, std::uintptr_t src, std::uint32_t size,
                               std::uintptr_t pc) {
  checkBulkOperands(l, dst, src, size, pc);
  x_.access(l, src, size, AccessKind::Load, MemoryOrder::NotAtomic, pc, Scope::Device,
            Proxy::Async);
  x_.access(l, dst, size, AccessKind::Store, MemoryOrder::NotAtomic, pc, Scope::Device,
            Proxy::Async);
  x_.checkedSerialPoint(l, pc);
  issue(InFlightCopy{l->tid, dst, src, size, size, x_.sync_.bulkGroupsOf(l->tid).issue(), pc,
                     AsyncCopyKind::BulkStore});
}

void AsyncCopyQueue::bulkReduce(Lane *l, std::uintptr_t dst, std::uintptr_t src, std::uint32_t size,
                                model::ReduceOp op, model::ReduceType type, std::uintptr_t pc) {
  checkBulkOperands(l, dst, src, size, pc);
  x_.access(l, src, size, AccessKind::Load, MemoryOrder::NotAtomic, pc, Scope::Device,
            Proxy::Async);
  // Each element is reduced atomically: reductions of several threads or
  // blocks into one destination do not race with each other.
  x_.access(l, dst, size, AccessKind::Atomic, MemoryOrder::Relaxed, pc, Scope::Device,
            Proxy::Async);
  x_.checkedSerialPoint(l, pc);
  InFlightCopy c{l->tid, dst,
                 src,    size,
                 size,   x_.sync_.bulkGroupsOf(l->tid).issue(),
                 pc,     AsyncCopyKind::BulkStore};
  c.reduce = true;
  c.op = op;
  c.type = type;
  issue(c);
}

void AsyncCopyQueue::bulkCommit(Lane *l) { x_.sync_.bulkGroupsOf(l->tid).commit(); }

void AsyncCopyQueue::bulkWait(Lane *l, std::uint32_t n) {
  x_.checkedSerialPoint(l, 0);
  landThread(l->tid, n, AsyncCopyKind::BulkStore);
}

void AsyncCopyQueue::asyncCommit(Lane *l) { x_.sync_.groupsOf(l->tid).commit(); }

void AsyncCopyQueue::asyncWait(Lane *l, std::uint32_t n, std::uintptr_t pc) {
  x_.checkedSerialPoint(l, pc);
  landThread(l->tid, n, AsyncCopyKind::CpAsync);
}

void AsyncCopyQueue::land(std::size_t i) {
  const InFlightCopy c = copies_[i];
  copies_.erase(copies_.begin() + static_cast<std::ptrdiff_t>(i));
  if (c.tensor != nullptr) {
    const TensorCopy &t = *c.tensor;
    for (const model::TensorSegment &s : t.segments) {
      if (!s.outOfBounds && c.reduce)
        model::applyBulkReduce(c.op, c.type, reinterpret_cast<void *>(s.global),
                               reinterpret_cast<const void *>(s.shared), s.bytes);
      else if (!s.outOfBounds)
        std::memmove(
            reinterpret_cast<void *>(c.kind == AsyncCopyKind::BulkLoad ? s.shared : s.global),
            reinterpret_cast<const void *>(c.kind == AsyncCopyKind::BulkLoad ? s.global : s.shared),
            s.bytes);
      else if (c.kind == AsyncCopyKind::BulkLoad)
        for (std::uint32_t k = 0; k < s.bytes; k += t.elemSize)
          std::memcpy(reinterpret_cast<void *>(s.shared + k), &t.fill, t.elemSize);
    }
  } else if (c.reduce) {
    model::applyBulkReduce(c.op, c.type, reinterpret_cast<void *>(c.dst),
                           reinterpret_cast<const void *>(c.src), c.size);
  } else {
    std::memmove(reinterpret_cast<void *>(c.dst), reinterpret_cast<const void *>(c.src), c.srcSize);
    std::memset(reinterpret_cast<void *>(c.dst + c.srcSize), 0, c.size - c.srcSize);
  }
  if (c.kind == AsyncCopyKind::CpAsync)
    x_.sync_.groupsOf(c.thread).landed(c.group);
  else if (c.kind == AsyncCopyKind::BulkStore)
    x_.sync_.bulkGroupsOf(c.thread).landed(c.group);
  x_.progress();
  notify(c, true);
  // The copy's complete_tx, made by the async proxy on the issuing thread's
  // behalf (so the race detector orders the thread's copy with the waiters).
  if (c.kind == AsyncCopyKind::BulkLoad)
    x_.mbarrierOnBehalf(c.thread, c.mbar, c.pc, c.site, model::MBarrierOp::CompleteTx, 0, c.size);
  // Arrive-ons this copy held back.
  for (std::size_t k = 0; k < arrivals_.size() && c.kind == AsyncCopyKind::CpAsync;) {
    AsyncArrival &a = arrivals_[k];
    // Only the copies issued before the arrive-on count: under
    // --async-completion random a later one may land first.
    if (a.thread == c.thread && c.kind == AsyncCopyKind::CpAsync && c.seq <= a.upTo &&
        a.copies > 0 && --a.copies == 0) {
      const AsyncArrival done = a;
      arrivals_.erase(arrivals_.begin() + static_cast<std::ptrdiff_t>(k));
      arrive(done);
      continue;
    }
    ++k;
  }
}

void AsyncCopyQueue::landSomeAtRandom() {
  // splitmix64: each copy in flight lands here with probability 1/8.
  for (std::size_t i = 0; i < copies_.size();) {
    std::uint64_t z = (rng_ += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    if (((z ^ (z >> 31)) & 7) == 0)
      land(i);
    else
      ++i;
  }
}

void AsyncCopyQueue::landThread(std::uint32_t thread, std::uint32_t n, AsyncCopyKind kind) {
  for (std::size_t i = 0; i < copies_.size();) {
    const InFlightCopy &c = copies_[i];
    bool due = c.thread == thread && c.kind == kind;
    if (due)
      due = kind == AsyncCopyKind::CpAsync ? x_.sync_.groupsOf(thread).covered(c.group, n)
                                           : x_.sync_.bulkGroupsOf(thread).covered(c.group, n);
    if (due)
      land(i); // erases copies_[i]
    else
      ++i;
  }
}

void AsyncCopyQueue::asyncMBarrierArrive(Lane *l, std::uintptr_t mbar, bool noinc,
                                         std::uintptr_t pc) {
  // The pending count grows by one now unless .noinc; the arrive-on comes
  // once the thread's cp.async copies issued so far have landed (bulk copies
  // are not tracked by it, PTX cp.async.mbarrier.arrive).
  x_.checkedSerialPoint(l, pc);
  model::MBarrier *mb = nullptr;
  if (auto it = x_.sync_.mbarriers.find(mbar); it != x_.sync_.mbarriers.end())
    mb = &it->second;
  const std::uint32_t copies = static_cast<std::uint32_t>(
      std::count_if(copies_.begin(), copies_.end(), [l](const InFlightCopy &c) {
        return c.thread == l->tid && c.kind == AsyncCopyKind::CpAsync;
      }));
  if (!noinc && mb != nullptr)
    mb->addPending(1);
  AsyncArrival a{l->tid, mbar, copies, pc, seq_};
  a.site = pc != 0 ? currentSiteId() : kNoSite;
  if (copies == 0) {
    arrive(a);
    return;
  }
  arrivals_.push_back(a);
  landIfWaitedFor(mbar); // a thread may already wait for this phase
}

void AsyncCopyQueue::arrive(const AsyncArrival &a) {
  x_.mbarrierOnBehalf(a.thread, a.mbar, a.pc, a.site, model::MBarrierOp::Arrive, 1, 0);
}

void AsyncCopyQueue::landForMBarrier(std::uintptr_t mbar) {
  if (!x_.clusterCopiesInFlight())
    return;
  auto it = x_.sync_.mbarriers.find(mbar);
  if (it == x_.sync_.mbarriers.end())
    return;
  // Late: the copies land once only their arrive-ons and the bytes of bulk
  // copies in flight are missing from the phase. The bytes may come from
  // copies any CTA of the cluster issued (multicast, shared::cluster).
  std::int64_t owed = 0, bytes = 0;
  for (const AsyncArrival &a : arrivals_)
    owed += a.mbar == mbar ? 1 : 0;
  forEachClusterQueue([&](AsyncCopyQueue &q) {
    for (const InFlightCopy &c : q.copies_)
      bytes += c.kind == AsyncCopyKind::BulkLoad && c.mbar == mbar ? c.size : 0;
  });
  if (owed + bytes == 0 || it->second.pending() != owed || it->second.tx() != bytes)
    return;
  forEachClusterQueue([&](AsyncCopyQueue &q) {
    if (&q == this)
      return;
    for (std::size_t i = 0; i < q.copies_.size();)
      if (q.copies_[i].kind == AsyncCopyKind::BulkLoad && q.copies_[i].mbar == mbar)
        q.land(i);
      else
        ++i;
  });
  // Each owed arrive-on needs only the copies its thread had issued before
  // it: later copies, e.g. of the next pipeline stage, stay in flight.
  std::map<std::uint32_t, std::uint64_t> owedUpTo; // thread -> last copy it waits for
  for (const AsyncArrival &a : arrivals_)
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

void AsyncCopyQueue::landAll() {
  while (!copies_.empty())
    land(0);
}

} // namespace warpsim::sim
