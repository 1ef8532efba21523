// BUG VARIANT of kernels/h08_mma_ldmatrix_gemm.cu (the correct twin): a
// per-lane bounds guard around the mma.sync, written as if each lane
// computed its own rows: "skip the product when the second row this lane
// holds (g + 8) is past M_VALID = 60". mma.sync.aligned is a warp
// instruction: every lane of the warp must execute it together (PTX: the
// behaviour is undefined otherwise; a GPU runs it with half the warp's
// registers missing). For the last row of warps (rows 48..63) lanes 16..31
// go on to the __syncthreads() while lanes 0..15 wait at the mma.sync for
// them: warpsim reports the collective that waits for lanes which never
// arrive, and the deadlock this makes in the simulated block.
// EXPECT: warp-sync-mask - error at=@mma
// EXPECT: deadlock - error at=@mma at=@past
// MESSAGE: mma\.sync with mask 0xffffffff waits for lanes 16\.\.31 named in the mask, which never arrive \(waiting at __syncthreads\(\)\)
// h08 - GEMM with inline PTX mma.sync and ldmatrix, as CUTLASS's sm_80
// warp-level kernels and FlashAttention-2 write it: D = A * B with A
// (M x K) and B (K x N) in half (both row-major), D in float, M = N = K = 64.
// Grid 2 x 2 blocks of 4 warps; a block computes a 32 x 32 tile of D, each
// warp a 16 x 16 part as two m16n8k16 accumulators. Per step of 16 along k
// the block copies a 32 x 16 tile of A and a 16 x 32 tile of B into shared
// memory (rows padded to 48 and 80 bytes: every row address stays 16-byte
// aligned and the 8 rows of an 8x8 matrix fall in different banks),
// __syncthreads(); then each warp
//   ldmatrix.x4        the A fragment (four 8x8 matrices: rows 0-7/8-15 x
//                      k 0-7/8-15; lane l addresses row l % 16, k 8 * (l / 16)),
//   ldmatrix.x4.trans  both B fragments from the row-major B tile (.trans
//                      gives the k-pairs of a column: the "col" operand),
//   mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 twice,
// and __syncthreads() before the next tiles. The accumulators are written
// from their registers as the PTX ISA lays them out (c0,c1: row g, columns
// 2t, 2t+1; c2,c3: row g+8; g = lane / 4, t = lane % 4).
// Small-integer inputs: exact sums, so the H100's output is expected to be
// bit-identical. Exact host reference.
#include <cuda_fp16.h>

#include "../puzzle.h"

constexpr int M = 64, N = 64, K = 64;
constexpr int TILE_M = 32, TILE_N = 32, TILE_K = 16;
constexpr int LDA = TILE_K + 8, LDB = TILE_N + 8; // halves
constexpr int THREADS = 128;
constexpr int M_VALID = 60; // rows of D that are wanted

__device__ unsigned smem(const void *p) {
  return static_cast<unsigned>(__cvta_generic_to_shared(p));
}

__global__ void mma_gemm(float *d, const half *a, const half *b) {
  __shared__ __align__(16) half as[TILE_M * LDA];
  __shared__ __align__(16) half bs[TILE_K * LDB];
  const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  const int wm = warp / 2, wn = warp % 2;
  const int row0 = blockIdx.y * TILE_M, col0 = blockIdx.x * TILE_N;
  float acc[2][4] = {};
  for (int k0 = 0; k0 < K; k0 += TILE_K) {
    for (int i = threadIdx.x; i < TILE_M * TILE_K; i += THREADS)
      as[(i / TILE_K) * LDA + i % TILE_K] = a[(row0 + i / TILE_K) * K + k0 + i % TILE_K];
    for (int i = threadIdx.x; i < TILE_K * TILE_N; i += THREADS)
      bs[(i / TILE_N) * LDB + i % TILE_N] = b[(k0 + i / TILE_N) * N + col0 + i % TILE_N];
    __syncthreads();
    unsigned fa[4], fb[4];
    const unsigned pa = smem(&as[(wm * 16 + lane % 16) * LDA + (lane / 16) * 8]);
    asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];"
                 : "=r"(fa[0]), "=r"(fa[1]), "=r"(fa[2]), "=r"(fa[3])
                 : "r"(pa));
    const unsigned pb = smem(&bs[(lane % 16) * LDB + wn * 16 + (lane / 16) * 8]);
    asm volatile("ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {%0, %1, %2, %3}, [%4];"
                 : "=r"(fb[0]), "=r"(fb[1]), "=r"(fb[2]), "=r"(fb[3])
                 : "r"(pb));
    const bool rowsValid = row0 + wm * 16 + lane / 4 + 8 < M_VALID;
    for (int nt = 0; nt < 2 && rowsValid; ++nt)
      asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0, %1, %2, %3}, " // @mma
                   "{%4, %5, %6, %7}, {%8, %9}, {%0, %1, %2, %3};"
                   : "+f"(acc[nt][0]), "+f"(acc[nt][1]), "+f"(acc[nt][2]), "+f"(acc[nt][3])
                   : "r"(fa[0]), "r"(fa[1]), "r"(fa[2]), "r"(fa[3]), "r"(fb[2 * nt]),
                     "r"(fb[2 * nt + 1]));
    __syncthreads(); // @past
  }
  const int g = lane / 4, t = lane % 4;
  for (int nt = 0; nt < 2; ++nt)
    for (int i = 0; i < 4; ++i) {
      const int r = row0 + wm * 16 + g + 8 * (i / 2);
      const int c = col0 + wn * 16 + nt * 8 + 2 * t + i % 2;
      d[r * N + c] = acc[nt][i];
    }
}

int main() {
  static half h_a[M * K], h_b[K * N];
  static float h_d[M * N], expected[M * N], fa[M * K], fb[K * N];
  for (int i = 0; i < M * K; ++i) {
    fa[i] = float((i * 7 + i / K) % 9 - 4);
    h_a[i] = __float2half(fa[i]);
  }
  for (int i = 0; i < K * N; ++i) {
    fb[i] = float((i * 5 + 3 * (i / N)) % 7 - 3);
    h_b[i] = __float2half(fb[i]);
  }
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < N; ++j) {
      float s = 0;
      for (int k = 0; k < K; ++k)
        s += fa[i * K + k] * fb[k * N + j];
      expected[i * N + j] = s;
    }

  DeviceBuffer<half> d_a(h_a, M * K);
  DeviceBuffer<half> d_b(h_b, K * N);
  DeviceBuffer<float> d_d(M * N);
  mma_gemm<<<dim3(N / TILE_N, M / TILE_M), THREADS>>>(d_d.data(), d_a.data(), d_b.data());
  CUDA_CHECK_LAUNCH();
  d_d.download(h_d);

  print_array("d[0:8]", h_d, 8);
  print_array("expected[0:8]", expected, 8);
  puzzle_output("d", h_d, M * N);
  return finish(check_equal(h_d, expected, M * N));
}
