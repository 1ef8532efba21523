// The engine's event stream. Checkers and profilers are Observers: they see
// what happens and never schedule anything (compare Oclgrind's Plugin).
// Memory accesses arrive batched per warp instruction, so an observer costs
// one virtual call per warp instruction, not per lane.
#pragma once

#include <cstddef>
#include <cstdint>

#include "warpsim/frontend_abi.h"
#include "warpsim/model/ArchSpec.h"
#include "warpsim/model/Dim3.h"
#include "warpsim/model/WarpOps.h"

namespace warpsim::sim {

using model::Dim3;

enum class AccessKind : std::uint8_t { Load, Store, Atomic };

// Memory orders as the TSan ABI passes them (C11 numbering).
enum class MemoryOrder : std::uint8_t {
  Relaxed = 0,
  Consume = 1,
  Acquire = 2,
  Release = 3,
  AcqRel = 4,
  SeqCst = 5,
  NotAtomic = 255,
};

struct LaunchInfo {
  std::uint64_t id; // 1, 2, ... in program order
  const KernelSite *site;
  Dim3 grid;
  Dim3 block;
  std::size_t dynamic_smem;
  std::size_t static_smem; // as laid out so far (grows as variables appear)
  unsigned warp_size;
  const model::ArchSpec *arch;
};

struct BlockInfo {
  const LaunchInfo *launch;
  std::uint64_t linear; // blockIdx linearised
  Dim3 index;
  std::uintptr_t smem_base; // the block's shared window
  std::size_t smem_size;
};

struct ThreadRef {
  std::uint64_t block;  // linear block index
  std::uint32_t thread; // linear thread index within the block
};

struct LaneAccess {
  std::uint32_t lane;
  std::uint32_t size;
  std::uintptr_t addr;
};

// One warp instruction's accesses (one lane in `fast` schedule).
struct WarpAccess {
  const BlockInfo *block;
  std::uint32_t warp;        // warp index within the block
  std::uint64_t active_mask; // lanes taking part
  AccessKind kind;
  MemorySpace space;
  MemoryOrder order;
  std::uintptr_t pc;   // return address into the instrumented code
  std::uint32_t count; // entries used in `lanes`
  LaneAccess lanes[64];
};

enum class BarrierKind : std::uint8_t { Block, Count, And, Or };

struct BarrierEvent {
  const BlockInfo *block;
  std::uint32_t warp;
  std::uint64_t mask; // arriving lanes of this warp
  std::uintptr_t pc;
  BarrierKind kind;
  std::uint64_t phase; // the phase being arrived at / completed
};

// __threadfence_block / __threadfence / __threadfence_system, as issued by
// a group of lanes.
enum class FenceScope : std::uint8_t { Block, Device, System };

struct FenceEvent {
  const BlockInfo *block;
  std::uint32_t warp;
  std::uint64_t mask;
  std::uintptr_t pc;
  FenceScope scope;
};

// One execution of a warp-level operation (__shfl*_sync, votes, match,
// reduce, __syncwarp, __activemask). Lanes that arrive at a *_sync op wait
// until every lane named in the mask has arrived; the operation then executes
// once for all of them (the participants).
using model::WarpOp;
struct WarpOpEvent {
  const BlockInfo *block;
  std::uint32_t warp;        // warp index within the block
  std::uint64_t mask;        // the mask argument as the leader passed it (raw bits)
  std::uint64_t active_mask; // lanes that executed it together (exact participants)
  std::uintptr_t pc;         // call site of the leader (lowest participating lane)
  WarpOp op;
};

// Host-side writes into device memory (cudaMemcpy, cudaMemset, symbols).
struct HostWrite {
  std::uintptr_t addr;
  std::size_t size;
  const char *what; // "cudaMemcpy", ...
};

class Observer {
public:
  virtual ~Observer() = default;
  virtual void onLaunchBegin(const LaunchInfo &) {}
  virtual void onLaunchEnd(const LaunchInfo &) {}
  virtual void onBlockBegin(const BlockInfo &) {}
  virtual void onBlockEnd(const BlockInfo &) {}
  virtual void onWarpAccess(const WarpAccess &) {}
  virtual void onBarrierArrive(const BarrierEvent &) {}
  virtual void onBarrierComplete(const BarrierEvent &) {}
  virtual void onFence(const FenceEvent &) {}
  // Every executed warp operation (profilers: one warp instruction).
  virtual void onWarpOp(const WarpOpEvent &) {}
  // The lanes in `active_mask` synchronise: everything each did before the
  // operation happens-before everything any of them does after it. Sent for
  // __syncwarp and every *_sync operation (not __activemask), after
  // onWarpOp, before any participant resumes.
  virtual void onWarpSync(const WarpOpEvent &) {}
  virtual void onThreadExit(const BlockInfo &, std::uint32_t /*thread*/) {}
  virtual void onAlloc(std::uintptr_t, std::size_t, MemorySpace) {}
  virtual void onFree(std::uintptr_t, std::size_t) {}
  virtual void onHostWrite(const HostWrite &) {}
};

} // namespace warpsim::sim
