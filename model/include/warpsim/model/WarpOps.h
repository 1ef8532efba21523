// Warp-level operations as CUDA defines them (shuffles, votes, match,
// reduce, __syncwarp, __activemask), as pure functions over the operands of
// the lanes that take part, and the rule that decides when such an operation
// can execute. No fibers, no scheduling: the runtime (sim/runtime/WarpOpExecution.cpp)
// collects the lanes' operands and calls these. See docs/warp-model.md.
#pragma once

#include <cstdint>

namespace warpsim::model {

enum class WarpOp : std::uint8_t {
  Shfl,       // __shfl_sync(mask, v, srcLane, width)
  ShflUp,     // __shfl_up_sync(mask, v, delta, width)
  ShflDown,   // __shfl_down_sync(mask, v, delta, width)
  ShflXor,    // __shfl_xor_sync(mask, v, laneMask, width)
  Ballot,     // __ballot_sync(mask, pred)
  All,        // __all_sync(mask, pred)
  Any,        // __any_sync(mask, pred)
  ActiveMask, // __activemask(): no mask, does not synchronise
  SyncWarp,   // __syncwarp(mask)
  MatchAny,   // __match_any_sync(mask, v)
  MatchAll,   // __match_all_sync(mask, v, &pred)
  ReduceAdd,  // __reduce_add_sync(mask, v)
  ReduceMin,
  ReduceMax,
  ReduceAnd,
  ReduceOr,
  ReduceXor,
  // Warp-level matrix operations (model/Mma.h): every lane of the warp
  // takes part (mask: the whole warp); each lane's operand points at its
  // fragment registers, and the runtime computes them
  // (sim/runtime/MatrixExecution.cpp), not computeWarpOp.
  WmmaLoad,  // nvcuda::wmma::load_matrix_sync
  WmmaStore, // nvcuda::wmma::store_matrix_sync
  WmmaMma,   // nvcuda::wmma::mma_sync
  MmaSync,   // mma.sync.aligned.*
  Ldmatrix,  // ldmatrix.sync.aligned.*
  Stmatrix,  // stmatrix.sync.aligned.*
  Movmatrix, // movmatrix.sync.aligned.*
  // wgmma (model/Wgmma.h): each warp of the warpgroup executes its part.
  WgmmaFence,  // wgmma.fence.sync.aligned
  WgmmaMma,    // wgmma.mma_async.sync.aligned.*
  WgmmaCommit, // wgmma.commit_group.sync.aligned
  WgmmaWait,   // wgmma.wait_group.sync.aligned
};

// CUDA's name of the intrinsic ("__shfl_sync", ...).
const char *warpOpName(WarpOp op);
// Every operation but __activemask synchronises the lanes it names.
constexpr bool warpOpSynchronises(WarpOp op) { return op != WarpOp::ActiveMask; }
constexpr bool isMatrixOp(WarpOp op) {
  return op == WarpOp::WmmaLoad || op == WarpOp::WmmaStore || op == WarpOp::WmmaMma ||
         op == WarpOp::MmaSync || op == WarpOp::Ldmatrix || op == WarpOp::Stmatrix ||
         op == WarpOp::Movmatrix || op == WarpOp::WgmmaFence || op == WarpOp::WgmmaMma ||
         op == WarpOp::WgmmaCommit || op == WarpOp::WgmmaWait;
}
constexpr bool isShuffle(WarpOp op) {
  return op == WarpOp::Shfl || op == WarpOp::ShflUp || op == WarpOp::ShflDown ||
         op == WarpOp::ShflXor;
}

// One lane's operand of a warp operation.
struct WarpOperand {
  std::uint64_t value = 0; // the value's bits (32-bit types zero-extended)
  std::int32_t arg = 0;    // srcLane / delta / laneMask
  std::uint32_t width = 0; // shuffle section width (a power of two <= warp size)
  std::uint8_t bytes = 4;  // 4 or 8: the value's size
  bool is_signed = false;  // reduce min/max compare signed
};

// The lane a shuffle reads, following PTX shfl.sync: sections of `width`
// lanes; out-of-section sources (shfl_up below the section start, shfl_down
// and shfl_xor past its end) read the lane's own value. Returns the source
// lane index (== lane when the lane keeps its own value).
std::uint32_t shuffleSource(WarpOp op, std::uint32_t lane, std::int32_t arg, std::uint32_t width,
                            std::uint32_t warpSize);

// Results of one warp operation. `participants`: the lanes that execute it
// together (bit i = lane i); `ops[i]` the operand of lane i; results go to
// `out[i]` for each participant. For shuffles, `badSource` gets the lanes
// whose source lane is not a participant (CUDA: undefined value); such a lane
// receives its own value.
void computeWarpOp(WarpOp op, std::uint32_t warpSize, std::uint64_t participants,
                   const WarpOperand *ops, std::uint64_t *out, std::uint64_t &badSource);

// A power of two in 1..warpSize.
constexpr bool validShuffleWidth(std::uint32_t width, std::uint32_t warpSize) {
  return width != 0 && width <= warpSize && (width & (width - 1)) == 0;
}

} // namespace warpsim::model

namespace warpsim::model {

// What the warp-synchronisation rule needs to know of one lane.
struct WarpOpStop {
  bool present = false; // a lane of the warp that has not exited
  bool arrived = false; // stopped at a warp operation, waiting for its mask
  WarpOp op = WarpOp::SyncWarp;
  std::uintptr_t pc = 0;   // call site
  std::uint64_t stack = 0; // call-stack hash
  std::uint64_t mask = 0;  // the mask it passed (its own lane included)
};

// Two arrived lanes take part in one execution when they wait at the same
// operation at the same call site (same call stack); __syncwarp calls with
// the same mask synchronise wherever they are (independent thread
// scheduling, as CUDA documents for sm_70+).
constexpr bool sameWarpOp(const WarpOpStop &a, const WarpOpStop &b) {
  return a.op == b.op && (a.op == WarpOp::SyncWarp || (a.pc == b.pc && a.stack == b.stack));
}

struct WarpSyncSet {
  std::uint64_t participants = 0; // nonzero: these lanes execute now
  std::uint64_t missing = 0;      // lanes named in a mask that have not arrived here
  bool masks_differ = false;      // participants passed different masks (CUDA: undefined)
};

// The set of lanes that execute together with arrived lane `i`: every
// present lane named in its mask (exited lanes and lanes past the end of the
// warp are not waited for, as CUDA specifies "all non-exited threads named in
// mask"), closed over their masks. Executes only when all of them arrived at
// the same operation; otherwise `participants` is 0 and `missing` says who
// is awaited.
WarpSyncSet warpSyncSet(const WarpOpStop *lanes, std::uint32_t count, std::uint32_t i);

} // namespace warpsim::model
