// The blocks of a direct launch on several host threads (--jobs). The direct
// path's result does not depend on the order its threads run in (that is
// what the conflict watch guards), so blocks need no rounds or ownership:
// each host worker takes the next block not yet run, in its own resident
// slot (its shared window, its executor and the watch's cursor), runs it to
// its end and takes another. The watch is then updated concurrently
// (LaneConflictWatch: one atomic word per 4 bytes); anything that sends the
// launch back to fibers stops every worker at its next block, and the
// launch is undone as on one thread.
//
// The launch's first block runs alone first (unless the front end found no
// static __shared__ variable in the kernel): it lays out the __shared__
// variables it uses (in first-use order, as on one thread). A variable only
// later blocks use would change the layout while others run: such a launch
// goes back to fibers (BlockExecutor::placeSharedFirst). No observer hears
// the blocks (every one that listens to a direct launch may be silent on
// it); checkers' screens keep what each slot's blocks wrote apart
// (ParallelSlot.h).
#include "GridRunner.h"
#include "HostStacks.h"
#include "ParallelSlot.h"
#include "Runtime.h"

namespace warpsim::sim {

bool GridRunner::directParallelEligible(std::uint64_t total) const {
  if (total < 3 || clusterSize_ != 1 || rt_.options.jobs == 1 || rt_.ptx != nullptr)
    return false;
  for (const Observer *o : directListeners_)
    if (!o->silentOnDirect())
      return false;
  return const_cast<GridRunner *>(this)->hostWorkers().size() >= 2;
}

void GridRunner::retireDirect(BlockExecutor &b, EngineStats &to) {
  b.releaseStacks();
  ++to.blocks;
  to.threads += b.lanes.size();
  to += b.stats();
  if (ProgressBoard *p = rt_.progress)
    p->blocks_done.fetch_add(1, std::memory_order_relaxed);
}

void GridRunner::runDirectBlocks(std::uint64_t total) {
  // The first block alone, as runBlocks would admit and retire it, unless
  // the front end found no static __shared__ variable in the kernel.
  std::uint64_t first = 0;
  if (launch_->site->static_smem != 0) {
    admitCluster(0, 0);
    for (BlockExecutor *b : resident_)
      retire(*b);
    resident_.clear();
    if (aborted_)
      return;
    first = 1;
  }
  HostWorkers &pool = hostWorkers();
  const auto n = static_cast<unsigned>(std::min<std::uint64_t>(
      {std::uint64_t{pool.size()}, total - first, std::uint64_t{slots_.size()},
       std::uint64_t{clusters_.size()}}));
  for (unsigned w = 0; w < n; ++w) {
    if (!slots_[w])
      slots_[w] = std::make_unique<BlockExecutor>(*this);
    spareStacks(w); // made here: workers only use their own
  }
  std::atomic<std::uint64_t> next{first};
  std::vector<EngineStats> counts(n);
  const std::uint32_t threads = static_cast<std::uint32_t>(launch_->block.volume());
  layoutFixed_ = true;
  pool.forEach([&](unsigned w) {
    if (w >= n)
      return;
    BlockExecutor &b = *slots_[w];
    Cluster &c = clusters_[w];
    const ParallelSlotScope scope(checked_ ? static_cast<int>(w) : -1);
    while (!aborted_ && !timeoutPending()) {
      const std::uint64_t linear = next.fetch_add(1, std::memory_order_relaxed);
      if (linear >= total)
        break;
      c.linear = linear;
      c.firstSlot = w;
      c.blocks.assign(1, &b);
      c.ended.assign(1, false);
      c.live = 1;
      c.barrier.reset(threads);
      b.cluster = &c;
      b.info.cluster = linear;
      b.info.cluster_rank = 0;
      b.admit(linear, w);
      b.useSpareStacks(spareStacks_[w]);
      b.round().phase = RoundState::Phase::Direct;
      b.runLanesToEnd();
      retireDirect(b, counts[w]);
    }
  });
  layoutFixed_ = false;
  for (const EngineStats &s : counts) {
    totals_.blocks += s.blocks;
    totals_.threads += s.threads;
    totals_ += s;
  }
}

void GridRunner::undoDirect() {
  for (std::unique_ptr<BlockExecutor> &b : slots_)
    if (b)
      LaneConflictWatch::rollback(b->watchCursor());
  returnSpareStacks();
}

void GridRunner::returnSpareStacks() {
  for (std::vector<std::uint32_t> &spares : spareStacks_) {
    for (std::uint32_t s : spares)
      rt_.stacks.release(s);
    spares.clear();
  }
}

} // namespace warpsim::sim
