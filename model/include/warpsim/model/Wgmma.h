// Warpgroup matrix multiply-accumulate (sm_90a's wgmma.mma_async): the
// shapes and types it takes, the 64-bit shared-memory matrix descriptor,
// where an operand element lies in shared memory under the descriptor's
// layout and swizzle ("Matrix Descriptor Format", "Shared Memory Matrix
// Layout"), which D and A elements each thread's registers hold ("Register
// Fragments" of m64nNk*), and D = A * B + D. The runtime
// (sim/runtime/WgmmaExecution.cpp) gathers the fragments and reads the tiles.
//
// A warpgroup is four consecutive warps; warp w of it (w = warp index % 4)
// holds rows 16w .. 16w+15 of A (register form) and of D, so each warp's
// part is an independent 16 x N product (the runtime computes it per warp).
//
// Numerics as mma.sync's (model/Mma.h): products exact, added to C in
// binary64 in k order, the sum rounded once to the accumulator type. The
// 8-bit floats convert exactly (e4m3: no infinities, S.1111.111 NaN).
#pragma once

#include <cstdint>
#include <string>

#include "warpsim/model/Mma.h"

namespace warpsim::model {

// wgmma.mma_async.sync.aligned.m64nNkK.dtype.atype.btype (m is 64).
struct WgmmaShape {
  std::uint32_t n = 8, k = 16;
  MmaType a = MmaType::F16, b = MmaType::F16, d = MmaType::F32;
};

// The forms warpsim executes: f16 (f16 or f32 D) and bf16 (f32 D) with k16,
// tf32 (f32 D) with k8, e4m3/e5m2 in any pairing (f16 or f32 D) with k32;
// N a multiple of 8 from 8 to 256. Empty when supported, else why not.
std::string wgmmaUnsupported(const WgmmaShape &s);
// Transposed (MN-major) operands exist only for 16-bit inputs (PTX:
// imm-trans-a/b are for .f16/.bf16).
constexpr bool wgmmaTransposable(const WgmmaShape &s) {
  return s.a == MmaType::F16 || s.a == MmaType::BF16;
}
// Accumulator registers per thread: N/2 for f32 D, N/4 (f16x2) for f16 D.
constexpr std::uint32_t wgmmaDRegisters(const WgmmaShape &s) {
  return s.d == MmaType::F32 ? s.n / 2 : s.n / 4;
}
// D elements per thread (N/2), in register order (f16: two per register,
// the low half first).
constexpr std::uint32_t wgmmaDElements(const WgmmaShape &s) { return s.n / 2; }
// Element `i` of D that lane `lane` of warp `w` (0..3) of the warpgroup holds:
// row 16w + lane/4 (+8 for i%4 >= 2), column 8(i/4) + 2(lane%4) + i%2.
MatrixPos wgmmaDElement(std::uint32_t w, std::uint32_t lane, std::uint32_t i);
// Register A: four 32-bit registers per thread, the 16 x K block of warp
// w laid out as mma.sync's A of m16n8k16 (16-bit), m16n8k8 (tf32) or
// m16n8k32 (8-bit); `i` counts elements (K/2 of them), rows from 16w.
std::uint32_t wgmmaAElements(const WgmmaShape &s);
MatrixPos wgmmaAElement(const WgmmaShape &s, std::uint32_t w, std::uint32_t lane, std::uint32_t i);

// The matrix descriptor: bits 0-13 start address >> 4, 16-29 leading
// dimension byte offset >> 4, 32-45 stride dimension byte offset >> 4,
// 49-51 base offset, 62-63 swizzle (0 none, 1 128B, 2 64B, 3 32B).
struct WgmmaDescriptor {
  std::uint32_t start = 0; // byte address in the CTA's shared window
  std::uint32_t lbo = 0, sbo = 0;
  std::uint32_t baseOffset = 0;
  std::uint32_t swizzle = 0; // span in bytes: 0, 32, 64, 128
};
WgmmaDescriptor wgmmaDecode(std::uint64_t desc);

// The shared address (in the window) of element (mn, k) of an operand
// whose descriptor is `d`: A is M x K (mn = row), B is N x K (mn = column of
// B). K-major (not transposed): core matrices of 8 rows x 16 bytes, K
// contiguous; without swizzle, 16-byte row pitch, LBO between core matrices
// along K, SBO between 8-row groups; with a swizzle of S bytes, rows of S
// bytes, SBO between 8-row groups (LBO unused). MN-major (transposed,
// 16-bit only): MN contiguous; without swizzle, core matrices of 8 k-rows x
// 16 bytes, SBO along MN, LBO along K; with a swizzle of S bytes, k-rows of
// S bytes, LBO between S-byte column blocks along MN, SBO between 8-row
// groups along K. The swizzle then XORs address bits 4.. with bits 7..
// (TensorMap.h's swizzleAddress, the pattern TMA writes). (CUTLASS
// cute/atom/mma_traits_sm90_gmma.hpp states the same canonical layouts.)
std::uint64_t wgmmaElementAddress(const WgmmaDescriptor &d, bool mnMajor, std::uint32_t elemBytes,
                                  std::uint32_t mn, std::uint32_t k);

// One warp's part: D (rows x n) = scaleD ? A * B + C : A * B, where A is
// rows x k and B k x n (row-major arrays of element bits); negA / negB:
// imm-scale-a / imm-scale-b of -1.
void wgmmaCompute(const WgmmaShape &s, std::uint32_t rows, const std::uint64_t *a,
                  const std::uint64_t *b, const std::uint64_t *c, std::uint64_t *d, bool scaleD,
                  bool negA, bool negB);

} // namespace warpsim::model
