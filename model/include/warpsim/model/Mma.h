// Warp-level matrix multiply-accumulate (the tensor core of sm_80/sm_90, as
// PTX mma.sync and nvcuda::wmma expose it): which matrix element each lane's
// fragment register holds (the PTX ISA's "Matrix fragments for mma.m16n8k*"
// tables), and the arithmetic of D = A * B + C over whole matrices. No
// fibers, no scheduling: the runtime (sim/runtime/MatrixExecution.cpp)
// gathers the lanes' fragments, calls these and scatters the result.
//
// Numerics (docs/hopper.md, "Warp-level MMA"): for floating-point inputs
// each product is exact, the products of one instruction are added to C in
// binary64 in k order, and the sum is rounded once to the accumulator type
// (round to nearest even); a NaN result is the canonical NaN. .f64 is a
// chain of fused multiply-adds in k order. Integers add exactly and wrap in
// 32 bits (or saturate with .satfinite).
#pragma once

#include <cstdint>

namespace warpsim::model {

// E4M3 / E5M2: the 8-bit floats of wgmma (model/Wgmma.h), not mma.sync's.
enum class MmaType : std::uint8_t { F16, BF16, TF32, F32, F64, S8, U8, S32, E4M3, E5M2 };

// Bits of one element of the type (tf32 is held in 32 bits).
constexpr unsigned mmaTypeBits(MmaType t) {
  switch (t) {
  case MmaType::F16:
  case MmaType::BF16:
    return 16;
  case MmaType::S8:
  case MmaType::U8:
  case MmaType::E4M3:
  case MmaType::E5M2:
    return 8;
  case MmaType::F64:
    return 64;
  default:
    return 32;
  }
}
const char *mmaTypeName(MmaType t); // "f16", "bf16", ...

enum class MmaOperand : std::uint8_t { A, B, C }; // C: also D

// One mma.sync instruction: mM nN kK with A/B of type `ab`, C/D of `cd`.
struct MmaShape {
  std::uint32_t m = 16, n = 8, k = 16;
  MmaType ab = MmaType::F16;
  MmaType cd = MmaType::F32;
};

// The mma.sync forms warpsim executes (all .row.col): m16n8k16 and m16n8k8
// on f16 (f16 or f32 C/D) and bf16 (f32), m16n8k8 and m16n8k4 on tf32,
// m8n8k4 on f64, m16n8k16 and m16n8k32 on s8/u8 (s32).
bool mmaSupported(const MmaShape &s);

struct MatrixPos {
  std::uint32_t row = 0, col = 0;
};

// Elements of `op` one lane holds for an mma.sync (PTX: A m16n8k16 f16 has 8
// in 4 .f16x2 registers).
std::uint32_t mmaElements(const MmaShape &s, MmaOperand op);
// Element `i` of lane `lane`'s fragment of `op`: its row and column in A
// (m x k), B (k x n) or C/D (m x n).
MatrixPos mmaElement(const MmaShape &s, MmaOperand op, std::uint32_t lane, std::uint32_t i);

// nvcuda::wmma: fragment<matrix_a|matrix_b|accumulator, M, N, K, T>. Built
// of mma.sync tiles: A of M/16 tiles along m, B of N/8 along n, C of both,
// in that order (m8n32k16 is the transpose of m32n8k16). `ab`/`cd` as in
// MmaShape (cd: the accumulator's type).
struct WmmaShape {
  std::uint32_t m = 16, n = 16, k = 16;
  MmaType ab = MmaType::F16;
  MmaType cd = MmaType::F32;
};
bool wmmaSupported(const WmmaShape &s);
// num_elements as CUDA's <mma.h> declares it: half's matrix_a/matrix_b keep
// 16 whatever the shape (the Volta layout's size), so some of their elements
// repeat others (element i holds element i mod wmmaDistinct's).
std::uint32_t wmmaElements(const WmmaShape &s, MmaOperand op);
std::uint32_t wmmaDistinct(const WmmaShape &s, MmaOperand op);
MatrixPos wmmaElement(const WmmaShape &s, MmaOperand op, std::uint32_t lane, std::uint32_t i);

// D = A * B + C. A is m x k, B k x n, C and D m x n, all row-major arrays
// of element bits (the low mmaTypeBits of each; signed 8-bit elements as
// their byte). `satfinite`: float results clamp to the finite range (NaN
// gives +0), integer sums saturate in 32 bits.
void mmaCompute(std::uint32_t m, std::uint32_t n, std::uint32_t k, MmaType ab, MmaType cd,
                const std::uint64_t *a, const std::uint64_t *b, const std::uint64_t *c,
                std::uint64_t *d, bool satfinite = false);

// Element bits to a double (exact for every input type), and back with one
// rounding to nearest even (f16, bf16, f32; NaN canonical).
double mmaToDouble(MmaType t, std::uint64_t bits);
std::uint64_t mmaFromDouble(MmaType t, double v);

// cvt.rna.tf32.f32 (__float_to_tf32): round to the nearest tf32 value, ties
// away from zero; the low 13 bits are zero.
std::uint32_t floatToTf32(std::uint32_t f32bits);

} // namespace warpsim::model
