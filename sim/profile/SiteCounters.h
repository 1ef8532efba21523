// What the profiler accumulates per call site (PC) of one launch. The
// counters (SharedBankCounter, GlobalCoalescingCounter, DivergenceCounter)
// each fill their part; Profiler writes them to the raw report.
#pragma once

#include <cstdint>
#include <vector>

#include "Observer.h"

namespace warpsim::sim::profile {

// The kind of warp instruction at a site, as the report names it.
// Bulk: a cp.async.bulk copy (TMA), which does not go through the LSU pipe:
// an instruction, with no bank or sector counts. Mma: a tensor-core
// multiply-accumulate (wmma::mma_sync, mma.sync, wgmma.mma_async: one per
// warp; the fragment moves and wgmma's fence/commit/wait stay `warp`).
enum class Op : std::uint8_t { Load, Store, Atomic, Barrier, Fence, WarpOp, Bulk, Mma };

const char *opName(Op op);

struct SiteCounters {
  Op op = Op::Load;
  MemorySpace space = MemorySpace::Global;
  bool memory = false;
  // DivergenceCounter: every warp instruction issued here.
  std::uint64_t instructions = 0;
  std::uint64_t active_lanes = 0; // sum of popcount(active mask)
  std::uint64_t partial = 0;      // instructions with fewer lanes than the warp's live lanes
  // SharedBankCounter (shared space only).
  std::uint64_t wavefronts = 0;
  std::uint64_t ideal_wavefronts = 0;
  std::vector<std::uint64_t> bank_load; // per bank: distinct words delivered
  // The warp instruction with the most wavefronts at this line, per bank:
  // the picture of its conflict (totals even out across warps).
  std::uint64_t worst_wavefronts = 0;
  std::vector<std::uint64_t> worst_bank_load;
  // GlobalCoalescingCounter (global and managed space).
  std::uint64_t requests = 0;
  std::uint64_t sectors = 0;
  std::uint64_t ideal_sectors = 0;
  // Bulk copies (cp.async.bulk{.tensor}, cp.reduce.async.bulk): the bytes
  // they write to their destination (a tensor load's out-of-bounds fill
  // included, a tensor store's skipped elements not).
  std::uint64_t bulk_bytes = 0;
};

} // namespace warpsim::sim::profile
