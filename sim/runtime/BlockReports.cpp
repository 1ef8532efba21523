// What a block says in reports: a thread's site (its call stack below the
// kernel's frame), and at a deadlock or livelock who waits where, who
// spins and who exited, grouped by site.
#include <algorithm>
#include <map>
#include <string>
#include <tuple>
#include <vector>

#include "BlockExecutor.h"
#include "GridRunner.h"
#include "Runtime.h"
#include "ThreadList.h"

namespace warpsim::sim {

FindingSite BlockExecutor::siteOf(const Lane *l, std::uintptr_t pc, std::uint32_t site,
                                  const char *role) const {
  FindingSite s;
  s.role = role;
  s.pc = pc;
  s.site = pc != 0 ? site : kNoSite;
  // Frames below the kernel's own are the launch machinery.
  for (std::uint32_t d = std::min(l->depth, Lane::kMaxFrames);
       d-- > warpsim::detail::kKernelCallDepth;)
    s.stack.push_back(l->frames[d]);
  s.has_thread = true;
  s.block = info.index;
  s.thread = l->tidx;
  return s;
}

void BlockExecutor::describe(std::uint32_t thread, std::uintptr_t pc, std::uint32_t site,
                             const char *role, FindingSite &out) const {
  if (thread < lanes.size()) {
    out = siteOf(&lanes[thread], pc, site, role);
    return;
  }
  out = FindingSite{};
  out.role = role;
  out.pc = pc;
  out.site = pc != 0 ? site : kNoSite;
  out.has_thread = true;
  out.block = info.index;
  out.thread = model::delinearize(thread, info.launch->block);
}

std::string BlockExecutor::barrierWaitText(const PendingEvent &e) const {
  if (e.barrier_id == 0 && e.barrier_count == 0)
    return "waiting at __syncthreads()";
  const model::BlockBarrier &b = sync_.barrier(e.barrier_id);
  std::string s = "waiting at bar.sync " + std::to_string(e.barrier_id);
  if (e.barrier_count != 0)
    s += ", " + std::to_string(e.barrier_count);
  s += " (named barrier " + std::to_string(e.barrier_id) + ": " + std::to_string(b.counted()) +
       " of " + std::to_string(b.expected()) + " threads arrived" +
       (b.count() != 0 ? ", counted per warp)" : ")");
  return s;
}

std::string BlockExecutor::mbarrierWaitText(const PendingEvent &e) const {
  const std::uintptr_t off = e.addr - info.smem_base;
  std::string where = "shared offset " + std::to_string(off);
  for (const SharedVar *v : *info.launch->shared_vars)
    if (off >= v->offset && off < v->offset + v->size)
      where = "__shared__ '" + std::string(v->name) + "' + " + std::to_string(off - v->offset);
  std::string s = std::string("waiting at ") + model::mbarrierOpName(e.mop) + " for phase " +
                  std::to_string(e.mphase) + " (parity " + std::to_string(e.mphase & 1) +
                  ") of the mbarrier at " + where;
  auto it = sync_.mbarriers.find(e.addr);
  if (it != sync_.mbarriers.end())
    s += ": " + std::to_string(it->second.pending()) + " of " +
         std::to_string(it->second.expected()) + " arrivals pending, tx-count " +
         std::to_string(it->second.tx());
  return s;
}

std::string BlockExecutor::waitText(const Lane &l) const {
  return l.waitsOn(SyncObjectKind::MBarrier)         ? mbarrierWaitText(l.ev)
         : l.waitsOn(SyncObjectKind::GridBarrier)    ? grid_.gridSyncWaitText()
         : l.waitsOn(SyncObjectKind::ClusterBarrier) ? clusterWaitText(l)
                                                     : barrierWaitText(l.ev);
}

void BlockExecutor::describeWaiters(Finding &f) const {
  if (done_)
    return;
  // Group the block's lanes by what they do and where: the instruction, the
  // call stack (one helper such as a named_sync() wrapper serves several call
  // sites) and, for waiters, what they wait for (one instruction may wait on
  // different barrier ids, mbarriers or phases). One group is one site.
  // Listed in code order (PendingEvent::position: the same whatever the
  // optimiser's layout), then by the group's first thread: never by a
  // return address, which the code layout decides.
  struct Key {
    int what; // 0 waits at a barrier, 1 spins, 2 exited, 3 waits at a warp op
    std::uintptr_t position, pc;
    std::vector<std::uintptr_t> stack;
    std::string waitsFor;
    bool operator<(const Key &o) const {
      return std::tie(what, position, pc, stack, waitsFor) <
             std::tie(o.what, o.position, o.pc, o.stack, o.waitsFor);
    }
  };
  auto keyOf = [&](const Lane &l, int what) {
    Key k{what, what == 2 ? 0 : l.ev.position, what == 2 ? 0 : l.ev.pc, {}, {}};
    if (what == 2)
      return k;
    for (std::uint32_t d = std::min(l.depth, Lane::kMaxFrames);
         d-- > warpsim::detail::kKernelCallDepth;)
      k.stack.push_back(l.frames[d]);
    if (what == 0)
      k.waitsFor = waitText(l);
    return k;
  };
  std::map<Key, std::vector<const Lane *>> groups;
  for (const Lane &l : lanes) {
    if (l.state == LaneState::Exited) {
      groups[keyOf(l, 2)].push_back(&l);
    } else if (l.waitsOn(SyncObjectKind::Barrier)) {
      groups[keyOf(l, 0)].push_back(&l);
    } else if (l.waitsOn(SyncObjectKind::WarpSync)) {
      groups[keyOf(l, 3)].push_back(&l);
    } else if (l.waitsOn(SyncObjectKind::MBarrier) || l.waitsOn(SyncObjectKind::GridBarrier) ||
               l.waitsOn(SyncObjectKind::ClusterBarrier)) {
      groups[keyOf(l, 0)].push_back(&l); // listed with the barrier waiters
    } else if (l.started) {
      groups[keyOf(l, 1)].push_back(&l);
    }
  }
  std::vector<std::pair<const Key *, const std::vector<const Lane *> *>> ordered;
  for (const auto &[key, group] : groups)
    ordered.emplace_back(&key, &group);
  std::sort(ordered.begin(), ordered.end(), [](const auto &a, const auto &b) {
    return std::make_tuple(a.first->what, a.first->position, a.second->front()->tid) <
           std::make_tuple(b.first->what, b.first->position, b.second->front()->tid);
  });
  for (const auto &[keyp, groupp] : ordered) {
    const Key &key = *keyp;
    const std::vector<const Lane *> &group = *groupp;
    const Lane *first = group.front();
    const char *role = key.what == 0 || key.what == 3 ? "waits"
                       : key.what == 1                ? "spins"
                                                      : "exited";
    FindingSite s = key.what == 2 ? siteOf(first, 0, kNoSite, role)
                                  : siteOf(first, first->ev.pc, first->ev.site, role);
    std::vector<std::uint32_t> ids;
    for (const Lane *l : group)
      ids.push_back(l->tid);
    s.thread_count = static_cast<std::uint32_t>(group.size());
    s.threads = threadList(ids);
    if (key.what == 0) {
      s.detail = key.waitsFor;
    } else if (key.what == 3) {
      s.detail = std::string("waiting at ") + model::warpOpName(first->ev.op) + " (mask " +
                 hexMask(first->ev.mask, info.launch->warp_size) + ")";
    } else if (key.what == 1) {
      const PendingEvent &e = first->ev;
      s.detail = "running without progress";
      if (e.kind == EventKind::Access)
        s.detail += std::string(", last ") +
                    (e.access == AccessKind::Load    ? "reading "
                     : e.access == AccessKind::Store ? "writing "
                                                     : "an atomic on ") +
                    spaceName(e.space) + " memory";
      else if (e.kind == EventKind::Barrier)
        s.detail += ", not yet scheduled to arrive at __syncthreads()";
    } else {
      s.stack.clear();
      s.detail = "exited";
    }
    f.sites.push_back(std::move(s));
  }
}

} // namespace warpsim::sim
