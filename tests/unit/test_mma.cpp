// The warp-level MMA model (model/Mma.h): fragment layouts against the PTX
// ISA's tables and coverage, wmma's tiles, the numerics (one rounding per
// instruction, NaN, .satfinite, integer wrap, tf32), and the inline PTX
// parse of the matrix instructions (accepted forms, refused ones by name).
#include <doctest/doctest.h>

#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <set>
#include <string>
#include <utility>

#include "warpsim/model/Mma.h"
#include "warpsim/model/Ptx.h"

using namespace warpsim::model;

namespace {
std::uint64_t f32(float f) {
  std::uint32_t b;
  std::memcpy(&b, &f, 4);
  return b;
}
float asF32(std::uint64_t b) {
  const auto u = static_cast<std::uint32_t>(b);
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}

// Every element of the operand's matrix is held by exactly one (lane, i).
template <class Count, class Pos>
void coversOnce(std::uint32_t rows, std::uint32_t cols, Count count, Pos pos) {
  std::set<std::pair<std::uint32_t, std::uint32_t>> seen;
  for (std::uint32_t lane = 0; lane < 32; ++lane)
    for (std::uint32_t i = 0; i < count; ++i) {
      const MatrixPos p = pos(lane, i);
      REQUIRE(p.row < rows);
      REQUIRE(p.col < cols);
      CHECK(seen.insert({p.row, p.col}).second);
    }
  CHECK(seen.size() == rows * cols);
}
} // namespace

TEST_CASE("mma.sync fragments cover their matrices once, for every form executed") {
  const MmaShape forms[] = {
      {16, 8, 16, MmaType::F16, MmaType::F32},  {16, 8, 8, MmaType::F16, MmaType::F16},
      {16, 8, 16, MmaType::BF16, MmaType::F32}, {16, 8, 8, MmaType::BF16, MmaType::F32},
      {16, 8, 8, MmaType::TF32, MmaType::F32},  {16, 8, 4, MmaType::TF32, MmaType::F32},
      {8, 8, 4, MmaType::F64, MmaType::F64},    {16, 8, 32, MmaType::S8, MmaType::S32},
      {16, 8, 16, MmaType::U8, MmaType::S32}};
  for (const MmaShape &s : forms) {
    CAPTURE(s.m);
    CAPTURE(s.k);
    REQUIRE(mmaSupported(s));
    coversOnce(s.m, s.k, mmaElements(s, MmaOperand::A),
               [&](auto l, auto i) { return mmaElement(s, MmaOperand::A, l, i); });
    coversOnce(s.k, s.n, mmaElements(s, MmaOperand::B),
               [&](auto l, auto i) { return mmaElement(s, MmaOperand::B, l, i); });
    coversOnce(s.m, s.n, mmaElements(s, MmaOperand::C),
               [&](auto l, auto i) { return mmaElement(s, MmaOperand::C, l, i); });
  }
  CHECK_FALSE(mmaSupported({16, 8, 32, MmaType::F16, MmaType::F32}));
  CHECK_FALSE(mmaSupported({16, 8, 16, MmaType::BF16, MmaType::F16}));
  CHECK_FALSE(mmaSupported({8, 8, 4, MmaType::F16, MmaType::F32})); // Volta's m8n8k4
}

TEST_CASE("mma.sync fragments: entries of the PTX ISA's tables") {
  const MmaShape f16{16, 8, 16, MmaType::F16, MmaType::F32};
  // lane 5: groupID 1, threadID_in_group 1.
  CHECK(mmaElement(f16, MmaOperand::A, 5, 0).row == 1);
  CHECK(mmaElement(f16, MmaOperand::A, 5, 0).col == 2);
  CHECK(mmaElement(f16, MmaOperand::A, 5, 3).row == 9);
  CHECK(mmaElement(f16, MmaOperand::A, 5, 3).col == 3);
  CHECK(mmaElement(f16, MmaOperand::A, 5, 6).row == 9);
  CHECK(mmaElement(f16, MmaOperand::A, 5, 6).col == 10);
  CHECK(mmaElement(f16, MmaOperand::B, 5, 3).row == 11);
  CHECK(mmaElement(f16, MmaOperand::B, 5, 3).col == 1);
  CHECK(mmaElement(f16, MmaOperand::C, 31, 3).row == 15);
  CHECK(mmaElement(f16, MmaOperand::C, 31, 3).col == 7);
  const MmaShape tf32{16, 8, 8, MmaType::TF32, MmaType::F32};
  CHECK(mmaElement(tf32, MmaOperand::A, 6, 1).row == 9); // a1: groupID + 8
  CHECK(mmaElement(tf32, MmaOperand::A, 6, 2).col == 6); // a2: threadID_in_group + 4
  CHECK(mmaElement(tf32, MmaOperand::B, 6, 1).row == 6);
  const MmaShape s8{16, 8, 32, MmaType::S8, MmaType::S32};
  CHECK(mmaElement(s8, MmaOperand::A, 7, 5).row == 9);
  CHECK(mmaElement(s8, MmaOperand::A, 7, 5).col == 13);
  CHECK(mmaElement(s8, MmaOperand::A, 7, 10).col == 30);
  CHECK(mmaElement(s8, MmaOperand::B, 7, 6).row == 30);
  const MmaShape f64{8, 8, 4, MmaType::F64, MmaType::F64};
  CHECK(mmaElement(f64, MmaOperand::C, 7, 1).col == 7);
}

TEST_CASE("wmma fragments: mma tiles, CUDA's num_elements, half's repeated elements") {
  const WmmaShape shapes[] = {
      {16, 16, 16, MmaType::F16, MmaType::F32}, {32, 8, 16, MmaType::F16, MmaType::F16},
      {8, 32, 16, MmaType::F16, MmaType::F32},  {16, 16, 16, MmaType::BF16, MmaType::F32},
      {32, 8, 16, MmaType::S8, MmaType::S32},   {8, 32, 16, MmaType::U8, MmaType::S32},
      {16, 16, 8, MmaType::TF32, MmaType::F32}, {8, 8, 4, MmaType::F64, MmaType::F64}};
  for (const WmmaShape &s : shapes) {
    CAPTURE(s.m);
    CAPTURE(s.n);
    REQUIRE(wmmaSupported(s));
    coversOnce(s.m, s.k, wmmaDistinct(s, MmaOperand::A),
               [&](auto l, auto i) { return wmmaElement(s, MmaOperand::A, l, i); });
    coversOnce(s.k, s.n, wmmaDistinct(s, MmaOperand::B),
               [&](auto l, auto i) { return wmmaElement(s, MmaOperand::B, l, i); });
    coversOnce(s.m, s.n, wmmaDistinct(s, MmaOperand::C),
               [&](auto l, auto i) { return wmmaElement(s, MmaOperand::C, l, i); });
  }
  const WmmaShape h{16, 16, 16, MmaType::F16, MmaType::F32};
  CHECK(wmmaElements(h, MmaOperand::A) == 16);
  CHECK(wmmaDistinct(h, MmaOperand::A) == 8);
  CHECK(wmmaElement(h, MmaOperand::A, 9, 8).row == wmmaElement(h, MmaOperand::A, 9, 0).row);
  CHECK(wmmaElement(h, MmaOperand::A, 9, 8).col == wmmaElement(h, MmaOperand::A, 9, 0).col);
  CHECK(wmmaElements(h, MmaOperand::C) == 8);
  // The accumulator: two m16n8 tiles side by side.
  CHECK(wmmaElement(h, MmaOperand::C, 0, 4).col == 8);
  const WmmaShape b{32, 8, 16, MmaType::BF16, MmaType::F32};
  CHECK(wmmaElements(b, MmaOperand::A) == 16);
  CHECK(wmmaElements(b, MmaOperand::B) == 4);
  CHECK(wmmaElement(b, MmaOperand::A, 0, 8).row == 16);
  CHECK(wmmaElements({16, 16, 8, MmaType::TF32, MmaType::F32}, MmaOperand::B) == 4);
  CHECK(wmmaElements({8, 8, 4, MmaType::F64, MmaType::F64}, MmaOperand::C) == 2);
  CHECK_FALSE(wmmaSupported({16, 16, 16, MmaType::BF16, MmaType::F16}));
  CHECK_FALSE(wmmaSupported({16, 16, 16, MmaType::TF32, MmaType::F32}));
}

TEST_CASE("mma numerics: exact products, one rounding per instruction") {
  // 1 + 2^-24 + 2^-24: summed in float one at a time this stays 1 (each
  // addition ties to even); rounded once it is 1 + 2^-23.
  const std::uint64_t a[2] = {f32(0x1p-12f), f32(0x1p-12f)}, b[2] = {f32(0x1p-12f), f32(0x1p-12f)};
  const std::uint64_t c = f32(1.0f);
  std::uint64_t d = 0;
  mmaCompute(1, 1, 2, MmaType::TF32, MmaType::F32, a, b, &c, &d);
  CHECK(asF32(d) == 1.0f + 0x1p-23f);
  // f16 results round to nearest even, overflow to infinity at 65520.
  CHECK(mmaFromDouble(MmaType::F16, 2049.0) == 0x6800);   // 2048
  CHECK(mmaFromDouble(MmaType::F16, 2051.0) == 0x6802);   // 2052
  CHECK(mmaFromDouble(MmaType::F16, 65519.0) == 0x7bff);  // 65504
  CHECK(mmaFromDouble(MmaType::F16, 65520.0) == 0x7c00);  // inf
  CHECK(mmaFromDouble(MmaType::F16, 0x1p-25) == 0x0000);  // half the smallest subnormal: even
  CHECK(mmaFromDouble(MmaType::F16, 0x3p-25) == 0x0002);  // 1.5 subnormal units: up to 2
  CHECK(mmaFromDouble(MmaType::F16, -0x1p-14) == 0x8400); // the smallest normal
  CHECK(mmaToDouble(MmaType::F16, 0x3c00) == 1.0);
  CHECK(mmaToDouble(MmaType::F16, 0x0001) == 0x1p-24);
  CHECK(mmaToDouble(MmaType::BF16, 0x3f80) == 1.0);
  // NaN: canonical; .satfinite clamps (NaN to +0).
  const std::uint64_t inf = f32(INFINITY), ninf = f32(-INFINITY), one = f32(1.0f);
  const std::uint64_t ab[2] = {inf, ninf}, bb[2] = {one, one}, zero = 0;
  mmaCompute(1, 1, 2, MmaType::TF32, MmaType::F32, ab, bb, &zero, &d);
  CHECK(d == 0x7fffffffu);
  mmaCompute(1, 1, 2, MmaType::TF32, MmaType::F32, ab, bb, &zero, &d, true);
  CHECK(d == 0);
  mmaCompute(1, 1, 1, MmaType::TF32, MmaType::F32, ab, bb, &zero, &d, true);
  CHECK(asF32(d) == FLT_MAX);
  // Integers: exact, wrapping in 32 bits, or saturating.
  const std::uint64_t s8a[1] = {0x80}, s8b[1] = {0x80}; // -128 * -128
  const std::uint64_t big = 0x7fffff00u;
  mmaCompute(1, 1, 1, MmaType::S8, MmaType::S32, s8a, s8b, &big, &d);
  CHECK(d == static_cast<std::uint32_t>(0x7fffff00u + 16384u));
  mmaCompute(1, 1, 1, MmaType::S8, MmaType::S32, s8a, s8b, &big, &d, true);
  CHECK(d == 0x7fffffffu);
  mmaCompute(1, 1, 1, MmaType::U8, MmaType::S32, s8a, s8b, &zero, &d);
  CHECK(d == 16384u); // 128 * 128 unsigned
  // f64: fused multiply-adds in k order.
  double x = 1.0 + 0x1p-30, y = 1.0 - 0x1p-30, cc = -1.0, r;
  std::uint64_t xa, ya, ca, ra;
  std::memcpy(&xa, &x, 8);
  std::memcpy(&ya, &y, 8);
  std::memcpy(&ca, &cc, 8);
  mmaCompute(1, 1, 1, MmaType::F64, MmaType::F64, &xa, &ya, &ca, &ra);
  std::memcpy(&r, &ra, 8);
  CHECK(r == -0x1p-60); // exact only when fused
}

TEST_CASE("tf32: conversion rounds to nearest, ties away; the tensor core reads 19 bits") {
  CHECK(floatToTf32(0x3f801000u) == 0x3f802000u); // a tie: away from zero
  CHECK(floatToTf32(0xbf801000u) == 0xbf802000u);
  CHECK(floatToTf32(0x3f800fffu) == 0x3f800000u);
  CHECK(floatToTf32(0x7f800000u) == 0x7f800000u);                  // inf stays
  CHECK(floatToTf32(0x7f800001u) == 0x7fffffffu);                  // NaN: canonical
  CHECK(floatToTf32(0x7f7fffffu) == 0x7f800000u);                  // FLT_MAX rounds up to inf
  CHECK(mmaToDouble(MmaType::TF32, 0x3f803fffu) == 1.0 + 0x1p-10); // low 13 bits dropped
}

TEST_CASE("inline PTX: the matrix instructions warpsim executes and the forms it refuses") {
  PtxProgram p;
  std::string err;
  REQUIRE(parsePtx("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, "
                   "{%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};",
                   p, err));
  CHECK(p.code[0].op == PtxOp::MmaSync);
  CHECK(p.code[0].mma.k == 16);
  CHECK(p.code[0].groups.size() == 4);
  REQUIRE(parsePtx("mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 {%0,%1}, {%2}, {%3}, {%0,%1};",
                   p, err));
  REQUIRE(parsePtx("mma.sync.aligned.m16n8k32.row.col.satfinite.s32.s8.s8.s32 {%0,%1,%2,%3}, "
                   "{%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};",
                   p, err));
  CHECK(p.code[0].satfinite);
  REQUIRE(parsePtx("ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16 {%0, %1}, [%2];", p, err));
  CHECK(p.code[0].op == PtxOp::Ldmatrix);
  CHECK(p.code[0].count == 2);
  CHECK(p.code[0].trans);
  REQUIRE(parsePtx("ldmatrix.sync.aligned.m8n8.x1.shared::cta.b16 {%0}, [%1];", p, err));
  REQUIRE(parsePtx("stmatrix.sync.aligned.m8n8.x4.shared.b16 [%0], {%1, %2, %3, %4};", p, err));
  CHECK(p.code[0].op == PtxOp::Stmatrix);
  REQUIRE(parsePtx("movmatrix.sync.aligned.m8n8.trans.b16 %0, %1;", p, err));
  CHECK(p.code[0].op == PtxOp::Movmatrix);
  auto refused = [&](const char *text) {
    const bool ok = parsePtx(text, p, err);
    return !ok && err.find("unsupported inline PTX instruction") != std::string::npos;
  };
  // Mixed input types, float .satfinite, a register count that does not fit
  // the form, shapes and types warpsim does not execute.
  CHECK(refused("mma.sync.aligned.m16n8k16.row.col.s32.u8.s8.s32 {%0,%1,%2,%3}, {%4,%5}, {%6}, "
                "{%0,%1,%2,%3};"));
  CHECK(refused("mma.sync.aligned.m16n8k16.row.col.satfinite.f32.f16.f16.f32 {%0,%1,%2,%3}, "
                "{%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};"));
  CHECK(refused("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5}, "
                "{%8,%9}, {%0,%1,%2,%3};"));
  CHECK(refused("mma.sync.aligned.m16n8k256.row.col.s32.b1.b1.s32.and.popc {%0,%1,%2,%3}, "
                "{%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};"));
  CHECK(refused("mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e4m3.f32 {%0,%1,%2,%3}, "
                "{%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};"));
  CHECK(refused("mma.sync.aligned.m8n8k4.row.row.f32.f16.f16.f32 {%0,%1,%2,%3,%4,%5,%6,%7}, "
                "{%8,%9}, {%10,%11}, {%0,%1,%2,%3,%4,%5,%6,%7};"));
  CHECK(refused("ldmatrix.sync.aligned.m16n16.x1.trans.shared.b8 {%0, %1}, [%2];"));
  CHECK(refused("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1}, [%2];"));
  CHECK(refused("movmatrix.sync.aligned.m8n8.b16 %0, %1;"));
  // A vector operand outside the matrix instructions stays refused.
  CHECK(refused("mov.u32 {%0}, %1;"));
}
