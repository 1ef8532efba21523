// The SIMT engine: runs one grid as blocks of warps of lanes, each lane (GPU
// thread) a fiber. Lanes stop at every event (memory access, barrier); the
// warp scheduler groups lanes stopped at the same call site into one warp
// instruction, serialises divergent groups and reconverges them where they
// meet again. Observers see every warp instruction. See docs/architecture.md.
#pragma once

#include <boost/context/detail/fcontext.hpp>

#include <cstdint>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "Findings.h"
#include "Observer.h"
#include "Options.h"
#include "warpsim/model/BlockBarrier.h"

namespace warpsim::sim {

class Runtime;
using boost::context::detail::fcontext_t;

enum class LaneState : std::uint8_t {
  Ready,     // may be resumed to run to its next event
  AtEvent,   // stopped at an event the warp has not issued yet
  AtBarrier, // arrived at the block barrier, waits for completion
  AtWarpOp,  // arrived at a warp operation, waits for the lanes of its mask
  Exited,
};

enum class EventKind : std::uint8_t { None, Access, Barrier, Fence, Preempt, WarpOp };

struct PendingEvent {
  EventKind kind = EventKind::None;
  AccessKind access = AccessKind::Load;
  MemorySpace space = MemorySpace::Global;
  MemoryOrder order = MemoryOrder::NotAtomic;
  BarrierKind barrier = BarrierKind::Block;
  FenceScope fence = FenceScope::Device;
  bool predicate = false;
  std::uint32_t size = 0;
  std::uintptr_t addr = 0;
  std::uintptr_t pc = 0;
  // Warp operations (EventKind::WarpOp).
  model::WarpOp op = model::WarpOp::SyncWarp;
  std::uint64_t mask = 0;     // as passed
  std::uint64_t eff_mask = 0; // as used: the calling lane always included
  model::WarpOperand operand;
};

struct Block;
struct Warp;

struct Lane {
  static constexpr std::uint32_t kMaxFrames = 32;

  fcontext_t ctx = nullptr;  // the lane's own context while suspended
  fcontext_t back = nullptr; // the scheduler's context while the lane runs
  Block *block = nullptr;
  Warp *warp = nullptr;
  std::uint32_t lane = 0; // index within the warp
  std::uint32_t tid = 0;  // linear thread index within the block
  Dim3 tidx;
  LaneState state = LaneState::Ready;
  bool started = false;
  PendingEvent ev;
  std::uint64_t result = 0; // value handed back by a barrier or warp op
  std::uint32_t stack = 0;  // StackPool index
  std::uintptr_t stack_lo = 0, stack_hi = 0;
  std::uint32_t quantum = 0; // events left before yielding (fast schedule)
  // Shadow call stack, from the instrumentation's function entry/exit.
  std::uint32_t depth = 0;
  std::uint64_t stack_hash = 0;
  std::uintptr_t frames[kMaxFrames];
  std::uint64_t hashes[kMaxFrames];
  // The bytes a store or atomic of this lane is about to overwrite: it is
  // progress (for livelock detection) only if it changes them, so a spin on
  // atomicAdd(&flag, 0) or a failing atomicCAS is still a spin.
  std::uintptr_t watch_addr = 0;
  std::uint32_t watch_size = 0;
  unsigned char watch_old[16];
};

struct Warp {
  Block *block = nullptr;
  std::uint32_t index = 0;
  std::uint32_t first = 0; // first lane's index in Block::lanes
  std::uint32_t count = 0; // lanes in this warp (last warp may be partial)
  std::uint32_t live = 0;  // lanes not exited
  // Independent thread scheduling: how long one group has been issued
  // while others of the warp waited, without any progress.
  std::uint64_t lastGroup = 0;
  std::uint32_t streak = 0;
  std::uint32_t waiting = 0; // lanes in LaneState::AtWarpOp
};

struct Block {
  BlockInfo info{};
  std::uint32_t slot = 0; // resident slot: selects the shared window
  std::vector<Lane> lanes;
  std::vector<Warp> warps;
  model::BlockBarrier barrier{0};
  std::uint32_t live = 0;
  bool done = false;
};

struct EngineStats {
  std::uint64_t launches = 0, blocks = 0, threads = 0;
  std::uint64_t warp_instructions = 0, accesses = 0, barrier_arrivals = 0;
  std::uint64_t warp_ops = 0; // executed warp operations (shuffles, votes, ...)
  std::uint64_t switches = 0;
  std::uint64_t kernel_ns = 0; // host wall time inside launches (not deterministic)
};

class Engine {
public:
  explicit Engine(Runtime &rt) : rt_(rt) {}

  // Runs the whole grid. Returns cudaSuccess or the error that aborted it
  // (an illegal address, a device assert). Deadlock and livelock end the
  // program after reporting.
  cudaError_t runGrid(LaunchInfo &launch, void (*entry)(void *), void *closure);

  // ---- called on a lane's fiber (from the hooks and the device API)
  void access(Lane *l, std::uintptr_t addr, std::uint32_t size, AccessKind kind, MemoryOrder order,
              std::uintptr_t pc);
  // Returns the barrier's result (count of true predicates).
  std::uint64_t barrier(Lane *l, BarrierKind kind, bool predicate, std::uintptr_t pc);
  void fence(Lane *l, FenceScope scope, std::uintptr_t pc);
  // A warp operation (shuffle, vote, match, reduce, __syncwarp,
  // __activemask): waits for the lanes of `mask`, returns this lane's result.
  std::uint64_t warpOp(Lane *l, model::WarpOp op, std::uint64_t mask,
                       const model::WarpOperand &operand, std::uintptr_t pc);
  // Ends the launch from inside a lane: the lane never runs again.
  [[noreturn]] void abortLaunch(Lane *l, cudaError_t error, Finding finding);
  FindingSite siteOf(const Lane *l, std::uintptr_t pc, const char *role) const;
  // Shared-memory layout of the running launch: dynamic shared memory at
  // offset 0, static variables after it in the order they are first used.
  std::uintptr_t placeShared(Lane *l, SharedVar *var, std::size_t size, std::size_t align);
  std::uintptr_t dynamicShared(Lane *l) const { return l->block->info.smem_base; }
  std::size_t sharedEnd() const { return smemEnd_; }

  const EngineStats &stats() const { return stats_; }
  const LaunchInfo *currentLaunch() const { return launch_; }
  // Static __shared__ variables placed in the running launch (for reports).
  const std::vector<const SharedVar *> &sharedVars() const { return sharedVars_; }
  // A resident thread, for observers that need its call stack (reports).
  const Lane *residentLane(const BlockInfo &b, std::uint32_t thread) const;

  // Validates every access before it happens (the memory checker, see
  // sim/checks/): returns false with a finding and the CUDA error that ends
  // the launch, as compute-sanitizer's memcheck does.
  struct AccessGuard {
    virtual ~AccessGuard() = default;
    virtual bool check(const Lane &l, std::uintptr_t addr, std::uint32_t size, AccessKind kind,
                       MemorySpace space, std::uintptr_t pc, Finding &f, cudaError_t &error) = 0;
  };
  void setAccessGuard(AccessGuard *g) { guard_ = g; }

private:
  friend void laneMain(boost::context::detail::transfer_t t);

  void admit(std::uint64_t linear, std::uint32_t slot);
  void retire(Block &b);
  bool stepWarp(Warp &w);
  void resume(Lane *l);
  void yieldToScheduler(Lane *l);
  void afterResume(Lane *l);
  std::uint64_t selectGroup(Warp &w);
  void issue(Warp &w, std::uint64_t group);
  void arriveAtBarrier(Lane *l);
  void issueWarpOp(Warp &w, std::uint64_t group);
  void tryCompleteWarpOps(Warp &w);
  void completeWarpOp(Warp &w, std::uint64_t participants);
  void warpFinding(const Lane &l, const char *kind, const char *what, Severity sev,
                   std::string message, std::uint64_t lanes = 0);
  void reportStuckWarpOps();
  void completeBarrier(Block &b);
  void laneExited(Lane *l);
  MemorySpace classify(Lane *l, std::uintptr_t addr, std::uint32_t size, bool &valid,
                       std::string &why) const;
  void progress() { sinceProgress_ = 0; }
  void watchWrite(Lane &l, std::uintptr_t addr, std::uint32_t size);
  void checkWatchedWrite(Lane &l);
  void endLaunchForReport();
  [[noreturn]] void reportDeadlock();
  [[noreturn]] void reportLivelock();
  void describeWaiters(Finding &f) const;

  Runtime &rt_;
  const LaunchInfo *launch_ = nullptr;
  void (*entry_)(void *) = nullptr;
  void *closure_ = nullptr;
  std::vector<std::unique_ptr<Block>> slots_; // resident blocks, by slot
  std::vector<Block *> resident_;             // in admission order
  std::uint64_t sinceProgress_ = 0;
  std::size_t smemEnd_ = 0;
  std::size_t smemPrepared_ = 0;
  bool aborted_ = false;
  cudaError_t abortError_ = cudaSuccess;
  std::mt19937_64 rng_;
  EngineStats stats_;
  WarpAccess scratch_{};
  AccessGuard *guard_ = nullptr;
  std::vector<const SharedVar *> sharedVars_;
  std::vector<std::pair<std::uintptr_t, std::string>> warpFindings_; // reported this launch
};

// The lane running on this OS thread, or nullptr in host code.
extern thread_local Lane *tl_lane;

} // namespace warpsim::sim
