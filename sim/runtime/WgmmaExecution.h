// Warpgroup MMA (wgmma.fence / mma_async / commit_group / wait_group) as
// warp operations: the PTX instructions are .sync.aligned per warp, and each
// warp of a warpgroup owns 16 rows of A (register form) and of D
// (model/Wgmma.h), so each warp's part is computed on its own when the warp
// is there whole (MatrixExecution.h's matrixOp). The asynchrony:
//   - issue: the warp's operation is queued (its group is the open one); the
//     shared bytes it reads are async-proxy reads of the issuing warp's
//     first lane at the issue's line, and an AsyncCopyEvent of kind Wgmma per
//     contiguous range (the checkers see them in flight); the accumulator
//     registers are not written back by the asm statement.
//   - wait_group N: the operations of all committed groups but the N most
//     recent complete in issue order: the tiles are read then (the latest
//     moment PTX allows), D computed (C: the register's value at issue, or
//     the result of the earlier operation in flight that writes the same
//     register, as chained wgmmas accumulate), each lane writes its
//     results into its registers, and the ranges land.
// Until then the lane's D registers are the operation's: an access to them (a load or store of the
// C++ variable behind the operand, or its use as another inline PTX statement's operand) is a
// WgmmaEvent (the wgmma checker reports it).
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <vector>

#include "warpsim/model/Wgmma.h"
#include "warpsim/ptx_abi.h"

namespace warpsim::sim {

struct Lane;
struct MatrixLane;

// One lane's operands of a wgmma operation at its warp op.
struct WgmmaLane {
  model::WgmmaShape shape;
  bool regA = false, scaleD = true, negA = false, negB = false, transA = false, transB = false;
  std::uint64_t descA = 0, descB = 0;
  std::uint64_t a[16] = {};   // register A: the lane's elements
  PtxArg *const *d = nullptr; // its accumulator operands
  std::uint32_t dregs = 0;
  std::uint32_t waitN = 0;  // wait_group
  std::uint64_t seq = 0;    // out: the operation's number (mma_async)
  std::uint32_t leader = 0; // out: the lowest lane that took part
};

struct WgmmaQueue {
  struct DReg {
    void *ptr = nullptr;
    void (*store)(void *, std::uint64_t) = nullptr;
    std::uint64_t bits = 0; // the register at issue
    bool chained = false;   // C is the result of an earlier operation in flight
  };
  struct Op {
    std::uint64_t seq = 0, group = 0;
    model::WgmmaShape shape;
    bool regA = false, scaleD = true, negA = false, negB = false, transA = false, transB = false;
    model::WgmmaDescriptor descA, descB;
    std::uint32_t warpInGroup = 0;
    std::vector<std::uint64_t> a;                                 // register A: 16 x K, row-major
    std::array<std::vector<DReg>, 32> d;                          // per lane, per register
    std::vector<std::pair<std::uintptr_t, std::uint32_t>> ranges; // shared bytes read
  };
  std::vector<Op> ops; // in flight, in issue order
  std::uint64_t seq = 0, committed = 0;
  // wgmma.fence seen; an mma_async issued (the first needs a fence before
  // it); the number of the first, if it had none.
  bool fenced = false, issued = false;
  std::uint64_t unfenced = 0;
  // Accumulator register -> the last operation issued that writes it, and
  // the values completed operations left there (the chain's C).
  std::map<const void *, std::uint64_t> writer;
  std::map<const void *, std::uint64_t> value;
  // A wait's completion: each lane's register writes, in order (the bits
  // the variable must still hold, else something else wrote it in flight,
  // and the issue), and the operations whose ranges the leader lands.
  struct Result {
    DReg reg;
    std::uint64_t bits, expected;
    std::uintptr_t pc;
    std::uint32_t site;
  };
  std::array<std::vector<Result>, 32> results;
  std::vector<Op> landed;
  // The registers each lane's operations in flight own.
  struct Reg {
    std::uintptr_t addr;
    std::uint32_t size;
    bool accumulator;
    std::uint64_t seq;
    std::uintptr_t pc;
    std::uint32_t site;
  };
  std::array<std::vector<Reg>, 32> regs;
  // Accesses of those registers since the lane's last inline PTX
  // statement: the operand marshalling of the next statement (dropped
  // there) or the program's own (reported there).
  struct Suspect {
    Reg reg;
    bool write;
    std::uintptr_t pc;
  };
  std::array<std::vector<Suspect>, 32> suspects;
  // Registers whose access was reported (no second report at the wait).
  std::array<std::vector<std::uintptr_t>, 32> reported;
  std::map<std::uint64_t, std::pair<std::uintptr_t, std::uint32_t>> issueSites; // seq -> pc, site
};

// The warp's part of a wgmma operation, run by completeMatrixOp for the
// lanes `ls` (all 32 present).
void completeWgmma(MatrixLane *const *ls, const MatrixLane &lead);

// A lane's access to its own stack at `addr` while it has registers in
// flight (BlockExecutor::access).
void wgmmaRegisterAccess(Lane *l, std::uintptr_t addr, std::uint32_t size, bool write,
                         std::uintptr_t pc);

// Inline PTX: the lane's part of each instruction (PtxExecution.cpp).
// `args`/`count`: the asm statement's operands. mma_async returns the
// operands whose stores the wait does (not the statement's end).
void wgmmaFence(Lane *l, std::uintptr_t pc);
void wgmmaIssue(Lane *l, WgmmaLane &w, std::uintptr_t pc);
void wgmmaCommit(Lane *l, std::uintptr_t pc);
void wgmmaWait(Lane *l, std::uint32_t n, std::uintptr_t pc);
// Before an inline PTX statement runs (when the lane's warp has used
// wgmma): the accesses of registers in flight since the last statement
// that were not this statement's operand marshalling are reported, and so
// are its operands that are registers in flight (`allowed`: operands a
// chained mma_async may name, its accumulators; an empty statement, a
// compiler fence like CUTLASS's warpgroup_fence_operand, names none).
void wgmmaBeforeStatement(Lane *l, const PtxArg *args, unsigned count,
                          const std::vector<bool> &allowed, bool empty, std::uintptr_t pc);

} // namespace warpsim::sim
