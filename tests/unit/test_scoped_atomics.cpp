// Unit tests of the scoped memory instructions: the parse of inline PTX
// ld/st with orders, scopes and vectors, atom/red, fences and membar
// (model/Ptx.h), and what each atomic operation computes
// (model/AtomicOps.h).
#include <cstring>
#include <doctest/doctest.h>

#include "warpsim/model/AtomicOps.h"
#include "warpsim/model/Ptx.h"

using namespace warpsim::model;

namespace {
PtxInstr one(const char *text) {
  PtxProgram p;
  std::string err;
  INFO(text);
  REQUIRE(parsePtx(text, p, err));
  REQUIRE(p.code.size() == 1);
  return p.code[0];
}
bool rejected(const char *text) {
  PtxProgram p;
  std::string err;
  const bool ok = parsePtx(text, p, err);
  return !ok && err.find("unsupported inline PTX instruction") != std::string::npos;
}
std::uint64_t fbits(float f) {
  std::uint32_t b;
  std::memcpy(&b, &f, 4);
  return b;
}
} // namespace

TEST_CASE("ptx ld/st: order and scope, .volatile as .relaxed.sys, weak as plain") {
  PtxInstr i = one("ld.acquire.gpu.global.u32 %0, [%1];");
  CHECK(i.op == PtxOp::Ld);
  CHECK(i.order == MemoryOrder::Acquire);
  CHECK(i.scope == Scope::Device);
  CHECK(i.space == PtxInstr::Space::Global);
  i = one("st.release.cta.shared::cta.b32 [%0], %1;");
  CHECK(i.op == PtxOp::St);
  CHECK(i.order == MemoryOrder::Release);
  CHECK(i.scope == Scope::Block);
  CHECK(i.space == PtxInstr::Space::SharedCta);
  i = one("ld.relaxed.cluster.s32 %0, [%1];");
  CHECK(i.order == MemoryOrder::Relaxed);
  CHECK(i.scope == Scope::Cluster);
  CHECK(i.isSigned);
  i = one("st.relaxed.sys.global.u64 [%0], %1;");
  CHECK(i.scope == Scope::System);
  CHECK(i.bits == 64);
  i = one("ld.volatile.global.u32 %0, [%1];");
  CHECK(i.order == MemoryOrder::Relaxed);
  CHECK(i.scope == Scope::System);
  i = one("st.volatile.u32 [%0], %1;");
  CHECK(i.order == MemoryOrder::Relaxed);
  i = one("ld.weak.global.u32 %0, [%1];");
  CHECK(i.order == MemoryOrder::NotAtomic);
  i = one("ld.shared.u16 %0, [%1];");
  CHECK(i.order == MemoryOrder::NotAtomic);
  CHECK(i.bits == 16);
}

TEST_CASE("ptx ld/st: vectors") {
  PtxInstr i = one("ld.global.v4.u32 {%0, %1, %2, %3}, [%4];");
  CHECK(i.vec == 4);
  REQUIRE(i.args.size() == 5);
  CHECK(i.args[3].index == 3);
  CHECK(i.args[4].kind == PtxOperand::Kind::Address);
  i = one("st.relaxed.gpu.v2.f64 [%0], {%1, %2};");
  CHECK(i.vec == 2);
  CHECK(i.order == MemoryOrder::Relaxed);
  CHECK(i.args[0].kind == PtxOperand::Kind::Address);
  // A register-scoping brace block is still a scope, not a vector.
  PtxProgram p;
  std::string err;
  REQUIRE(parsePtx("{ .reg .b32 r; ld.acquire.gpu.v2.u32 {%0, %1}, [%2]; }", p, err));
  REQUIRE(p.code.size() == 1);
  CHECK(p.code[0].vec == 2);
  // Vector element count must match the operand; 16 bytes at most.
  CHECK(rejected("ld.global.v4.u32 {%0, %1}, [%2];"));
  CHECK(rejected("ld.global.v4.u64 {%0, %1, %2, %3}, [%4];"));
  CHECK(rejected("ld.global.v2.v2.u32 {%0, %1}, [%2];"));
  CHECK_FALSE(parsePtx("ld.global.v2.u32 {%0, %1, %2}, [%3];", p, err)); // 3 elements
  CHECK(err.find("malformed inline PTX operand") != std::string::npos);
  CHECK(rejected("mov.u32 {%0, %1}, %2;")); // only ld/st take vectors here
}

TEST_CASE("ptx ld/st: what PTX does not allow is an error naming the instruction") {
  CHECK(rejected("ld.acquire.global.u32 %0, [%1];")); // .acquire needs a scope
  CHECK(rejected("ld.relaxed.u32 %0, [%1];"));        // .relaxed needs a scope
  CHECK(rejected("ld.release.gpu.u32 %0, [%1];"));    // no release load
  CHECK(rejected("st.acquire.gpu.u32 [%0], %1;"));    // no acquire store
  CHECK(rejected("ld.volatile.gpu.u32 %0, [%1];"));   // .volatile takes no scope
  CHECK(rejected("ld.weak.cta.u32 %0, [%1];"));       // nor does .weak
  CHECK(rejected("ld.gpu.u32 %0, [%1];"));            // a scope without an order
  CHECK(rejected("ld.relaxed.acquire.gpu.u32 %0, [%1];"));
  CHECK(rejected("ld.acquire.gpu.cta.u32 %0, [%1];"));
  CHECK(rejected("ld.global.L1::evict_last.u32 %0, [%1];")); // eviction priorities
  CHECK(rejected("ld.acquire.block.u32 %0, [%1];"));
}

TEST_CASE("ptx atom/red: operation, type, order and scope") {
  PtxInstr i = one("atom.add.u32 %0, [%1], %2;");
  CHECK(i.op == PtxOp::Atom);
  CHECK(i.atomOp == AtomicOp::Add);
  CHECK(i.order == MemoryOrder::Relaxed); // PTX defaults: .relaxed, .gpu
  CHECK(i.scope == Scope::Device);
  i = one("atom.acq_rel.cluster.shared::cluster.cas.b64 %0, [%1], %2, %3;");
  CHECK(i.atomOp == AtomicOp::Cas);
  CHECK(i.order == MemoryOrder::AcqRel);
  CHECK(i.scope == Scope::Cluster);
  CHECK(i.space == PtxInstr::Space::SharedCluster);
  CHECK(i.bits == 64);
  i = one("atom.acquire.cta.global.min.s32 %0, [%1], %2;");
  CHECK(i.order == MemoryOrder::Acquire);
  CHECK(i.scope == Scope::Block);
  CHECK(i.isSigned);
  i = one("atom.release.sys.exch.b32 %0, [%1], %2;");
  CHECK(i.order == MemoryOrder::Release);
  CHECK(i.scope == Scope::System);
  i = one("atom.add.f64 %0, [%1], %2;");
  CHECK(i.isFloat);
  i = one("atom.inc.u32 %0, [%1], %2;");
  CHECK(i.atomOp == AtomicOp::Inc);
  i = one("red.release.gpu.global.add.u64 [%0], %1;");
  CHECK(i.op == PtxOp::Red);
  CHECK(i.order == MemoryOrder::Release);
  i = one("red.or.b32 [%0], %1;");
  CHECK(i.atomOp == AtomicOp::Or);
  // Types and forms PTX does not have, and operand counts.
  CHECK(rejected("atom.and.u32 %0, [%1], %2;"));
  CHECK(rejected("atom.inc.u64 %0, [%1], %2;"));
  CHECK(rejected("atom.add.s64 %0, [%1], %2;"));
  CHECK(rejected("atom.min.f32 %0, [%1], %2;"));
  CHECK(rejected("atom.cas.b32 %0, [%1], %2;"));
  CHECK(rejected("atom.add.u32 %0, %1, %2;"));
  CHECK(rejected("red.acquire.gpu.add.u32 [%0], %1;"));
  CHECK(rejected("red.cas.b32 [%0], %1, %2;"));
  CHECK(rejected("red.add.u32 %0, [%1], %2;"));
  CHECK(rejected("atom.add.sub.u32 %0, [%1], %2;"));
  CHECK(rejected("atom.nand.b32 %0, [%1], %2;"));
  CHECK(rejected("atom.gpu.gpu.add.u32 %0, [%1], %2;"));
}

TEST_CASE("ptx fences: fence.sc/.acq_rel at every scope, membar") {
  PtxInstr i = one("fence.sc.cluster;");
  CHECK(i.op == PtxOp::Fence);
  CHECK(i.order == MemoryOrder::SeqCst);
  CHECK(i.scope == Scope::Cluster);
  i = one("fence.acq_rel.sys;");
  CHECK(i.order == MemoryOrder::AcqRel);
  CHECK(i.scope == Scope::System);
  i = one("membar.gl;");
  CHECK(i.order == MemoryOrder::SeqCst);
  CHECK(i.scope == Scope::Device);
  CHECK(rejected("fence.acquire.gpu;"));
  CHECK(rejected("membar.cluster;"));
}

TEST_CASE("atomic operations: wrapping, signedness, floats") {
  const AtomicType u32{4, AtomicKind::Unsigned}, s32{4, AtomicKind::Signed},
      u8{1, AtomicKind::Unsigned}, f32{4, AtomicKind::Float}, u64{8, AtomicKind::Unsigned};
  CHECK(atomicResult(AtomicOp::Add, u32, 0xffffffffu, 2, 0) == 1);
  CHECK(atomicResult(AtomicOp::Sub, u32, 1, 2, 0) == 0xffffffffu);
  CHECK(atomicResult(AtomicOp::Add, u8, 0xff, 1, 0) == 0);
  CHECK(atomicResult(AtomicOp::Min, s32, 5, 0xfffffff9u, 0) == 0xfffffff9u); // -7 < 5
  CHECK(atomicResult(AtomicOp::Min, u32, 5, 0xfffffff9u, 0) == 5);
  CHECK(atomicResult(AtomicOp::Max, s32, 0xfffffff9u, 3, 0) == 3);
  CHECK(atomicResult(AtomicOp::Cas, u32, 7, 9, 7) == 9);
  CHECK(atomicResult(AtomicOp::Cas, u32, 7, 9, 8) == 7);
  CHECK(atomicResult(AtomicOp::Exchange, u64, 1, 0x123456789ull, 0) == 0x123456789ull);
  CHECK(atomicResult(AtomicOp::And, u32, 6, 3, 0) == 2);
  CHECK(atomicResult(AtomicOp::Or, u32, 6, 3, 0) == 7);
  CHECK(atomicResult(AtomicOp::Xor, u32, 6, 3, 0) == 5);
  CHECK(atomicResult(AtomicOp::Inc, u32, 3, 3, 0) == 0);
  CHECK(atomicResult(AtomicOp::Inc, u32, 2, 3, 0) == 3);
  CHECK(atomicResult(AtomicOp::Dec, u32, 0, 5, 0) == 5);
  CHECK(atomicResult(AtomicOp::Dec, u32, 9, 5, 0) == 5);
  CHECK(atomicResult(AtomicOp::Dec, u32, 4, 5, 0) == 3);
  CHECK(atomicResult(AtomicOp::Load, u32, 4, 5, 0) == 4);
  CHECK(atomicResult(AtomicOp::Add, f32, fbits(1.5f), fbits(0.25f), 0) == fbits(1.75f));
  CHECK(atomicResult(AtomicOp::Sub, f32, fbits(1.5f), fbits(0.25f), 0) == fbits(1.25f));
  CHECK(atomicResult(AtomicOp::Max, f32, fbits(-1.0f), fbits(-2.0f), 0) == fbits(-1.0f));
  CHECK(atomicResult(AtomicOp::Min, f32, fbits(-1.0f), fbits(-2.0f), 0) == fbits(-2.0f));
  // Float add rounds once in single precision: 2^24 + 1 stays 2^24.
  CHECK(atomicResult(AtomicOp::Add, f32, fbits(16777216.0f), fbits(1.0f), 0) == fbits(16777216.0f));
  CHECK_FALSE(atomicWrites(AtomicOp::Load));
  CHECK(atomicWrites(AtomicOp::Store));
}

TEST_CASE("ptx: the forms CUB writes (cache operators, shuffles, integer helpers)") {
  // Cache operators: hints (weak), except .cg (device) and .cv/.wt (system).
  CHECK(one("ld.global.nc.u32 %0, [%1];").order == MemoryOrder::NotAtomic);
  CHECK(one("ld.ca.u32 %0, [%1];").order == MemoryOrder::NotAtomic);
  const PtxInstr cg = one("ld.cg.v4.u32 {%0, %1, %2, %3}, [%4];");
  CHECK(cg.order == MemoryOrder::Relaxed);
  CHECK(cg.scope == Scope::Device);
  CHECK(one("st.wt.u64 [%0], %1;").scope == Scope::System);
  CHECK(rejected("st.nc.u32 [%0], %1;"));
  CHECK(rejected("ld.ca.cg.u32 %0, [%1];"));
  // shfl.sync with and without the predicate output.
  const PtxInstr down = one("shfl.sync.down.b32 %0|%1, %2, %3, %4, %5;");
  CHECK(down.op == PtxOp::Shfl);
  CHECK(down.shfl == PtxInstr::ShflMode::Down);
  CHECK(down.args.size() == 6);
  CHECK(one("shfl.sync.idx.b32 %0, %1, %2, %3, %4;").args.size() == 5);
  CHECK(rejected("shfl.down.b32 %0, %1, %2, %3;")); // pre-Volta, no mask
  CHECK(one("vote.ballot.sync.b32 %0, %1, 0xffffffff;").op == PtxOp::VoteBallot);
  // mov.b64 packing and unpacking two 32-bit halves.
  CHECK(one("mov.b64 {%0, %1}, %2;").op == PtxOp::MovUnpack);
  CHECK(one("mov.b64 %0, {%1, %2};").op == PtxOp::MovPack);
  CHECK(one("add.f64 %0, %1, %2;").isFloat);
  CHECK(one("and.b32 %0, %1, %2;").op == PtxOp::And);
  CHECK(one("not.b32 %0, %1;").op == PtxOp::Not);
  CHECK(one("bfe.u32 %0, %1, %2, %3;").op == PtxOp::Bfe);
  CHECK(one("bfi.b32 %0, %1, %2, %3, %4;").op == PtxOp::Bfi);
  CHECK(one("prmt.b32 %0, %1, %2, %3;").op == PtxOp::Prmt);
  CHECK(one("vshr.u32.u32.u32.clamp.add %0, %1, %2, %3;").op == PtxOp::VideoShr);
  CHECK(one("vadd.u32.u32.u32.add %0, %1, %2, %3;").op == PtxOp::VideoAdd);
  CHECK(rejected("vshr.u32.u32.u32.wrap.add %0, %1, %2, %3;"));
}
