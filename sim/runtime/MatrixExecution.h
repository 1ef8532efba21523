// Warp-level matrix operations (wmma, mma.sync, ldmatrix, stmatrix,
// movmatrix) as warp operations: each lane fills a MatrixLane on its fiber's
// stack and arrives at the operation with its address as the operand; when
// the whole warp is there, completeMatrixOp exchanges or multiplies the
// fragments (model/Mma.h) and the lanes read their part back. Memory is
// read and written by each lane, at the user's line, around that point.
#pragma once

#include <cstdint>

#include "warpsim/model/Mma.h"
#include "warpsim/model/WarpOps.h"

namespace warpsim::sim {

struct Lane;
struct WgmmaLane;

struct MatrixLane {
  model::WarpOp op = model::WarpOp::MmaSync;
  // MmaSync / WmmaMma: the lane's distinct fragment elements (bits).
  model::MmaShape shape;
  model::WmmaShape wshape;
  bool satfinite = false;
  std::uint64_t a[16] = {}, b[16] = {}, c[8] = {}, d[8] = {};
  // Ldmatrix / Stmatrix / Movmatrix: `count` 8x8 matrices of b16.
  std::uint32_t count = 1;
  bool trans = false;
  std::uint16_t row[8] = {};  // the row this lane addresses (ldmatrix: loaded; stmatrix: to store)
  std::uint32_t regs[4] = {}; // fragment registers (ldmatrix, movmatrix: out; stmatrix: in)
  std::uint32_t result = 0;   // movmatrix
  // wgmma (WgmmaExecution.h): the lane's operands, and the lane.
  WgmmaLane *wg = nullptr;
  Lane *self = nullptr;
};

// Waits for the warp (all 32 lanes) at `m.op`; returns once it completed.
void matrixOp(Lane *l, MatrixLane &m, std::uintptr_t pc);

// One lane's access of `size` bytes at `addr` (one event at `pc`), moved
// from or to `buf` in `elem`-byte elements.
void matrixMemory(Lane *l, std::uintptr_t addr, std::uint32_t size, bool store, void *buf,
                  std::uint32_t elem, std::uintptr_t pc);

// Completes a matrix operation for `participants` (their operands point at
// MatrixLanes). Returns the lanes of the warp's 32 that did not take part.
std::uint64_t completeMatrixOp(model::WarpOp op, std::uint64_t participants,
                               const model::WarpOperand *ops);

} // namespace warpsim::sim
