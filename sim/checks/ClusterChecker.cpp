#include "ClusterChecker.h"

#include <string>

#include "Describe.h"
#include "MemoryMap.h"
#include "ObserverContext.h"

namespace warpsim::sim {

ClusterChecker::ClusterChecker(ObserverContext &cx) : cx_(cx) {
  owners_.resize(cx.options().resident_blocks);
}

void ClusterChecker::onLaunchBegin(const LaunchInfo &l) {
  owners_.resize(l.slots);
  for (Owner &o : owners_)
    o = Owner{};
  unarrived_.clear();
}

void ClusterChecker::onLaunchEnd(const LaunchInfo &l) { table_.flush(cx_.findings(), l); }

void ClusterChecker::onBlockBegin(const BlockInfo &b) {
  Owner &o = owners_[cx_.memory().sharedSlotOf(b.smem_base)];
  o = Owner{};
  o.info = &b;
}

void ClusterChecker::onWarpAccess(const WarpAccess &a) {
  if (a.space != MemorySpace::Shared)
    return;
  const std::uint32_t ws = a.block->launch->warp_size;
  for (std::uint32_t i = 0; i < a.count; ++i) {
    const LaneAccess &la = a.lanes[i];
    if (la.addr - a.block->smem_base < MemoryMap::kSharedWindow ||
        !cx_.memory().inSharedRegion(la.addr))
      continue; // its own shared memory (or an invalid address, reported as such)
    const std::uint32_t slot = cx_.memory().sharedSlotOf(la.addr);
    if (slot >= owners_.size())
      continue; // a window no block of this launch has
    Owner &o = owners_[slot];
    if (o.info == nullptr || o.info->cluster != a.block->cluster)
      continue; // not a peer's: another block's window, an invalid access
    PeerAccess p;
    p.pc = a.pc;
    p.site = a.site;
    p.addr = la.addr;
    p.kind = a.kind;
    p.block = a.block->index;
    p.thread = model::delinearize(a.warp * ws + la.lane, a.block->launch->block);
    if (o.ended) {
      report(o, p, true);
      continue;
    }
    const std::pair<std::uint64_t, std::uint32_t> who{a.block->linear, a.warp * ws + la.lane};
    o.peers[who] = p;
    unarrived_[who].insert(slot);
  }
}

void ClusterChecker::onClusterBarrier(const ClusterBarrierEvent &e) {
  using Op = ClusterBarrierEvent::Op;
  const std::uint32_t tid = e.warp * e.block->launch->warp_size + e.lane;
  if (e.rule != model::ClusterBarrierRule::Ok) {
    if (!table_.firstTime({"cluster-barrier", static_cast<int>(e.rule), e.pc, 0}))
      return;
    Finding f;
    f.kind = "cluster-barrier";
    f.message =
        std::string(e.op == Op::Arrive ? "barrier.cluster.arrive" : "barrier.cluster.wait") +
        " (phase " + std::to_string(e.phase) + " of the cluster barrier of cluster " +
        std::to_string(e.cluster) + "): " + model::clusterBarrierRuleText(e.rule);
    FindingSite s = threadSite(*e.block, tid, e.pc, e.site, "access");
    s.detail = e.op == Op::Arrive ? "barrier.cluster.arrive" : "barrier.cluster.wait";
    f.sites.push_back(std::move(s));
    f.kernel = e.block->launch->site->kernel_name;
    f.launch = e.block->launch->id;
    cx_.findings().add(f);
    return;
  }
  if (e.op == Op::Arrive) {
    // A relaxed arrive orders no memory (the race detector ignores it), but
    // the phase it arrives at still cannot complete before the thread got
    // there: enough to keep the owner alive past the access (CUTLASS ends
    // its cluster kernels with arrive.relaxed + wait for this).
    if (unarrived_.empty())
      return;
    arrived({e.block->linear, tid}, e.phase, 0, ~0u);
  } else if (e.op == Op::Wait) {
    Owner &o = owners_[cx_.memory().sharedSlotOf(e.block->smem_base)];
    o.observed = std::max(o.observed, e.phase + 1);
  }
}

void ClusterChecker::arrived(std::pair<std::uint64_t, std::uint32_t> who, std::uint64_t phase,
                             std::uintptr_t mbar, std::uint32_t onlySlot) {
  auto it = unarrived_.find(who);
  if (it == unarrived_.end())
    return;
  for (auto s = it->second.begin(); s != it->second.end();) {
    if (onlySlot != ~0u && *s != onlySlot) {
      ++s;
      continue;
    }
    auto p = owners_[*s].peers.find(who);
    if (p != owners_[*s].peers.end() && !p->second.arrived) {
      p->second.arrived = true;
      p->second.phase = phase;
      p->second.mbar = mbar;
    }
    s = it->second.erase(s);
  }
  if (it->second.empty())
    unarrived_.erase(it);
}

void ClusterChecker::onMBarrier(const MBarrierEvent &e) {
  if (e.rule != model::MBarrierRule::Ok && e.rule != model::MBarrierRule::PhaseNotObserved)
    return;
  const BlockInfo &owner = e.owner != nullptr ? *e.owner : *e.block;
  const std::uint32_t slot = cx_.memory().sharedSlotOf(owner.smem_base);
  if (model::isMBarrierArrive(e.op)) {
    if (!unarrived_.empty())
      arrived({e.block->linear, e.warp * e.block->launch->warp_size + e.lane}, e.phase, e.addr,
              slot);
  } else if (model::isMBarrierWait(e.op) && e.completed) {
    std::uint64_t &seen = owners_[slot].mbarObserved[e.addr];
    seen = std::max(seen, e.phase + 1);
  }
}

void ClusterChecker::onBlockEnd(const BlockInfo &b) {
  Owner &o = owners_[cx_.memory().sharedSlotOf(b.smem_base)];
  o.ended = true;
  for (const auto &[who, p] : o.peers) {
    const std::uint64_t seen = p.mbar == 0                    ? o.observed
                               : o.mbarObserved.count(p.mbar) ? o.mbarObserved.at(p.mbar)
                                                              : 0;
    if (!p.arrived || p.phase >= seen)
      report(o, p, false);
  }
  o.peers.clear();
}

void ClusterChecker::report(const Owner &owner, const PeerAccess &a, bool afterExit) {
  auto [index, fresh] = table_.find({"dsmem-lifetime", afterExit ? 1 : 0, a.pc, 0});
  if (!fresh)
    return;
  Finding &f = table_.at(index).finding;
  const BlockInfo &b = *owner.info;
  f.kind = "dsmem-lifetime";
  f.space = "shared";
  f.address = a.addr;
  f.object = describeAddress(cx_, owner.info, a.addr, MemorySpace::Shared);
  const std::string what = a.kind == AccessKind::Load    ? "read"
                           : a.kind == AccessKind::Store ? "write"
                                                         : "atomic";
  const std::string block = "block (" + std::to_string(b.index.x) + "," +
                            std::to_string(b.index.y) + "," + std::to_string(b.index.z) +
                            ") (cluster rank " + std::to_string(b.cluster_rank) + ")";
  f.message =
      afterExit
          ? "distributed shared memory " + what + " of " + f.object + " after " + block +
                " exited: a block's shared memory goes with it (CUDA Programming Guide, "
                "distributed shared memory)"
          : "distributed shared memory " + what + " of " + f.object + " is not ordered before " +
                block +
                " exits: its peers must be done with its shared memory first (an arrive on the "
                "cluster barrier after the access and a wait of the owner for that "
                "phase, e.g. cluster.sync() before the block exits)";
  FindingSite s;
  s.role = "access";
  s.detail = what;
  s.pc = a.pc;
  s.site = a.site;
  s.has_thread = true;
  s.block = a.block;
  s.thread = a.thread;
  f.sites.push_back(std::move(s));
}

} // namespace warpsim::sim
