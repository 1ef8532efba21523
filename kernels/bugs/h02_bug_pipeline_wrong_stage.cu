// BUG VARIANT of kernels/h02_pipeline_matmul.cu (the correct twin): the
// multiply reads the wrong stage, the one just committed ((fetched - 1) mod
// STAGES) instead of the one consumer_wait() waited for (kt mod STAGES).
// consumer_wait() waits for the oldest committed stage only, so the newest
// one is still in flight: the block reads bytes its copies have not written
// yet (and multiplies the wrong k-tile once they have).
// EXPECT: async-copy shared error at=@read at=@copy
// EXPECT: race shared error hazard=RAW at=@read at=@copy
// EXPECT: uninitialized-read shared error at=@read
// h02 - multi-stage matmul with a block-scoped cuda::pipeline (libcu++).
// C (M x N) = A (M x K) * B (K x N), all row-major. One 16 x 16 block per
// 16 x 16 tile of C; the K dimension is walked in KTILES tiles of 16, with
// up to STAGES tiles in flight: the block acquires the head stage, every
// thread copies one element of the A tile and one of the B tile into it with
// cuda::memcpy_async (cp.async under the hood), and the block commits; then
// it waits for the tail stage (consumer_wait), multiplies the two tiles
// (each thread reads a row of A's tile and a column of B's tile: elements
// other threads copied) and releases the stage for the next refill.
// Grid (N/16, M/16) = (2, 2) x (16, 16); M = N = 32, K = 96, STAGES = 3.
// A[i] = (i mod 7) - 3, B[i] = (i mod 5) - 2; integer products, so the CPU
// reference is exact.
#include "../puzzle.h"
#include <cooperative_groups.h>
#include <cuda/pipeline>

namespace cg = cooperative_groups;

constexpr int T = 16; // tile edge
constexpr int M = 32, N = 32, K = 96;
constexpr int KTILES = K / T;
constexpr int STAGES = 3;

__global__ void matmul_pipelined(float *c, const float *a, const float *b) {
  __shared__ __align__(16) float as[STAGES][T][T];
  __shared__ __align__(16) float bs[STAGES][T][T];
  __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, STAGES> state;
  auto block = cg::this_thread_block();
  auto pipe = cuda::make_pipeline(block, &state);
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int row = blockIdx.y * T + ty, col = blockIdx.x * T + tx;

  float acc = 0.0f;
  int fetched = 0;
  for (int kt = 0; kt < KTILES; ++kt) {
    // Keep up to STAGES k-tiles in flight.
    for (; fetched < KTILES && fetched < kt + STAGES; ++fetched) {
      const int s = fetched % STAGES;
      pipe.producer_acquire();
      cuda::memcpy_async(&as[s][ty][tx], &a[row * K + fetched * T + tx], // @copy
                         cuda::aligned_size_t<4>(sizeof(float)), pipe);
      cuda::memcpy_async(&bs[s][ty][tx], &b[(fetched * T + ty) * N + col],
                         cuda::aligned_size_t<4>(sizeof(float)), pipe);
      pipe.producer_commit();
    }
    pipe.consumer_wait(); // k-tile kt has landed, for every thread's copies
    const int s = (fetched - 1) % STAGES; // BUG: the newest stage, not the oldest (kt)
    for (int k = 0; k < T; ++k)
      acc += as[s][ty][k] * bs[s][k][tx]; // @read
    pipe.consumer_release(); // the stage may be refilled
  }
  c[row * N + col] = acc;
}

int main() {
  static float h_a[M * K], h_b[K * N], h_c[M * N], expected[M * N];
  for (int i = 0; i < M * K; ++i)
    h_a[i] = float(i % 7 - 3);
  for (int i = 0; i < K * N; ++i)
    h_b[i] = float(i % 5 - 2);
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < N; ++j) {
      double sum = 0;
      for (int k = 0; k < K; ++k)
        sum += double(h_a[i * K + k]) * h_b[k * N + j];
      expected[i * N + j] = float(sum);
    }

  DeviceBuffer<float> d_a(h_a, M * K);
  DeviceBuffer<float> d_b(h_b, K * N);
  DeviceBuffer<float> d_c(M * N);
  matmul_pipelined<<<dim3(N / T, M / T), dim3(T, T)>>>(d_c.data(), d_a.data(), d_b.data());
  CUDA_CHECK_LAUNCH();
  d_c.download(h_c);

  print_array("c[0:8]", h_c, 8);
  print_array("expected[0:8]", expected, 8);
  puzzle_output("c", h_c, M * N);
  return finish(check_equal(h_c, expected, M * N));
}
