#include "GridRunner.h"

#include <algorithm>
#include <chrono>
#include <cstdio>

#include "HostStacks.h"
#include "Runtime.h"
#include "SiteTable.h"
#include "warpsim/model/Dim3.h"

namespace warpsim::sim {

GridRunner::GridRunner(Runtime &rt) : rt_(rt) {}
GridRunner::~GridRunner() = default;

cudaError_t GridRunner::run(LaunchInfo &launch, void (*entry)(void *), void *closure) {
  const auto started = std::chrono::steady_clock::now();
  if (!schedule_)
    schedule_ = makeWarpSchedule(rt_.options.schedule);
  launch_ = &launch;
  entry_ = entry;
  closure_ = closure;
  aborted_ = false;
  abortError_ = cudaSuccess;
  sinceProgress_ = sinceChange_ = 0;
  gridArrived_ = blocksEnded_ = gridSyncs_ = 0;
  gridLive_ = launch.cooperative ? launch.grid.volume() * launch.block.volume() : 0;
  beginLayout(launch);
  schedule_->beginLaunch(rt_.options, launch.id);
  ++totals_.launches;
  if (PtxMemory *m = rt_.ptx) {
    // The model needs every load's value to pass through the runtime.
    if (staticSiteCount() == 0) {
      std::fflush(stdout);
      std::fprintf(stderr, "warpsim: error: memory_model=ptx: the program was not compiled with "
                           "the value-carrying instrumentation (warpsim selects it for "
                           "--memory-model ptx)\n");
      std::_Exit(2);
    }
    m->launchBoundary(launch.id);
  }

  // Blocks are admitted by cluster (a launch without clusters: clusters of
  // one block), all of a cluster's blocks at once into consecutive slots.
  shape_ = model::ClusterShape{launch.grid, launch.cluster};
  clusterSize_ = static_cast<std::uint32_t>(launch.cluster.volume());
  const std::uint64_t total = launch.grid.volume() / clusterSize_;
  // A cooperative launch has every block resident (HostApi refused one
  // larger than the GPU holds, and the slots hold that many).
  const std::uint32_t maxResident =
      launch.cooperative ? static_cast<std::uint32_t>(total)
                         : std::max<std::uint32_t>(1, rt_.options.resident_blocks / clusterSize_);
  launch.slots = std::max(rt_.options.resident_blocks, maxResident * clusterSize_);
  if (slots_.size() < std::size_t{maxResident} * clusterSize_)
    slots_.resize(std::size_t{maxResident} * clusterSize_);
  if (clusters_.size() < maxResident)
    clusters_.resize(maxResident);
  resident_.clear();

  slotSpan_ = static_cast<std::uint32_t>(
      std::max<std::uint64_t>(1, std::min<std::uint64_t>(maxResident * clusterSize_, total)));
  parallel_ = parallelEligible(launch);
  {
    bool observed = !rt_.storeObservers.empty() || guard_ != nullptr;
    bool silent = true; // every checker may be silent on a direct launch
    directListeners_.clear();
    screens_.clear();
    for (Observer *o : rt_.observers) {
      const bool hears = (o->interests() & ~Observer::kWarpOps) == 0;
      observed |= !hears;
      silent &= o->silentOnDirect();
      if (hears)
        directListeners_.push_back(o);
      else if (DirectScreen *s = o->directScreen())
        screens_.push_back(s);
    }
    for (const Observer *o : rt_.storeObservers)
      silent &= o->silentOnDirect();
    EngineDecision d = chooseEngine(rt_, launch, observed, silent);
    // The direct path watches for threads that meet on a word (then the
    // launch runs again on fibers: observers of warp operations, the only
    // ones here, may hear its blocks begin and end twice, Observer.h).
    directParallel_ = false;
    if (d.engine == LaunchEngine::Direct) {
      directParallel_ = directParallelEligible(total);
      watching_ =
          watch_.beginLaunch(launch.grid.volume() * launch.block.volume(),
                             static_cast<std::uint32_t>(launch.block.volume()), directParallel_);
      if (!watching_)
        d = {LaunchEngine::Fibers, "more threads in the grid than the compiled engine's watch "
                                   "numbers (2^30)"};
    }
    engine_ = d.engine;
    segments_ = d.barriers;
    checked_ = engine_ == LaunchEngine::Direct && observed;
    if (checked_)
      for (DirectScreen *s : screens_)
        s->beginDirectLaunch();
    if (directParallel_)
      d.reason += "; its blocks on " + std::to_string(hostWorkers().size()) + " host threads";
    noteEngine(rt_, launch, d);
    if (engine_ == LaunchEngine::Direct)
      parallel_ = false; // every block runs to its end when admitted
  }
  if (parallel_)
    owners_.beginLaunch();
  for (Observer *o : rt_.observers)
    o->onLaunchBegin(launch);
  if (ProgressBoard *p = rt_.progress) {
    p->blocks_done.store(0, std::memory_order_relaxed);
    p->blocks_total.store(total, std::memory_order_relaxed);
    std::snprintf(p->kernel, sizeof p->kernel, "%s", launch.site->kernel_name);
    p->launches.fetch_add(1, std::memory_order_relaxed);
  }

  const EngineStats before = totals_;
  if (directParallel_)
    runDirectBlocks(total);
  else
    runBlocks(total, maxResident);
  if (restart_) {
    rerunOnFibers(launch, before, total, maxResident);
  } else if (watching_) {
    for (std::unique_ptr<BlockExecutor> &b : slots_)
      if (b)
        LaneConflictWatch::endLaunch(b->watchCursor());
    returnSpareStacks();
    if (checked_)
      for (DirectScreen *s : screens_)
        s->endDirectLaunch(true);
  }
  watching_ = checked_ = directParallel_ = false;
  if (timeoutPending())
    reportTimeout();

  if (aborted_) {
    // Abandon every lane still resident: their stacks are reused without
    // unwinding (kernel code owns no host resources).
    for (BlockExecutor *b : resident_)
      retire(*b);
    resident_.clear();
  }
  for (Observer *o : rt_.observers)
    o->onLaunchEnd(launch);
  if (PtxMemory *m = rt_.ptx)
    m->launchBoundary(launch.id); // memory holds the latest values: host code reads them
  launch_ = nullptr;
  parallel_ = false;
  engine_ = LaunchEngine::Fibers;
  segments_ = false;
  releaseExtraSlots();
  if (ProgressBoard *p = rt_.progress)
    p->blocks_total.store(0, std::memory_order_relaxed);
  totals_.kernel_ns +=
      static_cast<std::uint64_t>(std::chrono::duration_cast<std::chrono::nanoseconds>(
                                     std::chrono::steady_clock::now() - started)
                                     .count());
  return aborted_ ? abortError_ : cudaSuccess;
}

const std::vector<Observer *> &GridRunner::listeners() const {
  static const std::vector<Observer *> none;
  if (engine_ != LaunchEngine::Direct)
    return rt_.observers;
  return directParallel_ ? none : directListeners_;
}

void GridRunner::beginLayout(LaunchInfo &launch) {
  layout_.begin(launch.id, launch.dynamic_smem,
                launch.site->static_smem != kUnknownSmem ? launch.site->static_smem
                                                         : rt_.arch.static_shared_per_block,
                MemoryMap::kSharedWindow);
  launch.shared_vars = &layout_.vars();
}

void GridRunner::runBlocks(std::uint64_t total, std::uint32_t maxResident) {
  std::vector<std::uint32_t> freeSlots; // cluster slots
  for (std::uint32_t s = maxResident; s-- > 0;)
    freeSlots.push_back(s);
  // The next clusters waiting for slots, in linear order; the schedule
  // picks which of them is admitted next (lockstep: the first).
  std::vector<std::uint64_t> waiting;
  std::uint64_t next = 0;
  while (true) {
    while (!freeSlots.empty()) {
      while (waiting.size() < maxResident && next < total)
        waiting.push_back(next++);
      if (waiting.empty())
        break;
      const auto k = static_cast<std::ptrdiff_t>(schedule_->pickAdmission(waiting.size()));
      admitCluster(waiting[static_cast<std::size_t>(k)], freeSlots.back());
      waiting.erase(waiting.begin() + k);
      freeSlots.pop_back();
      if (aborted_)
        break; // the compiled engine, direct: a block ended the launch
    }
    if (aborted_)
      break;
    if (resident_.empty())
      break;
    bool anyProgress = false;
    round_.assign(resident_.begin(), resident_.end());
    schedule_->orderBlocks(round_);
    if (parallel_)
      anyProgress = parallelRound();
    else
      for (BlockExecutor *b : round_) {
        warpOrder_.resize(b->warps.size());
        for (std::uint32_t i = 0; i < warpOrder_.size(); ++i)
          warpOrder_[i] = i;
        schedule_->orderWarps(warpOrder_);
        for (std::uint32_t i : warpOrder_) {
          Warp &w = b->warps[i];
          if (w.live == 0)
            continue;
          anyProgress |= schedule_->step(*b, w);
          if (aborted_)
            break;
        }
        if (aborted_)
          break;
      }
    if (aborted_)
      break;
    // Retire finished blocks in admission order, so slots free up
    // deterministically; a cluster's slots free up with its last block.
    for (std::size_t i = 0; i < resident_.size();) {
      if (resident_[i]->done()) {
        BlockExecutor &b = *resident_[i];
        Cluster &c = clusters_[b.slot / clusterSize_];
        retire(b);
        c.ended[b.info.cluster_rank] = true;
        if (--c.live == 0)
          freeSlots.push_back(b.slot / clusterSize_);
        resident_.erase(resident_.begin() + static_cast<std::ptrdiff_t>(i));
        anyProgress = true;
      } else {
        ++i;
      }
    }
    if (!anyProgress)
      reportDeadlock();
    if (timeoutPending())
      reportTimeout();
    // Long blocks: the events of resident ones too, now and then.
    if (ProgressBoard *p = rt_.progress; p != nullptr && (++progressRounds_ & 1023) == 0) {
      const EngineStats s = stats();
      p->events.store(s.accesses + s.barrier_arrivals, std::memory_order_relaxed);
    }
  }
}

void GridRunner::rerunOnFibers(LaunchInfo &launch, const EngineStats &before, std::uint64_t total,
                               std::uint32_t maxResident) {
  for (BlockExecutor *b : resident_)
    retire(*b); // aborted_: no observer hears of it (none watches a direct launch)
  resident_.clear();
  undoDirect();
  if (checked_)
    for (DirectScreen *s : screens_)
      s->endDirectLaunch(false);
  watching_ = checked_ = directParallel_ = false;
  totals_ = before;
  restart_ = aborted_ = false;
  abortError_ = cudaSuccess;
  sinceProgress_ = sinceChange_ = 0;
  gridArrived_ = blocksEnded_ = gridSyncs_ = 0;
  layout_.unplace();
  beginLayout(launch);
  schedule_->beginLaunch(rt_.options, launch.id);
  engine_ = LaunchEngine::Fibers;
  segments_ = false;
  noteEngine(rt_, launch,
             {LaunchEngine::Fibers, std::string(restartWhy_) +
                                        " on the compiled engine: the "
                                        "launch was undone and ran again here"});
  parallel_ = parallelEligible(launch);
  if (parallel_)
    owners_.beginLaunch();
  if (ProgressBoard *p = rt_.progress)
    p->blocks_done.store(0, std::memory_order_relaxed);
  runBlocks(total, maxResident);
}

void GridRunner::admitCluster(std::uint64_t cluster, std::uint32_t clusterSlot) {
  Cluster &c = clusters_[clusterSlot];
  c.linear = cluster;
  c.firstSlot = clusterSlot * clusterSize_;
  c.blocks.assign(clusterSize_, nullptr);
  c.ended.assign(clusterSize_, false);
  c.live = clusterSize_;
  c.barrier.reset(clusterSize_ * static_cast<std::uint32_t>(launch_->block.volume()));
  for (std::uint32_t r = 0; r < clusterSize_; ++r) {
    const std::uint32_t slot = c.firstSlot + r;
    if (!slots_[slot])
      slots_[slot] = std::make_unique<BlockExecutor>(*this);
    BlockExecutor &b = *slots_[slot];
    b.cluster = &c;
    b.info.cluster = cluster;
    b.info.cluster_rank = r;
    b.admit(model::linearize(shape_.blockOf(cluster, r), launch_->grid), slot);
    c.blocks[r] = &b;
    ++totals_.blocks;
    totals_.threads += b.lanes.size();
    resident_.push_back(&b);
  }
  progress();
  for (BlockExecutor *b : c.blocks)
    for (Observer *o : listeners())
      o->onBlockBegin(b->info);
  if (engine_ != LaunchEngine::Fibers)
    for (BlockExecutor *b : c.blocks)
      b->runLanesToEnd();
}

// A cooperative grid larger than --resident-blocks leaves its executors
// (every thread's lane) and stacks behind: give them back.
void GridRunner::releaseExtraSlots() {
  const std::size_t usual = rt_.options.resident_blocks;
  if (slots_.size() <= usual)
    return;
  slots_.resize(usual);
  clusters_.resize(std::min(clusters_.size(), usual));
  rt_.stacks.trim(usual * rt_.arch.max_threads_per_block);
}

BlockExecutor *GridRunner::peerInSlot(const BlockExecutor &b, std::uint32_t slot) const {
  if (b.cluster == nullptr || slot - b.cluster->firstSlot >= clusterSize_)
    return nullptr;
  return b.cluster->blocks[slot - b.cluster->firstSlot];
}

void GridRunner::retire(BlockExecutor &b) {
  b.releaseStacks();
  totals_ += b.stats();
  if (ProgressBoard *p = rt_.progress) {
    p->blocks_done.fetch_add(1, std::memory_order_relaxed);
    p->events.store(totals_.accesses + totals_.barrier_arrivals, std::memory_order_relaxed);
  }
  if (!aborted_)
    for (Observer *o : listeners())
      o->onBlockEnd(b.info);
}

EngineStats GridRunner::stats() const {
  EngineStats s = totals_;
  if (launch_ != nullptr)
    for (const BlockExecutor *b : resident_)
      s += b->stats();
  return s;
}

bool GridRunner::placeShared(SharedVar *var, std::size_t size, std::size_t align) {
  if (!layout_.place(var, size, align))
    return false;
  launch_->static_smem = layout_.staticBytes();
  if (layout_.end() > layout_.prepared()) {
    // A variable the front end did not know of: widen every resident window.
    const std::size_t old = layout_.grow();
    for (BlockExecutor *b : resident_) {
      rt_.memory.prepareSharedWindow(b->slot, layout_.prepared(),
                                     static_cast<unsigned char>(rt_.options.shared_fill), old);
      b->info.smem_size = layout_.prepared();
    }
  }
  return true;
}

void GridRunner::abort(cudaError_t error, Finding finding) {
  // No finding: a checker has reported why (or none is installed, and the
  // launch just fails, as on a GPU).
  if (!finding.kind.empty()) {
    finding.kernel = launch_->site->kernel_name;
    finding.launch = launch_->id;
    rt_.findings.add(finding);
  }
  aborted_ = true;
  abortError_ = error;
}

void GridRunner::gridThreadExited(bool blockEnded) {
  --gridLive_;
  blocksEnded_ += blockEnded ? 1 : 0;
  gridArrived(0);
}

void GridRunner::gridArrived(std::uint32_t n) {
  gridArrived_ += n;
  // A block that has exited never arrives.
  if (gridArrived_ == 0 || blocksEnded_ != 0 || gridArrived_ < gridLive_)
    return;
  gridArrived_ = 0;
  ++gridSyncs_;
  for (BlockExecutor *b : resident_)
    b->releaseGridSync();
  progress();
  for (Observer *o : rt_.observers)
    o->onGridSync(*launch_);
}

std::string GridRunner::gridSyncWaitText() const {
  std::string s = "waiting at grid.sync() (grid barrier " + std::to_string(gridSyncs_) + ": " +
                  std::to_string(gridArrived_) + " of " + std::to_string(gridLive_) +
                  " live threads arrived";
  if (blocksEnded_ != 0)
    s += "; " + std::to_string(blocksEnded_) +
         " block(s) exited without arriving, so it can never complete";
  return s + ")";
}

// --------------------------------------------------------- no way forward

void GridRunner::describeWaiters(Finding &f) const {
  for (const BlockExecutor *b : resident_)
    b->describeWaiters(f);
}

// Checkers report what they found in a launch when it ends; a run that
// cannot go on ends the launch here, so nothing they found is lost.
void GridRunner::endLaunchForReport() {
  if (launch_ == nullptr)
    return;
  for (Observer *o : rt_.observers)
    o->onLaunchEnd(*launch_);
}

Finding GridRunner::fatalFinding(const char *kind) {
  endLaunchForReport();
  Finding f;
  f.kind = kind;
  f.kernel = launch_->site->kernel_name;
  f.launch = launch_->id;
  f.fatal = true;
  return f;
}

void GridRunner::reportDeadlock() {
  Finding f = fatalFinding("deadlock");
  bool warpOps = false;
  for (const BlockExecutor *b : resident_)
    warpOps |= b->waitsAtWarpOp();
  if (warpOps)
    for (const BlockExecutor *b : resident_)
      b->reportStuckWarpOps(listeners());
  f.message = warpOps ? "no thread can make progress: a barrier or warp operation can never "
                        "complete"
                      : "no thread can make progress: the barrier can never complete";
  describeWaiters(f);
  rt_.fatal(f);
}

void GridRunner::reportTimeout() {
  Finding f = fatalFinding("timeout");
  f.message = "the program ran longer than --timeout " + std::to_string(rt_.options.timeout_s) +
              " s and was ended while a kernel was running; where each host thread and each "
              "GPU thread was:";
  addHostThreadSites(f, *launch_);
  const std::size_t gpuSites = f.sites.size();
  describeWaiters(f);
  // Its threads were running, not spinning: a spin is a livelock's wording.
  for (std::size_t i = gpuSites; i < f.sites.size(); ++i)
    if (f.sites[i].detail.rfind("running without progress", 0) == 0)
      f.sites[i].detail.replace(0, 24, "running");
  rt_.fatal(f);
}

void GridRunner::reportLivelock() {
  Finding f = fatalFinding("livelock");
  f.message = "threads keep running without any thread changing memory, arriving at a "
              "barrier or exiting for " +
              std::to_string(rt_.options.spin_limit) +
              " warp instructions: a spin-wait that nothing will end (--spin-limit)";
  describeWaiters(f);
  rt_.fatal(f);
}

} // namespace warpsim::sim
