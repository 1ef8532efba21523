#include "warpsim/model/PtxMemoryModel.h"

#include <algorithm>

#include "warpsim/model/MemoryOrdering.h"

namespace warpsim::model {

namespace {

// How far a scope reaches: -1 the thread alone, 0 the CTA, 1 the cluster,
// 2 the GPU (and the system: one GPU is simulated).
int level(Scope s) {
  switch (s) {
  case Scope::Thread:
    return -1; // reaches no other thread
  case Scope::Block:
    return 0;
  case Scope::Cluster:
    return 1;
  case Scope::Device:
  case Scope::System:
    return 2;
  }
  return 2;
}

} // namespace

// ------------------------------------------------------------------ PtxView

namespace {
std::uint64_t lookup(const PtxView::Entries &e, std::uint64_t addr) {
  auto it = std::lower_bound(e.begin(), e.end(), addr,
                             [](const auto &p, std::uint64_t a) { return p.first < a; });
  return it != e.end() && it->first == addr ? it->second : 0;
}
} // namespace

std::uint64_t PtxView::get(std::uint64_t addr) const {
  const std::uint64_t own = lookup(e_, addr);
  return base_ != nullptr ? std::max(own, lookup(base_->e, addr)) : own;
}

std::shared_ptr<const PtxView::Base> PtxView::flatten() const {
  if (e_.empty() && base_ != nullptr)
    return base_;
  auto all = std::make_shared<Base>();
  all->e = e_;
  if (base_ != nullptr) {
    merge(all->e, base_->e);
    all->parent = base_;
  }
  return all;
}

bool PtxView::derives(const std::shared_ptr<const Base> &b, const Base *ancestor) {
  std::shared_ptr<const Base> p = b;
  for (int depth = 0; depth < 8 && p != nullptr; ++depth) {
    if (p.get() == ancestor)
      return true;
    p = p->parent.lock();
  }
  return false;
}

void PtxView::raise(std::uint64_t addr, std::uint64_t ts) {
  auto it = std::lower_bound(e_.begin(), e_.end(), addr,
                             [](const auto &p, std::uint64_t a) { return p.first < a; });
  if (it != e_.end() && it->first == addr)
    it->second = std::max(it->second, ts);
  else
    e_.insert(it, {addr, ts});
}

void PtxView::merge(Entries &into, const Entries &from) {
  if (from.empty())
    return;
  if (into.empty()) {
    into = from;
    return;
  }
  Entries out;
  out.reserve(into.size() + from.size());
  auto a = into.cbegin();
  auto b = from.cbegin();
  while (a != into.cend() || b != from.cend()) {
    if (b == from.cend() || (a != into.cend() && a->first < b->first))
      out.push_back(*a++);
    else if (a == into.cend() || b->first < a->first)
      out.push_back(*b++);
    else {
      out.emplace_back(a->first, std::max(a->second, b->second));
      ++a;
      ++b;
    }
  }
  into = std::move(out);
}

void PtxView::join(const PtxView &o) {
  merge(e_, o.e_);
  if (o.base_ == nullptr || o.base_ == base_ || derives(base_, o.base_.get()))
    return; // nothing new in its base
  if (base_ == nullptr || derives(o.base_, base_.get()))
    base_ = o.base_; // a superset of ours: shared, not copied
  else
    merge(e_, o.base_->e);
}

// ----------------------------------------------------------- PtxMemoryModel

PtxMemoryModel::PtxMemoryModel(Chooser pick, Bounds bounds)
    : pick_(std::move(pick)), bounds_(bounds) {
  if (bounds_.history < 1)
    bounds_.history = 1;
}

void PtxMemoryModel::reset() {
  locs_.clear();
  threads_.clear();
  objects_.clear();
  sc_.clear();
  overflow_ = false;
}

void PtxMemoryModel::place(std::uint64_t t, PtxPlace where) { threads_[t].where = where; }

PtxMemoryModel::Thread &PtxMemoryModel::thread(std::uint64_t t) {
  Thread &th = threads_[t];
  ++th.ops;
  return th;
}

// Every history forgotten: each thread can read only the latest value of
// each location from here on, which is always allowed; the clock goes on,
// so views kept elsewhere stay below every new message.
void PtxMemoryModel::collapseAll() {
  locs_.clear();
  for (auto &[id, th] : threads_) {
    PtxPlace where = th.where;
    th = Thread{};
    th.where = where;
  }
  objects_.clear();
  sc_.clear();
  overflow_ = false;
  ++collapses_;
}

void PtxMemoryModel::check(const PtxView &v) {
  if (v.size() > bounds_.viewEntries)
    overflow_ = true;
}

void PtxMemoryModel::forget(std::uint64_t addr, std::uint64_t size) {
  auto it = locs_.lower_bound(addr >= 7 ? addr - 7 : 0);
  while (it != locs_.end() && it->first < addr + size) {
    if (it->first + it->second.size > addr)
      it = locs_.erase(it);
    else
      ++it;
  }
}

PtxMemoryModel::Location &PtxMemoryModel::locate(std::uint64_t addr, std::uint32_t size,
                                                 std::uint64_t current) {
  auto found = locs_.find(addr);
  if (found == locs_.end() || found->second.size != size) {
    forget(addr, size); // other shapes over these bytes: their histories go
    found = locs_.emplace(addr, Location{}).first;
    found->second.size = size;
  }
  Location &l = found->second;
  if (l.msgs.empty() || l.msgs.back().value != current) {
    // New, or written outside the model since: memory's value is the only
    // message (above every view, so every thread may read it).
    l.msgs.clear();
    Message init;
    init.ts = nextTs();
    init.value = current;
    l.msgs.push_back(std::move(init));
  }
  return l;
}

int PtxMemoryModel::relation(const Thread &th, const Message &m) const {
  if (!m.fromWriter)
    return 2;
  if (m.writer.cta == th.where.cta)
    return 0;
  return m.writer.cluster == th.where.cluster ? 1 : 2;
}

bool PtxMemoryModel::covers(Scope s, int relation) { return relation <= level(s); }

// The acquire half of a fence: the thread's weak reads join its view (a
// fence of any scope orders them) and so does what it read from writers
// the fence's scope reaches.
void PtxMemoryModel::acquireFence(Thread &th, Scope s) {
  th.cur.join(th.weak);
  th.weak.clear();
  for (int r = 0; r < kRelations; ++r)
    if (covers(s, r)) {
      th.cur.join(th.acqPending[r]);
      th.acqPending[r].clear();
    }
  check(th.cur);
}

// The release half: later stores carry the view to readers the scope reaches.
// (A copy, not a join: the thread's view only grows, so it holds every
// earlier release view; a copy shares its base.)
void PtxMemoryModel::releaseFence(Thread &th, Scope s) {
  for (int r = 0; r < kRelations; ++r)
    if (covers(s, r))
      th.relFence[r] = th.cur;
}

void PtxMemoryModel::publish(Thread &th, Message &m, MemoryOrder order, Scope scope) {
  for (int r = 0; r < kRelations; ++r) {
    m.rel[r] = th.relFence[r];
    if (releases(order) && covers(scope, r)) {
      m.rel[r].join(th.cur);
      m.rel[r].join(th.weak);
    }
    check(m.rel[r]);
  }
}

std::uint64_t PtxMemoryModel::load(std::uint64_t t, std::uint64_t addr, std::uint32_t size,
                                   MemoryOrder order, Scope scope, std::uint64_t current) {
  if (overflow_ || locs_.size() >= bounds_.locations)
    collapseAll();
  if (order == MemoryOrder::SeqCst)
    fence(t, true, scope);
  Thread &th = thread(t);
  Location &l = locate(addr, size, current);
  const bool weak = order == MemoryOrder::NotAtomic;
  std::uint64_t lb = th.cur.get(addr);
  if (!weak)
    lb = std::max(lb, th.weak.get(addr));
  std::size_t first = 0;
  while (first + 1 < l.msgs.size() && l.msgs[first].ts < lb)
    ++first;
  const std::size_t n = l.msgs.size() - first;
  const Message &m = l.msgs[first + (n > 1 ? pick_(n) % n : 0)];
  if (weak)
    th.weak.raise(addr, m.ts);
  else
    th.cur.raise(addr, m.ts);
  if (m.fromWriter) {
    const int r = relation(th, m);
    th.acqPending[r].join(m.rel[r]);
    check(th.acqPending[r]);
    if (acquires(order) && covers(scope, r))
      th.cur.join(m.rel[r]);
  }
  check(th.cur);
  check(th.weak);
  return m.value;
}

bool PtxMemoryModel::store(std::uint64_t t, std::uint64_t addr, std::uint32_t size,
                           std::uint64_t value, MemoryOrder order, Scope scope,
                           std::uint64_t current) {
  if (overflow_ || locs_.size() >= bounds_.locations)
    collapseAll();
  if (order == MemoryOrder::SeqCst)
    fence(t, true, scope);
  Thread &th = thread(t);
  Location &l = locate(addr, size, current);
  const std::uint64_t lb = std::max(th.cur.get(addr), th.weak.get(addr));
  // The gaps it may go into: after a message the thread may still read,
  // not right before a read-modify-write (atomicity), with room left.
  std::vector<std::size_t> gaps;
  for (std::size_t i = 0; i < l.msgs.size(); ++i) {
    if (l.msgs[i].ts < lb && i + 1 < l.msgs.size())
      continue;
    if (i + 1 == l.msgs.size() || (!l.msgs[i + 1].rmw && l.msgs[i + 1].ts - l.msgs[i].ts >= 2))
      gaps.push_back(i);
  }
  const std::size_t g = gaps[gaps.size() > 1 ? pick_(gaps.size()) % gaps.size() : 0];
  const bool latest = g + 1 == l.msgs.size();
  Message m;
  m.ts = latest ? nextTs() : l.msgs[g].ts + (l.msgs[g + 1].ts - l.msgs[g].ts) / 2;
  m.value = value;
  m.writer = th.where;
  m.fromWriter = true;
  publish(th, m, order, scope);
  th.cur.raise(addr, m.ts);
  l.msgs.insert(l.msgs.begin() + static_cast<std::ptrdiff_t>(g + 1), std::move(m));
  if (l.msgs.size() > bounds_.history)
    l.msgs.erase(l.msgs.begin(),
                 l.msgs.begin() + static_cast<std::ptrdiff_t>(l.msgs.size() - bounds_.history));
  check(th.cur);
  return latest;
}

void PtxMemoryModel::rmw(std::uint64_t t, std::uint64_t addr, std::uint32_t size,
                         std::uint64_t value, MemoryOrder order, Scope scope,
                         std::uint64_t current) {
  if (overflow_ || locs_.size() >= bounds_.locations)
    collapseAll();
  if (order == MemoryOrder::SeqCst)
    fence(t, true, scope);
  Thread &th = thread(t);
  Location &l = locate(addr, size, current);
  Message m;
  {
    const Message &prev = l.msgs.back();
    th.cur.raise(addr, prev.ts);
    if (prev.fromWriter) {
      const int r = relation(th, prev);
      th.acqPending[r].join(prev.rel[r]);
      check(th.acqPending[r]);
      if (acquires(order) && covers(scope, r))
        th.cur.join(prev.rel[r]);
    }
    m.ts = nextTs();
    m.value = value;
    m.writer = th.where;
    m.fromWriter = true;
    m.rmw = true;
    publish(th, m, order, scope);
    // It continues whatever release it read (over-synchronising is sound).
    if (prev.fromWriter)
      for (int r = 0; r < kRelations; ++r)
        for (int q = 0; q < kRelations; ++q)
          m.rel[r].join(prev.rel[q]);
  }
  th.cur.raise(addr, m.ts);
  l.msgs.push_back(std::move(m));
  if (l.msgs.size() > bounds_.history)
    l.msgs.erase(l.msgs.begin(),
                 l.msgs.begin() + static_cast<std::ptrdiff_t>(l.msgs.size() - bounds_.history));
  check(th.cur);
}

void PtxMemoryModel::fence(std::uint64_t t, bool sc, Scope scope) {
  Thread &th = thread(t);
  acquireFence(th, scope);
  if (sc) {
    // fence.sc joins one SC view per scope instance it is morally strong
    // with: its CTA's, its cluster's (cluster scope and up), the GPU's.
    std::pair<int, std::uint64_t> inst[3] = {{0, th.where.cta}, {1, th.where.cluster}, {2, 0}};
    const int n = level(scope) + 1;
    for (int i = 0; i < n; ++i)
      th.cur.join(sc_[inst[i]]);
    for (int i = 0; i < n; ++i) {
      sc_[inst[i]] = th.cur;
      check(sc_[inst[i]]);
    }
  }
  releaseFence(th, scope);
  check(th.cur);
}

void PtxMemoryModel::syncArrive(std::uint64_t t, std::uint64_t key, Scope scope) {
  fence(t, false, scope);
  SyncObject &o = objects_[key];
  Thread &th = thread(t);
  o.view.join(th.cur);
  o.snap.reset();
  th.arrivedKey = key;
  th.arrivedAt = th.ops;
  check(o.view);
}

// The thread's view at its arrival went into the object and it has done
// nothing since, so the object's view is a superset: every thread leaving
// shares one flattened copy of it.
void PtxMemoryModel::syncDepart(std::uint64_t t, std::uint64_t key) {
  Thread &th = thread(t);
  auto it = objects_.find(key);
  if (it == objects_.end())
    return;
  SyncObject &o = it->second;
  if (o.snap == nullptr) {
    o.snap = o.view.flatten();
    o.view.rebase(o.snap);
    if (o.snap->e.size() > bounds_.viewEntries)
      overflow_ = true;
  }
  if (th.arrivedKey == key && th.ops == th.arrivedAt + 1)
    th.cur.rebase(o.snap); // the object's view holds all of the thread's
  else
    th.cur.join(o.view); // it did something between arriving and leaving
  check(th.cur);
}

std::size_t PtxMemoryModel::history(std::uint64_t addr) const {
  auto it = locs_.find(addr);
  return it == locs_.end() ? 0 : it->second.msgs.size();
}

} // namespace warpsim::model
