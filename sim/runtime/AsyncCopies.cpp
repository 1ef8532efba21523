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

#include "BlockExecutor.h"
#include "GridRunner.h"
#include "Runtime.h"

namespace warpsim::sim {

void BlockExecutor::asyncCopy(Lane *l, std::uintptr_t dst, std::uintptr_t src, std::uint32_t size,
                              std::uint32_t srcSize, std::uintptr_t pc) {
  srcSize = std::min(srcSize, size);
  if (srcSize != 0)
    access(l, src, srcSize, AccessKind::Load, MemoryOrder::NotAtomic, pc);
  access(l, dst, size, AccessKind::Store, MemoryOrder::NotAtomic, pc);
  const std::uint64_t group = sync.groupsOf(l->tid).issue();
  copies_.push_back(InFlightCopy{l->tid, dst, src, size, srcSize, group, pc});
  const AsyncCopyEvent e{&info, l->tid, pc, dst, src, size, false};
  for (Observer *o : rt_.observers)
    o->onAsyncCopy(e);
  if (rt_.options.async_eager)
    land(copies_.size() - 1);
}

void BlockExecutor::asyncCommit(Lane *l) { sync.groupsOf(l->tid).commit(); }

void BlockExecutor::asyncWait(Lane *l, std::uint32_t n, std::uintptr_t) {
  landThread(l->tid, n, false);
}

void BlockExecutor::land(std::size_t i) {
  const InFlightCopy c = copies_[i];
  copies_.erase(copies_.begin() + static_cast<std::ptrdiff_t>(i));
  std::memmove(reinterpret_cast<void *>(c.dst), reinterpret_cast<const void *>(c.src), c.srcSize);
  std::memset(reinterpret_cast<void *>(c.dst + c.srcSize), 0, c.size - c.srcSize);
  sync.groupsOf(c.thread).landed(c.group);
  grid_.progress();
  const AsyncCopyEvent e{&info, c.thread, c.pc, c.dst, c.src, c.size, true};
  for (Observer *o : rt_.observers)
    o->onAsyncCopy(e);
  // Arrive-ons this copy held back.
  for (std::size_t k = 0; k < asyncArrivals_.size();) {
    AsyncArrival &a = asyncArrivals_[k];
    if (a.thread == c.thread && a.copies > 0 && --a.copies == 0) {
      const AsyncArrival done = a;
      asyncArrivals_.erase(asyncArrivals_.begin() + static_cast<std::ptrdiff_t>(k));
      asyncArrive(done);
      continue;
    }
    ++k;
  }
}

void BlockExecutor::landThread(std::uint32_t thread, std::uint32_t n, bool all) {
  const model::AsyncGroups &g = sync.groupsOf(thread);
  for (std::size_t i = 0; i < copies_.size();) {
    const InFlightCopy &c = copies_[i];
    if (c.thread == thread && (all || g.covered(c.group, n)))
      land(i); // erases copies_[i]
    else
      ++i;
  }
}

void BlockExecutor::asyncMBarrierArrive(Lane *l, std::uintptr_t mbar, bool noinc,
                                        std::uintptr_t pc) {
  // The pending count grows by one now unless .noinc; the arrive-on comes
  // once the thread's copies issued so far have landed.
  model::MBarrier *mb = nullptr;
  if (auto it = sync.mbarriers.find(mbar); it != sync.mbarriers.end())
    mb = &it->second;
  const std::uint32_t copies = static_cast<std::uint32_t>(std::count_if(
      copies_.begin(), copies_.end(), [l](const InFlightCopy &c) { return c.thread == l->tid; }));
  if (!noinc && mb != nullptr)
    mb->addPending(1);
  const AsyncArrival a{l->tid, mbar, copies, pc};
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
  const Lane &l = lanes[a.thread];
  model::MBarrier *mb = nullptr;
  if (auto it = sync.mbarriers.find(a.mbar); it != sync.mbarriers.end())
    mb = &it->second;
  model::MBarrier::Arrival r;
  r.rule = model::MBarrierRule::NotInitialized;
  if (mb != nullptr)
    r = mb->arrive(1);
  MBarrierEvent e{&info, l.warp->index, l.lane, a.pc,       a.mbar, model::MBarrierOp::Arrive, 1,
                  0,     r.phase,       r.rule, r.completed};
  if (mb != nullptr) {
    e.pending = mb->pending();
    e.expected = mb->expected();
    e.tx_count = mb->tx();
  }
  for (Observer *o : rt_.observers)
    o->onMBarrier(e);
  if (r.completed) {
    grid_.progress();
    releaseMBarrierWaiters(a.mbar, *mb);
  }
}

void BlockExecutor::landForMBarrier(std::uintptr_t mbar) {
  if (asyncArrivals_.empty())
    return;
  auto it = sync.mbarriers.find(mbar);
  if (it == sync.mbarriers.end() || it->second.tx() != 0)
    return;
  // Late: the copies land once only their arrive-ons are missing.
  std::int64_t owed = 0;
  for (const AsyncArrival &a : asyncArrivals_)
    owed += a.mbar == mbar ? 1 : 0;
  if (owed == 0 || it->second.pending() != owed)
    return;
  std::vector<std::uint32_t> threads;
  for (const AsyncArrival &a : asyncArrivals_)
    if (a.mbar == mbar)
      threads.push_back(a.thread);
  for (std::uint32_t t : threads)
    landThread(t, 0, true); // each arrival is made once its copies landed
}

} // namespace warpsim::sim
