// BUG VARIANT of kernels/h07_wmma_gemm.cu (the correct twin): the
// __syncthreads() between the block's copy of the A and B tiles into shared
// memory and the warps' load_matrix_sync of them is gone. A warp's
// load_matrix_sync reads tile elements that other warps of the block store,
// with nothing ordering the two: a read-after-write race in shared memory
// (on a GPU the fragment may hold the previous step's or uninitialised
// values). The __syncthreads() at the end of the step stays, so the next
// step's stores do not race with this step's loads.
// EXPECT: race shared error hazard=RAW at=@load at=@store
// EXPECT: race shared error hazard=RAW at=@loadb at=@storeb
// h07 - GEMM on the tensor cores with nvcuda::wmma (<mma.h>), the way
// NVIDIA's cudaTensorCoreGemm sample stages it: D = alpha * A * B + beta * C
// with A (M x K) and B (K x N) in half, C and D in float, M = N = K = 64.
// Grid 2 x 2 blocks of 4 warps; a block computes a 32 x 32 tile of D, each
// warp one 16 x 16 part of it with an f32 accumulator fragment. Per step of
// 16 along k, the block's 128 threads copy a 32 x 16 tile of A and a 16 x 32
// tile of B into shared memory (rows padded by 8 halves: ldm 24 and 40),
// __syncthreads(), each warp load_matrix_sync's its A (row_major) and B
// (row_major) fragments and mma_sync's, __syncthreads() before the next
// tiles overwrite the shared ones. Epilogue: C's fragment is loaded
// (mem_row_major), combined element by element through x[] (alpha = 2,
// beta = -1) and stored to D.
// Inputs are small integers (|A| <= 3, |B| <= 2), so every product and
// every partial sum is an integer below 2^24: the result is exact whatever
// the order of the tensor core's additions, and the H100's output is
// expected to be bit-identical. Exact host reference.
#include <mma.h>

#include "../puzzle.h"

using namespace nvcuda;

constexpr int M = 64, N = 64, K = 64;
constexpr int TILE_M = 32, TILE_N = 32, TILE_K = 16;
constexpr int LDA = TILE_K + 8, LDB = TILE_N + 8; // padded rows (halves)
constexpr int THREADS = 128;

__global__ void wmma_gemm(float *d, const half *a, const half *b, const float *c, float alpha,
                          float beta) {
  __shared__ __align__(32) half as[TILE_M * LDA];
  __shared__ __align__(32) half bs[TILE_K * LDB];
  const int warp = threadIdx.x / 32;
  const int wm = warp / 2, wn = warp % 2; // the warp's 16 x 16 part of the tile
  const int row0 = blockIdx.y * TILE_M, col0 = blockIdx.x * TILE_N;

  wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
  wmma::fill_fragment(acc, 0.0f);
  for (int k0 = 0; k0 < K; k0 += TILE_K) {
    for (int i = threadIdx.x; i < TILE_M * TILE_K; i += THREADS) {
      const int r = i / TILE_K, k = i % TILE_K;
      as[r * LDA + k] = a[(row0 + r) * K + k0 + k]; // @store
    }
    for (int i = threadIdx.x; i < TILE_K * TILE_N; i += THREADS) {
      const int k = i / TILE_N, cc = i % TILE_N;
      bs[k * LDB + cc] = b[(k0 + k) * N + col0 + cc]; // @storeb
    }
    wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> fa;
    wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::row_major> fb;
    wmma::load_matrix_sync(fa, as + wm * 16 * LDA, LDA); // @load
    wmma::load_matrix_sync(fb, bs + wn * 16, LDB); // @loadb
    wmma::mma_sync(acc, fa, fb, acc);
    __syncthreads();
  }
  const int r = row0 + wm * 16, cc = col0 + wn * 16;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> fc;
  wmma::load_matrix_sync(fc, c + r * N + cc, N, wmma::mem_row_major);
  for (int i = 0; i < fc.num_elements; ++i)
    fc.x[i] = alpha * acc.x[i] + beta * fc.x[i];
  wmma::store_matrix_sync(d + r * N + cc, fc, N, wmma::mem_row_major);
}

int main() {
  static half h_a[M * K], h_b[K * N];
  static float h_c[M * N], h_d[M * N], expected[M * N];
  static float fa[M * K], fb[K * N];
  for (int i = 0; i < M; ++i)
    for (int k = 0; k < K; ++k) {
      fa[i * K + k] = float((i * 3 + k) % 7 - 3);
      h_a[i * K + k] = __float2half(fa[i * K + k]);
    }
  for (int k = 0; k < K; ++k)
    for (int j = 0; j < N; ++j) {
      fb[k * N + j] = float((k * 5 + j * 3) % 5 - 2);
      h_b[k * N + j] = __float2half(fb[k * N + j]);
    }
  for (int i = 0; i < M * N; ++i)
    h_c[i] = float(i % 13 - 6);
  const float alpha = 2.0f, beta = -1.0f;
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < N; ++j) {
      float s = 0;
      for (int k = 0; k < K; ++k)
        s += fa[i * K + k] * fb[k * N + j];
      expected[i * N + j] = alpha * s + beta * h_c[i * N + j];
    }

  DeviceBuffer<half> d_a(h_a, M * K);
  DeviceBuffer<half> d_b(h_b, K * N);
  DeviceBuffer<float> d_c(h_c, M * N);
  DeviceBuffer<float> d_d(M * N);
  wmma_gemm<<<dim3(N / TILE_N, M / TILE_M), THREADS>>>(d_d.data(), d_a.data(), d_b.data(),
                                                       d_c.data(), alpha, beta);
  CUDA_CHECK_LAUNCH();
  d_d.download(h_d);

  print_array("d[0:8]", h_d, 8);
  print_array("expected[0:8]", expected, 8);
  puzzle_output("d", h_d, M * N);
  return finish(check_equal(h_d, expected, M * N));
}
