// The inline-PTX forms warpsim executes, parsed from an `asm` statement's
// template: each instruction is classified into one PtxOp with its
// modifiers, so the front end can reject an unsupported one at compile time
// (one located error naming it) and the runtime executes the same parse.
// Operands %0, %1, ... are the asm statement's operands; `.reg`
// declarations make local registers; labels, `bra` and `@p` / `@!p` guards
// give the wait loops that mbarrier code writes.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "warpsim/model/AtomicOps.h"
#include "warpsim/model/BulkReduce.h"
#include "warpsim/model/Events.h"
#include "warpsim/model/MBarrier.h"
#include "warpsim/model/Mma.h"
#include "warpsim/model/TensorMap.h"
#include "warpsim/model/Wgmma.h"

namespace warpsim::model {

enum class PtxOp : std::uint8_t {
  BarSync,   // bar.sync / barrier.sync a{, b}
  BarArrive, // bar.arrive / barrier.arrive a, b
  BarRed,    // bar.red.{popc.u32,and.pred,or.pred} d, a{, b}, {!}c
  MBarrier,  // mbarrier.* (PtxInstr::mbar says which)
  Fence,     // fence.{sc,acq_rel}.scope / membar.{cta,gl,sys}
  ElectSync, // elect.sync d|p, membermask
  Mov,       // mov.type d, a (registers, immediates, special registers)
  Selp,      // selp.type d, a, b, p
  Setp,      // setp.cmp.type p, a, b
  Bra,       // bra{.uni} label
  Bfe,       // bfe.{u32,s32,u64,s64} d, a, pos, len
  Bfi,       // bfi.{b32,b64} d, f, b, pos, len
  Prmt,      // prmt.b32 d, a, b, c (the default byte-select mode)
  VideoShr,  // vshr.u32.u32.u32.clamp.add d, a, b, c: (a >> min(b, 32)) + c
  VideoShl,  // vshl.u32.u32.u32.clamp.add d, a, b, c: (a << min(b, 32)) + c
  VideoAdd,  // vadd.u32.u32.u32.add d, a, b, c: a + b + c
  // shfl.sync.{up,down,bfly,idx}.b32 d{|p}, a, b, c, membermask (PTX's lane
  // arithmetic on b, c's clamp and segment mask; p: the source was in range)
  Shfl,
  VoteBallot,      // vote.sync.ballot.b32 / vote.ballot.sync.b32 d, {!}p, membermask
  Add,             // add.{u,s}{16,32,64} / add.f32 / add.f64 d, a, b
  And,             // and.b{16,32,64} d, a, b (also or, xor: PtxInstr::logic)
  Not,             // not.b{16,32,64} d, a
  MovPack,         // mov.b64 d, {lo, hi}
  MovUnpack,       // mov.b64 {lo, hi}, a
  CpAsync,         // cp.async.{ca,cg}.shared{::cta}.global [d], [s], size{, src-size}
  CpAsyncCommit,   // cp.async.commit_group
  CpAsyncWait,     // cp.async.wait_group n
  CpAsyncWaitAll,  // cp.async.wait_all
  CpAsyncMBarrier, // cp.async.mbarrier.arrive{.noinc}.shared{::cta}.b64 [a]
  // cp.async.bulk.shared::cluster|shared::cta.global.mbarrier::complete_tx::bytes
  //   {.multicast::cluster}{.L2::cache_hint} [d], [s], size, [mbar]{, ctaMask}{, policy}
  CpAsyncBulkLoad,
  CpAsyncBulkStore,     // cp.async.bulk.global.shared::cta.bulk_group [d], [s], size
  CpAsyncBulkCommit,    // cp.async.bulk.commit_group
  CpAsyncBulkWait,      // cp.async.bulk.wait_group{.read} n
  FenceProxyAsync,      // fence.proxy.async{.shared::cta|.shared::cluster|.global}
  BarrierClusterArrive, // barrier.cluster.arrive{.release|.relaxed}{.aligned}
  BarrierClusterWait,   // barrier.cluster.wait{.acquire}{.aligned}
  Mapa,                 // mapa{.shared::cluster}.u32|u64 d, a, rank
  GetCtaRank,           // getctarank{.shared::cluster}.u32|u64 d, a
  // cp.reduce.async.bulk.global.shared::cta.bulk_group.redOp.type [d], [s], size
  CpReduceAsyncBulk,
  // ld{.weak|.volatile|.relaxed.scope|.acquire.scope}{.space}{.v2|.v4}.type d, [a]
  // (d: {d0, d1{, d2, d3}} for a vector)
  Ld,
  // st{.weak|.volatile|.relaxed.scope|.release.scope}{.space}{.v2|.v4}.type [a], v
  St,
  // atom{.sem}{.scope}{.space}.op.type d, [a], b{, c}
  Atom,
  // red{.sem}{.scope}{.space}.op.type [a], b
  Red,
  // mma.sync.aligned.shape.row.col{.satfinite}.dtype.atype.btype.ctype
  //   {d..}, {a..}, {b..}, {c..} (model/Mma.h: mmaSupported)
  MmaSync,
  // ldmatrix.sync.aligned.m8n8.x1|x2|x4{.trans}{.shared{::cta}}.b16 {d..}, [a]
  Ldmatrix,
  // stmatrix.sync.aligned.m8n8.x1|x2|x4{.trans}{.shared{::cta}}.b16 [a], {r..}
  Stmatrix,
  // movmatrix.sync.aligned.m8n8.trans.b16 d, a
  Movmatrix,
  // cp.async.bulk.tensor.Nd.shared::cluster|shared::cta.global{.tile}
  //   .mbarrier::complete_tx::bytes{.multicast::cluster}{.L2::cache_hint}
  //   [d], [map, {c0, .., cN-1}], [mbar]{, ctaMask}{, policy}; with .im2col
  //   (N = 3..5) [mbar], {o0, .., oN-3}{, ctaMask}{, policy}
  // args: d, map, c0 .. cN-1, mbar{, o..}{, ctaMask}{, policy} (PtxInstr::coords = N)
  CpAsyncBulkTensorLoad,
  // cp.async.bulk.tensor.Nd.global.shared::cta{.tile}.bulk_group{.L2::cache_hint}
  //   [map, {c0, .., cN-1}], [s]{, policy}
  // args: map, c0 .. cN-1, s{, policy}
  CpAsyncBulkTensorStore,
  // cp.reduce.async.bulk.tensor.Nd.global.shared::cta.redOp{.tile}.bulk_group
  //   {.L2::cache_hint} [map, {c0, ..}], [s]{, policy} (args as the store;
  // the element type is the map's, checked when it runs)
  CpReduceAsyncBulkTensor,
  // cp.async.bulk.prefetch.tensor.Nd.L2.global{.tile}{.L2::cache_hint}
  //   [map, {c0, ..}]{, policy}
  CpAsyncBulkPrefetchTensor,
  // fence.proxy.tensormap::generic.release.scope (order Release) /
  // .acquire.scope [addr], 128 (order Acquire)
  FenceProxyTensormap,
  // tensormap.replace.tile.field{.global|.shared::cta}.b1024.b32|b64
  //   [map]{, ord}, value (PtxInstr::field; args: map{, ord}, value)
  TensormapReplace,
  // tensormap.cp_fenceproxy.global.shared::cta.tensormap::generic.release
  //   .scope.sync.aligned [dst], [src], 128 (a warp copies a map from shared
  //   to global memory, then a tensormap release fence)
  TensormapCpFenceproxy,
  // wgmma.fence.sync.aligned
  WgmmaFence,
  // wgmma.mma_async.sync.aligned.m64nNkK.dtype.atype.btype
  //   {d..}, a-desc | {a0, a1, a2, a3}, b-desc, scale-d, imm-scale-a,
  //   imm-scale-b{, imm-trans-a}{, imm-trans-b} (model/Wgmma.h: the forms;
  //   the trans operands only for .f16/.bf16, imm-trans-a only with a-desc)
  WgmmaMma,
  WgmmaCommit, // wgmma.commit_group.sync.aligned
  WgmmaWait,   // wgmma.wait_group.sync.aligned n
  Setmaxnreg,  // setmaxnreg.{inc,dec}.sync.aligned.u32 n (accepted, no effect)
};

struct PtxOperand {
  enum class Kind : std::uint8_t { Operand, Register, Immediate, Special, Address, Label, Sink };
  Kind kind = Kind::Immediate;
  std::uint32_t index = 0; // Operand: %N; Register: local register number
  std::int64_t imm = 0;    // Immediate; Address: the offset
  bool negate = false;     // {!}p
  std::string name;        // Special: "laneid", "tid.x", ...; Label: its name
  // Address: the base (an operand, a register or an immediate).
  Kind base = Kind::Immediate;
  std::uint32_t baseIndex = 0;
};

struct PtxInstr {
  PtxOp op = PtxOp::Mov;
  std::string text; // as written, for messages
  // Guard @p / @!p: a register or operand that holds the predicate.
  bool guarded = false;
  bool guardNegate = false;
  PtxOperand guard;
  std::vector<PtxOperand> args;
  // Modifiers, by instruction.
  MBarrierOp mbar = MBarrierOp::Init;
  bool sharedCluster = false; // mbarrier: .shared::cluster (a peer CTA's object)
  BarrierKind red = BarrierKind::Block;
  Scope scope = Scope::Block;     // fences; ld/st/atom/red with an order
  bool sc = false;                // fence.sc
  bool noinc = false;             // cp.async.mbarrier.arrive.noinc
  bool read = false;              // cp.async.bulk.wait_group.read
  std::uint8_t proxySpaces = 0;   // fence.proxy.async: 1 shared, 2 global, 3 both
  bool relaxed = false;           // barrier.cluster.arrive.relaxed
  ReduceOp redOp = ReduceOp::Add; // cp.reduce.async.bulk
  ReduceType redType = ReduceType::U32;
  // ld / st / mapa / getctarank: the state space of the address operand.
  enum class Space : std::uint8_t {
    Generic,
    SharedCta,
    SharedCluster,
    Global
  } space = Space::Generic;
  enum class Cmp : std::uint8_t { Eq, Ne, Lt, Le, Gt, Ge } cmp = Cmp::Eq;
  bool isSigned = false, isFloat = false;
  std::uint32_t bits = 32;  // operand width of mov/selp/setp
  std::uint32_t target = 0; // Bra: instruction index of the label
  // ld / st / atom / red: the memory order (.relaxed, .acquire, .release,
  // .acq_rel; .volatile is .relaxed.sys; NotAtomic: a weak access) and
  // `scope` above; fences: SeqCst (fence.sc, membar) or AcqRel.
  MemoryOrder order = MemoryOrder::NotAtomic;
  std::uint32_t vec = 1;           // ld / st: elements (.v2, .v4)
  AtomicOp atomOp = AtomicOp::Add; // atom / red
  bool vecFirst = false;           // the vector operand is the first written
  enum class ShflMode : std::uint8_t { Up, Down, Bfly, Idx } shfl = ShflMode::Idx;
  char logic = '&'; // And: '&', '|' or '^'
  // The operands as written: 1 for a scalar, the element count of a
  // vector {a, b, ...} (matrix instructions take several vectors).
  std::vector<std::uint8_t> groups;
  MmaShape mma;            // MmaSync
  bool satfinite = false;  // MmaSync
  WgmmaShape wgmma;        // WgmmaMma
  bool wgmmaRegA = false;  // WgmmaMma: A in registers (else a descriptor)
  std::uint32_t count = 1; // Ldmatrix / Stmatrix: matrices (.x1, .x2, .x4)
  bool trans = false;      // Ldmatrix / Stmatrix / Movmatrix
  // Tensor copies: the coordinates of the tensor-map operand [map, {c..}]
  // (its rank), and where the operand is in `args`.
  std::uint32_t coords = 0, tensorAt = 0;
  // cp.async.bulk{.tensor} loads: .multicast::cluster (a 16-bit ctaMask
  // operand follows the mbarrier).
  bool multicast = false;
  // cp.async.bulk.tensor loads and prefetches: .im2col (the rank - 2 im2col
  // offsets follow the mbarrier, or the tensor operand of a prefetch).
  bool im2col = false;
  TensorMapField field = TensorMapField::GlobalAddress; // tensormap.replace
};

struct PtxProgram {
  std::vector<PtxInstr> code;
  std::vector<std::string> registers; // local registers by number
};

// Parses an asm template. On an unsupported or malformed instruction,
// returns false with `error` naming it ("unsupported inline PTX instruction
// 'cp.async.bulk...'").
bool parsePtx(std::string_view text, PtxProgram &out, std::string &error);

} // namespace warpsim::model
