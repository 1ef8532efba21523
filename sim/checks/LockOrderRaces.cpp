// The race detector's lock hand-overs: races that only the other order of
// taking a spin lock has, predicted from the run's own order
// (model/LockHandOver.h; docs/checks.md, "Lock order").
#include <algorithm>
#include <cstring>
#include <mutex>
#include <string>

#include "Describe.h"
#include "ObserverContext.h"
#include "RaceDetector.h"
#include "warpsim/model/MemoryOrdering.h"

namespace warpsim::sim {

using model::CriticalSection;
using model::Hazard;
using model::SectionAccess;

namespace {

std::uint64_t readBytes(const void *p, std::uint32_t size) {
  std::uint64_t v = 0;
  std::memcpy(&v, p, std::min<std::uint32_t>(size, sizeof v));
  return v;
}

std::string coords(const Dim3 &d) {
  return "(" + std::to_string(d.x) + "," + std::to_string(d.y) + "," + std::to_string(d.z) + ")";
}

} // namespace

void RaceDetector::sectionAccess(BlockSync &, ThreadSync &t, const WarpAccess &a,
                                 const LaneAccess &la, std::uint32_t instr, std::uint16_t site,
                                 bool strong) {
  SectionAccess s;
  s.addr = la.addr;
  s.size = la.size;
  s.pc = a.pc;
  s.epoch = instr;
  s.site = a.site;
  s.record = site;
  s.space = static_cast<std::uint8_t>(a.space);
  s.write = a.kind != AccessKind::Load && !a.atomic_load;
  s.atomic = a.kind == AccessKind::Atomic;
  s.strong = strong;
  for (CriticalSection &c : t.sections)
    if (la.addr + la.size <= c.lock || la.addr >= c.lock + c.lockSize) // not the lock word
      c.access(s);
}

void RaceDetector::lockAtomicDone(BlockSync &bs, ThreadSync &t, std::uint32_t tid,
                                  const StoreDone &s) {
  if (t.atomicAddr != s.addr || s.size > sizeof(std::uint64_t))
    return;
  const std::uint64_t found = readBytes(s.before, s.size);
  const std::uint64_t now = readBytes(reinterpret_cast<const void *>(s.addr), s.size);
  if (found == now)
    return; // a failed compare-and-swap, an exchange that changed nothing
  const bool wide = t.atomicScope != Scope::Block && t.atomicScope != Scope::Cluster &&
                    t.atomicScope != Scope::Thread;
  auto open = std::find_if(t.sections.begin(), t.sections.end(),
                           [&](const CriticalSection &c) { return c.lock == s.addr; });
  if (open != t.sections.end() && now == open->free && open->lockSize == s.size) {
    // Given back: the critical section is complete.
    CriticalSection c = std::move(*open);
    t.sections.erase(open);
    c.released = t.atomicEpoch;
    c.releaseOrder = model::releases(t.atomicOrder);
    c.releasePc = t.atomicPc;
    c.releaseSite = t.atomicSite;
    c.lockDevice = c.lockDevice && wide;
    lockSectionClosed(bs, c);
    return;
  }
  if (open != t.sections.end())
    t.sections.erase(open); // changed again (a counter, not a lock): start over
  else if (t.sections.size() >= 2)
    t.sections.erase(t.sections.begin()); // keep the two most recent
  CriticalSection c;
  c.lock = s.addr;
  c.lockSize = s.size;
  c.free = found;
  c.thread = bs.linear * tpb_ + tid;
  c.block = bs.linear;
  c.cluster = bs.cluster;
  c.acquired = t.atomicEpoch;
  c.acquireOrder = model::acquires(t.atomicOrder);
  c.acquirePc = t.atomicPc;
  c.acquireSite = t.atomicSite;
  c.lockDevice = wide;
  // The earlier sections of this lock this thread could have gone before:
  // nothing it knows now (its own order, barriers, what it acquired) comes
  // from them. Its own acquisition settles at its next event.
  std::unique_lock<std::mutex> lock(mutex_, std::defer_lock);
  if (parallelSlot() >= 0)
    lock.lock();
  if (auto it = locks_.find(s.addr); it != locks_.end()) {
    model::Accessor acc = accessor(bs);
    acc.thread = c.thread;
    acc.epoch = t.atomicEpoch;
    acc.threadClock = t.clock.empty() ? nullptr : &t.clock;
    acc.warpSync = bs.pairSync.empty() ? nullptr : &bs.pairSync[std::size_t{tid} * ws_];
    for (const CriticalSection &e : it->second.sections) {
      model::AccessRecord r;
      r.thread = e.thread;
      r.epoch = e.acquired;
      if (e.thread != c.thread && !acc.orderedAfter(r))
        c.reversible.push_back(e.serial);
    }
  }
  t.sections.push_back(std::move(c));
}

void RaceDetector::lockSectionClosed(BlockSync &bs, CriticalSection &j) {
  std::unique_lock<std::mutex> lock(mutex_, std::defer_lock);
  if (parallelSlot() >= 0)
    lock.lock();
  LockHistory &hist = locks_[j.lock];
  j.serial = hist.next++;
  // Each earlier section `i` this one could have preceded: the accesses of
  // `i` as if `j` had run first and handed the lock to `i`.
  for (const std::uint64_t serial : j.reversible) {
    auto it = std::find_if(hist.sections.begin(), hist.sections.end(),
                           [&](const CriticalSection &c) { return c.serial == serial; });
    if (it == hist.sections.end() || j.accesses.empty() || it->accesses.empty())
      continue;
    const CriticalSection &i = *it;
    if (!j.lockDevice || !i.lockDevice)
      continue; // the lock itself races (a block-scope atomic across blocks)
    std::uint32_t lastJ = 0, firstI = UINT32_MAX;
    for (const SectionAccess &a : j.accesses)
      lastJ = std::max(lastJ, a.epoch);
    for (const SectionAccess &a : i.accesses)
      firstI = std::min(firstI, a.epoch);
    if (model::handOverOrders(j, lastJ, i, firstI))
      continue; // fenced on both sides: every pair ordered
    model::sectionConflicts(j, i, [&](Hazard h, std::size_t ii, std::size_t jj, std::uint32_t n) {
      const SectionAccess &ai = i.accesses[ii];
      const SectionAccess &aj = j.accesses[jj];
      if (ai.atomic && aj.atomic)
        return; // atomics do not race with each other
      if (model::handOverOrders(j, aj.epoch, i, ai.epoch))
        return;
      if (ai.strong && aj.strong && h != Hazard::ReadAfterWrite)
        return; // strong accesses: only message passing can go wrong (hazard())
      predictedRace(bs, h, i, ai, j, aj, n);
    });
  }
  hist.sections.push_back(std::move(j));
  if (hist.sections.size() > kLockHistory)
    hist.sections.erase(hist.sections.begin());
}

void RaceDetector::predictedRace(BlockSync &bs, Hazard h, const CriticalSection &second,
                                 const SectionAccess &ai, const CriticalSection &first,
                                 const SectionAccess &aj, std::uint32_t) {
  const auto space = static_cast<MemorySpace>(ai.space);
  if (space == MemorySpace::Shared && first.block != second.block)
    return; // another block's shared memory (a cluster's): not predicted
  const bool mp = ai.strong && aj.strong;
  const bool released = model::releases(first, aj.epoch, second);
  const bool acquired = model::acquires(second, ai.epoch, first);
  const int key = (mp ? 5 : static_cast<int>(h)) * 16 + static_cast<int>(space);
  const auto [index, fresh] = table_.find({key, aj.pc, ai.pc});
  auto &e = table_.at(index);
  // In the other order, the writer released and this thread's acquisition
  // saw it: the fence-before-atomic rule, as for a race the run met.
  const bool idiom = h == Hazard::ReadAfterWrite && released && second.block != first.block;
  if (mp) {
    e.extra.mp = true;
    e.extra.mpReleased = e.extra.mpReleased && idiom;
  }
  if (!idiom || mp)
    e.extra.missingAcquireFence = false;
  if (h == Hazard::WriteAfterWrite)
    e.extra.sameValue = false; // the values of the other order are not known
  Occurrence o{};
  o.why = kLockOrder;
  if (!fresh && rankOf(o, true) <= e.extra.rank)
    return;
  e.extra.rank = rankOf(o, true);
  Finding &f = e.finding;
  const char *cur = ai.atomic ? "atomic" : ai.write ? "write" : "read";
  const char *before = aj.atomic ? "atomic" : aj.write ? "write" : "read";
  Dim3 bi, ti, bj, tj;
  threadCoords(*launch_, second.block, second.thread % tpb_, bi, ti);
  threadCoords(*launch_, first.block, first.thread % tpb_, bj, tj);
  const std::string who2 = "thread " + coords(ti) + " of block " + coords(bi);
  const std::string who1 = "thread " + coords(tj) + " of block " + coords(bj);
  f.kind = mp ? "memory-order" : "race";
  f.hazard = mp ? "MP"
                : (h == Hazard::ReadAfterWrite   ? "RAW"
                   : h == Hazard::WriteAfterRead ? "WAR"
                                                 : "WAW");
  f.space = spaceName(space);
  f.address = ai.addr;
  f.size = ai.size;
  f.object = describeAddress(cx_, bs.info, ai.addr, space);
  const std::string lockObject = describeAddress(cx_, bs.info, first.lock, MemorySpace::Global);
  std::string why;
  if (!released)
    why = who1 + " has no fence between this " + before + " and its release of the lock";
  if (!acquired)
    why += (why.empty() ? "" : ", and ") + who2 +
           " has no fence between taking the lock and this " + cur;
  f.message =
      (mp ? std::string("MP (message passing) on ") + f.space + " memory at " + f.object + ": " +
                cur + " not ordered after an earlier " + before
          : std::string(f.hazard) + " hazard on " + f.space + " memory at " + f.object + ": " +
                cur + " races with an earlier " + before) +
      " in the other order of taking the lock at " + lockObject + ": this run gave it to " + who2 +
      " before " + who1 + "; had " + who1 +
      " taken it first, nothing would order its critical section before this one (" + why +
      "; a lock orders memory only with __threadfence() after taking it and before giving it "
      "back, in every critical section)";
  FindingSite now;
  now.role = cur;
  now.detail = cur;
  now.pc = ai.pc;
  now.site = ai.site;
  now.has_thread = true;
  now.block = bi;
  now.thread = ti;
  FindingSite then;
  then.role = before;
  then.detail = std::string("earlier ") + before + " (in the other order)";
  then.pc = aj.pc;
  then.site = aj.site;
  then.has_thread = true;
  then.block = bj;
  then.thread = tj;
  f.sites.clear();
  f.sites.push_back(std::move(now));
  f.sites.push_back(std::move(then));
  // Where the missing fence belongs.
  FindingSite fence;
  fence.has_thread = true;
  if (!acquired) {
    fence.role = fence.detail = "takes the lock, with no fence after it";
    fence.pc = second.acquirePc;
    fence.site = second.acquireSite;
    fence.block = bi;
    fence.thread = ti;
  } else {
    fence.role = fence.detail = "gives the lock back, with no fence before it";
    fence.pc = first.releasePc;
    fence.site = first.releaseSite;
    fence.block = bj;
    fence.thread = tj;
  }
  if (fence.pc != 0)
    f.sites.push_back(std::move(fence));
}

} // namespace warpsim::sim
