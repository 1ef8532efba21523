// A block's part in its thread block cluster: the cluster barrier
// (barrier.cluster.arrive / wait, split-phase, shared by the cluster's
// blocks) and distributed shared memory addressing (mapa: a peer block's
// shared window).
#include <string>

#include "BlockExecutor.h"
#include "GridRunner.h"
#include "MemoryMap.h"
#include "Runtime.h"

namespace warpsim::sim {

namespace {
std::uint32_t clusterThread(const BlockExecutor &b, const Lane &l) {
  return b.info.cluster_rank * static_cast<std::uint32_t>(b.lanes.size()) + l.tid;
}
} // namespace

void BlockExecutor::clusterBarrier(Lane *l, bool wait, bool relaxed, std::uintptr_t pc) {
  PendingEvent &e = event(l, EventKind::ClusterBarrier, pc);
  e.flavor = wait ? model::BlockBarrier::Flavor::Sync : model::BlockBarrier::Flavor::Arrive;
  e.predicate = relaxed;
  PtxMemory *m = rt_.ptx;
  const std::uint64_t key = PtxMemory::key(5, info.cluster, info.launch->id);
  if (m != nullptr && !wait && !relaxed)
    m->arrive(*l, key, Scope::Cluster); // barrier.cluster.arrive releases
  stop(l);
  if (m != nullptr && wait)
    m->depart(*l, key); // barrier.cluster.wait acquires
}

void BlockExecutor::executeClusterBarrier(Lane &l) {
  using Op = ClusterBarrierEvent::Op;
  ++stats_.barrier_arrivals;
  model::ClusterBarrier &cb = cluster->barrier;
  ClusterBarrierEvent ev{Op::Arrive, &info, l.warp->index, l.lane, l.ev.pc, info.cluster, 0};
  ev.site = l.ev.site;
  const std::uint32_t t = clusterThread(*this, l);
  if (l.ev.flavor == model::BlockBarrier::Flavor::Arrive) {
    const model::ClusterBarrier::Result r = cb.arrive(t);
    ev.phase = r.phase;
    ev.relaxed = l.ev.predicate;
    ev.rule = r.rule;
    for (Observer *o : rt_.observers)
      o->onClusterBarrier(ev);
    l.state = LaneState::Ready;
    if (r.completed)
      clusterPhaseCompleted(r.phase);
    return;
  }
  const model::ClusterBarrier::Result r = cb.wait(t);
  ev.op = Op::Wait;
  ev.phase = r.phase;
  ev.rule = r.rule;
  if (r.ready) {
    for (Observer *o : rt_.observers)
      o->onClusterBarrier(ev);
    l.state = LaneState::Ready;
    return;
  }
  l.wait(SyncObjectRef{SyncObjectKind::ClusterBarrier, r.phase});
}

void BlockExecutor::clusterPhaseCompleted(std::uint64_t phase) {
  using Op = ClusterBarrierEvent::Op;
  progress();
  const ClusterBarrierEvent done{Op::Complete, &info, 0, 0, 0, info.cluster, phase};
  for (Observer *o : rt_.observers)
    o->onClusterBarrier(done);
  // Waiters of every block of the cluster resume, in rank and thread order.
  for (std::uint32_t rank = 0; rank < cluster->blocks.size(); ++rank) {
    BlockExecutor &b = *cluster->blocks[rank];
    if (cluster->ended[rank] || b.done())
      continue;
    for (Lane &l : b.lanes) {
      if (!l.waitsOn(SyncObjectKind::ClusterBarrier))
        continue;
      const model::ClusterBarrier::Result r = cluster->barrier.wait(clusterThread(b, l));
      if (!r.ready)
        continue;
      ClusterBarrierEvent ev{Op::Wait, &b.info,        l.warp->index, l.lane,
                             l.ev.pc,  b.info.cluster, r.phase};
      ev.site = l.ev.site;
      for (Observer *o : rt_.observers)
        o->onClusterBarrier(ev);
      l.state = LaneState::Ready;
    }
  }
}

void BlockExecutor::clusterThreadExited(Lane &l) {
  const model::ClusterBarrier::Result r = cluster->barrier.exited(clusterThread(*this, l));
  if (r.completed)
    clusterPhaseCompleted(r.phase);
}

std::string BlockExecutor::clusterWaitText(const Lane &l) const {
  const model::ClusterBarrier &cb = cluster->barrier;
  return "waiting at barrier.cluster.wait for phase " + std::to_string(l.waitOn.id) +
         " of the cluster barrier (cluster " + std::to_string(info.cluster) + ", " +
         std::to_string(cluster->blocks.size()) + " blocks: " + std::to_string(cb.arrived()) +
         " of " + std::to_string(cb.expected()) + " running threads arrived)";
}

std::uintptr_t BlockExecutor::mapShared(Lane *l, std::uintptr_t addr, std::uint32_t rank,
                                        std::uintptr_t pc) {
  const MemoryMap &mem = rt_.memory;
  const BlockExecutor *owner =
      mem.inSharedRegion(addr) ? grid_.peerInSlot(*this, mem.sharedSlotOf(addr)) : nullptr;
  if (owner == nullptr || rank >= cluster->blocks.size()) {
    Finding f;
    f.kind = "invalid-address";
    f.space = "shared";
    f.address = addr;
    f.message = owner == nullptr
                    ? "map_shared_rank / mapa of an address that is not in the shared memory "
                      "of a block of this cluster"
                    : "map_shared_rank / mapa to rank " + std::to_string(rank) +
                          ": the cluster has " + std::to_string(cluster->blocks.size()) + " blocks";
    f.sites.push_back(siteOf(l, pc, currentSiteId(), "mapa"));
    abortLaunch(l, cudaErrorIllegalAddress, std::move(f));
  }
  return cluster->blocks[rank]->info.smem_base + (addr - owner->info.smem_base);
}

std::uint32_t BlockExecutor::sharedRank(Lane *l, std::uintptr_t addr, std::uintptr_t pc) {
  const MemoryMap &mem = rt_.memory;
  const BlockExecutor *owner =
      mem.inSharedRegion(addr) ? grid_.peerInSlot(*this, mem.sharedSlotOf(addr)) : nullptr;
  if (owner == nullptr) {
    Finding f;
    f.kind = "invalid-address";
    f.space = "shared";
    f.address = addr;
    f.message = "query_shared_rank / getctarank of an address that is not in the shared memory "
                "of a block of this cluster";
    f.sites.push_back(siteOf(l, pc, currentSiteId(), "getctarank"));
    abortLaunch(l, cudaErrorIllegalAddress, std::move(f));
  }
  return owner->info.cluster_rank;
}

BlockExecutor *BlockExecutor::sharedOwner(std::uintptr_t addr) {
  if (addr - info.smem_base < MemoryMap::kSharedWindow)
    return this;
  const MemoryMap &mem = rt_.memory;
  return mem.inSharedRegion(addr) ? grid_.peerInSlot(*this, mem.sharedSlotOf(addr)) : nullptr;
}

bool BlockExecutor::clusterCopiesInFlight() {
  if (!copies_.idle())
    return true;
  if (cluster == nullptr)
    return false;
  for (std::uint32_t r = 0; r < cluster->blocks.size(); ++r)
    if (!cluster->ended[r] && cluster->blocks[r] != nullptr && !cluster->blocks[r]->copies_.idle())
      return true;
  return false;
}

} // namespace warpsim::sim
