// CTA barriers as a block executes them (__syncthreads, its reducing forms,
// bar.sync / bar.arrive / bar.red with ids and counts) and its part in a
// cooperative launch's grid barrier: lanes arrive and wait on the barrier's
// SyncTable object (model/BlockBarrier.h), the last arrival releases them.
#include "BlockExecutor.h"
#include "GridRunner.h"
#include "PtxMemory.h"
#include "Runtime.h"
#include "SiteTable.h"
#include "warpsim/model/MemoryOrdering.h"

namespace warpsim::sim {

BarrierEvent BlockExecutor::barrierEvent(std::uint32_t warp, std::uint64_t mask, std::uintptr_t pc,
                                         BarrierKind kind, std::uint32_t id,
                                         std::uint64_t phase) const {
  return BarrierEvent{&info,
                      warp,
                      mask,
                      pc,
                      kind,
                      phase,
                      SyncObjectRef{SyncObjectKind::Barrier, id},
                      sync_.barrier(id).expected()};
}

BarrierEvent BlockExecutor::arrivalEvent(const Lane &lead, std::uint64_t mask) const {
  const PendingEvent &ev = lead.ev;
  const model::BlockBarrier &b = sync_.barrier(ev.barrier_id);
  BarrierEvent e =
      barrierEvent(lead.warp->index, mask, ev.pc, ev.barrier, ev.barrier_id, b.phase());
  e.site = ev.site;
  e.count = ev.barrier_count;
  e.flavor = ev.flavor;
  e.rule = b.check(ev.barrier_count, info.launch->warp_size, ev.flavor);
  if (ev.barrier_count != 0 && e.rule != model::BarrierRule::CountMismatch)
    e.expected = ev.barrier_count;
  return e;
}

std::uint64_t BlockExecutor::barrier(Lane *l, BarrierKind kind, bool predicate, std::uintptr_t pc) {
  return ctaBarrier(l, kind,
                    kind == BarrierKind::Block ? model::BlockBarrier::Flavor::Sync
                                               : model::BlockBarrier::Flavor::Red,
                    0, 0, predicate, pc);
}

std::uint64_t BlockExecutor::ctaBarrier(Lane *l, BarrierKind kind,
                                        model::BlockBarrier::Flavor flavor, std::uint32_t id,
                                        std::uint32_t count, bool predicate, std::uintptr_t pc) {
  if (id >= model::kNamedBarriers) {
    Finding f;
    f.kind = "named-barrier";
    f.message = "barrier id " + std::to_string(id) +
                " is out of range: a CTA has 16 barriers, 0..15 (PTX bar/barrier)";
    f.sites.push_back(siteOf(l, pc, currentSiteId(), "waits"));
    abortLaunch(l, cudaErrorIllegalInstruction, std::move(f));
  }
  PendingEvent &e = event(l, EventKind::Barrier, pc);
  e.barrier = kind;
  e.predicate = predicate;
  e.barrier_id = id;
  e.barrier_count = count;
  e.flavor = flavor;
  PtxMemory *m = rt_.ptx;
  if (m == nullptr)
    return stop(l);
  // --memory-model ptx: a CTA barrier orders its threads' accesses.
  const std::uint64_t key = PtxMemory::key(1, info.linear, id);
  m->arrive(*l, key, Scope::Block);
  const std::uint64_t r = stop(l);
  if (flavor != model::BlockBarrier::Flavor::Arrive)
    m->depart(*l, key);
  return r;
}

void BlockExecutor::issueBarrier(Warp &w, std::uint64_t group) {
  Lane *lanes = lanesOf(w);
  // Lanes of one call site may name different barriers (an id in a
  // register): one arrival per barrier.
  while (group != 0) {
    const Lane &lead = lanes[__builtin_ctzll(group)];
    std::uint64_t same = 0;
    for (std::uint64_t m = group; m != 0; m &= m - 1)
      if (lanes[__builtin_ctzll(m)].ev.barrier_id == lead.ev.barrier_id)
        same |= std::uint64_t{1} << __builtin_ctzll(m);
    group &= ~same;
    const BarrierEvent e = arrivalEvent(lead, same);
    for (Observer *o : rt_.observers)
      o->onBarrierArrive(e);
    for (std::uint64_t m = same; m != 0; m &= m - 1)
      arriveAtBarrier(&lanes[__builtin_ctzll(m)], (m & (m - 1)) == 0);
  }
}

void BlockExecutor::arriveAtBarrier(Lane *l, bool lastOfGroup) {
  ++stats_.barrier_arrivals;
  const std::uint32_t id = l->ev.barrier_id;
  if (l->ev.flavor == model::BlockBarrier::Flavor::Arrive) {
    l->state = LaneState::Ready; // bar.arrive does not wait
    l->result = 0;
  } else {
    l->wait(SyncObjectRef{SyncObjectKind::Barrier, id});
  }
  // A counted barrier takes a warp instruction's lanes as one arrival.
  if (sync_.barrier(id)
          .arrive(l->ev.predicate, l->ev.barrier_count, l->warp->index, info.launch->warp_size,
                  info.launch->warp_size - l->warp->live, l->ev.flavor, !lastOfGroup)
          .completed)
    completeBarrier(id);
}

void BlockExecutor::completeBarrier(std::uint32_t id) {
  const model::BlockBarrier &b = sync_.barrier(id);
  const std::uint32_t count = b.lastCount();
  const std::uint32_t arrived = b.lastArrived();
  const SyncObjectRef object{SyncObjectKind::Barrier, id};
  for (Lane &l : lanes) {
    if (l.state != LaneState::Waiting || !(l.waitOn == object))
      continue;
    l.result = model::barrierResult(l.ev.barrier, count, arrived);
    l.state = LaneState::Ready;
  }
  progress();
  const BarrierEvent e = barrierEvent(0, 0, 0, BarrierKind::Block, id, b.phase() - 1);
  for (Observer *o : rt_.observers)
    o->onBarrierComplete(e);
}

void BlockExecutor::gridSync(Lane *l, std::uintptr_t pc) {
  if (!info.launch->cooperative) {
    Finding f;
    f.kind = "grid-sync";
    f.message = "grid.sync() in a launch that is not cooperative: a grid barrier exists only "
                "for a kernel launched with cudaLaunchCooperativeKernel (the GPU ends the launch: "
                "cudaErrorLaunchFailure)";
    f.sites.push_back(siteOf(l, pc, currentSiteId(), "grid.sync()"));
    abortLaunch(l, cudaErrorLaunchFailure, std::move(f));
  }
  event(l, EventKind::GridSync, pc);
  PtxMemory *m = rt_.ptx;
  const std::uint64_t key = PtxMemory::key(4, info.launch->id);
  if (m != nullptr)
    m->arrive(*l, key, Scope::Device);
  stop(l);
  if (m != nullptr)
    m->depart(*l, key);
}

void BlockExecutor::releaseGridSync() {
  const SyncObjectRef object{SyncObjectKind::GridBarrier, 0};
  for (Lane &l : lanes)
    if (l.state == LaneState::Waiting && l.waitOn == object)
      l.state = LaneState::Ready;
}

void BlockExecutor::arriveAtGridSync(Lane &l) {
  ++stats_.barrier_arrivals;
  l.wait(SyncObjectRef{SyncObjectKind::GridBarrier, 0});
  grid_.gridArrived(1);
}

} // namespace warpsim::sim
