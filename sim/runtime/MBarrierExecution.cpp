// mbarrier objects as a block executes them (mbarrier.init / arrive /
// expect_tx / complete_tx / test_wait / try_wait, also a cluster peer's):
// the state machine is model/MBarrier.h, the objects live in the owner's
// SyncTable; arrivals and tx-counts made on a thread's behalf by its copies
// in flight come from the AsyncCopyQueue.
#include <algorithm>

#include "BlockExecutor.h"
#include "GridRunner.h"
#include "PtxMemory.h"
#include "Runtime.h"
#include "SiteTable.h"

namespace warpsim::sim {

std::uint64_t BlockExecutor::mbarrier(Lane *l, model::MBarrierOp op, std::uintptr_t addr,
                                      std::uint32_t count, std::uint32_t tx, std::uint64_t phase,
                                      std::uintptr_t pc, std::uint8_t flags) {
  PendingEvent &e = event(l, EventKind::MBarrier, pc);
  e.mrelaxed = (flags & kMBarrierRelaxed) != 0;
  e.mcluster = (flags & kMBarrierCluster) != 0;
  e.mop = op;
  e.addr = addr;
  e.size = 8;
  e.mcount = count;
  e.mtx = tx;
  e.mphase = phase;
  PtxMemory *m = rt_.ptx;
  if (m == nullptr)
    return stop(l);
  // --memory-model ptx: arrivals release, waits acquire (every operation
  // does both: over-synchronising is sound).
  const std::uint64_t key = PtxMemory::key(2, addr);
  m->arrive(*l, key, e.mcluster ? Scope::Cluster : Scope::Block);
  const std::uint64_t r = stop(l);
  m->depart(*l, key);
  return r;
}

MBarrierEvent BlockExecutor::mbarrierEvent(const Lane &l, model::MBarrierRule rule, bool completed,
                                           std::uint64_t phase, const model::MBarrier *mb) const {
  MBarrierEvent e{&info,       l.warp->index, l.lane, l.ev.pc, l.ev.addr, l.ev.mop,
                  l.ev.mcount, l.ev.mtx,      phase,  rule,    completed};
  if (mb != nullptr) {
    e.pending = mb->pending();
    e.expected = mb->expected();
    e.tx_count = mb->tx();
  }
  e.relaxed = l.ev.mrelaxed;
  e.cluster_scope = l.ev.mcluster;
  e.site = l.ev.site;
  return e;
}

void BlockExecutor::executeMBarrier(Lane &l) {
  using model::MBarrierOp;
  using model::MBarrierRule;
  const PendingEvent &e = l.ev;
  l.state = LaneState::Ready;
  l.result = 0;
  MBarrierRule rule = MBarrierRule::Ok;
  // A peer CTA's mbarrier (an arrival through a shared::cluster address):
  // the operation happens in the owner's sync table and releases its waiters.
  BlockExecutor *owner = this;
  if (e.addr - info.smem_base >= MemoryMap::kSharedWindow && rt_.memory.inSharedRegion(e.addr) &&
      !model::isMBarrierWait(e.mop) && e.mop != MBarrierOp::Init && e.mop != MBarrierOp::Inval)
    if (BlockExecutor *peer = grid_.peerInSlot(*this, rt_.memory.sharedSlotOf(e.addr)))
      owner = peer;
  const BlockInfo &oi = owner->info;
  if (e.addr - oi.smem_base >= oi.smem_size || oi.smem_size - (e.addr - oi.smem_base) < 8)
    rule = MBarrierRule::NotShared;
  else if ((e.addr & 7) != 0)
    rule = MBarrierRule::Misaligned;
  if (rule != MBarrierRule::Ok) {
    const MBarrierEvent ev = mbarrierEvent(l, rule, false, 0, nullptr);
    for (Observer *o : rt_.observers)
      o->onMBarrier(ev);
    return;
  }
  model::MBarrier &mb = owner->sync_.mbarriers[e.addr];
  bool completed = false;
  std::uint64_t phase = mb.phase();
  switch (e.mop) {
  case MBarrierOp::Init:
    rule = mb.init(e.mcount);
    break;
  case MBarrierOp::Inval:
    rule = mb.inval();
    break;
  case MBarrierOp::ArriveExpectTx:
    rule = mb.expectTx(e.mtx);
    if (rule != MBarrierRule::Ok)
      break;
    [[fallthrough]];
  case MBarrierOp::Arrive:
  case MBarrierOp::ArriveNoComplete:
  case MBarrierOp::ArriveDrop: {
    const model::MBarrier::Arrival a =
        mb.arrive(e.mcount, e.mop == MBarrierOp::ArriveDrop, e.mop == MBarrierOp::ArriveNoComplete);
    rule = a.rule;
    completed = a.completed;
    phase = a.phase;
    l.result = a.phase; // the state token
    break;
  }
  case MBarrierOp::ExpectTx:
    rule = mb.expectTx(e.mtx);
    break;
  case MBarrierOp::CompleteTx: {
    const model::MBarrier::Arrival a = mb.completeTx(e.mtx);
    rule = a.rule;
    completed = a.completed;
    break;
  }
  case MBarrierOp::TestWait:
  case MBarrierOp::TryWait:
  case MBarrierOp::TestWaitParity:
  case MBarrierOp::TryWaitParity: {
    const bool parity = e.mop == MBarrierOp::TestWaitParity || e.mop == MBarrierOp::TryWaitParity;
    // Someone waits: copies that only owe their arrive-ons land now (the
    // latest they can).
    if (clusterCopiesInFlight())
      copies_.landForMBarrier(e.addr);
    const model::MBarrier::Wait w =
        parity ? mb.testWaitParity(static_cast<unsigned>(e.mphase)) : mb.testWait(e.mphase);
    rule = w.rule;
    completed = w.complete;
    // The phase waited for: the current one (incomplete) or the one before.
    phase = parity ? (w.complete ? mb.phase() - 1 : mb.phase()) : e.mphase;
    l.result = w.complete ? 1 : 0;
    if (rule == MBarrierRule::Ok && !w.complete &&
        (e.mop == MBarrierOp::TryWait || e.mop == MBarrierOp::TryWaitParity)) {
      l.ev.mphase = phase; // released when this phase completes
      l.wait(SyncObjectRef{SyncObjectKind::MBarrier, e.addr});
      return;
    }
    break;
  }
  }
  MBarrierEvent ev = mbarrierEvent(l, rule, completed, phase, &mb);
  if (owner != this) {
    ev.owner = &owner->info;
    ev.cluster_scope = true;
  }
  for (Observer *o : rt_.observers)
    o->onMBarrier(ev);
  if (completed && !model::isMBarrierWait(e.mop)) {
    progress();
    owner->releaseMBarrierWaiters(e.addr, mb);
  } else if (clusterCopiesInFlight()) {
    // Only async copies' arrive-ons missing, and a thread (of the owner)
    // already waits?
    const SyncObjectRef object{SyncObjectKind::MBarrier, e.addr};
    if (std::any_of(owner->lanes.begin(), owner->lanes.end(), [&](const Lane &w) {
          return w.state == LaneState::Waiting && w.waitOn == object;
        }))
      owner->copies_.landForMBarrier(e.addr);
  }
}

void BlockExecutor::releaseMBarrierWaiters(std::uintptr_t addr, model::MBarrier &mb) {
  const SyncObjectRef object{SyncObjectKind::MBarrier, addr};
  for (Lane &w : lanes) {
    if (w.state != LaneState::Waiting || !(w.waitOn == object) || w.ev.mphase >= mb.phase())
      continue;
    const model::MBarrier::Wait r = mb.testWait(w.ev.mphase); // observes the phase
    w.state = LaneState::Ready;
    w.result = 1;
    const MBarrierEvent ev = mbarrierEvent(w, r.rule, true, w.ev.mphase, &mb);
    for (Observer *o : rt_.observers)
      o->onMBarrier(ev);
  }
}

void BlockExecutor::mbarrierOnBehalf(std::uint32_t thread, std::uintptr_t mbar, std::uintptr_t pc,
                                     std::uint32_t site, model::MBarrierOp op, std::uint32_t count,
                                     std::uint32_t tx) {
  const Lane &l = lanes[thread];
  // A copy into a cluster peer's shared memory completes the peer's
  // mbarrier (multicast, or a shared::cluster destination).
  BlockExecutor *owner = sharedOwner(mbar);
  if (owner == nullptr)
    owner = this;
  model::MBarrier *mb = nullptr;
  if (auto it = owner->sync_.mbarriers.find(mbar); it != owner->sync_.mbarriers.end())
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
  if (owner != this) {
    e.owner = &owner->info;
    e.cluster_scope = true;
  }
  for (Observer *o : rt_.observers)
    o->onMBarrier(e);
  if (r.completed) {
    progress();
    owner->releaseMBarrierWaiters(mbar, *mb);
  }
}

} // namespace warpsim::sim
