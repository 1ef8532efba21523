// Benchmark (b): 1M-element shared-memory block reduction.
// 256 threads per block; each thread loads one element (0 past the end) into
// shared memory, __syncthreads(), then a stride-halving tree with one
// __syncthreads() per step (8 steps); thread 0 writes the block's partial sum.
// The host checks every partial exactly (inputs are small integers, so every
// partial is exact in float), sums the partials and checks the total.
// Optional argv[1] overrides the element count (default 1<<20). Prints
// `kernel_ms=...` when the runtime's event timing works (informational).
#include <cstdio>
#include <cstdlib>
#include <cmath>
#include <cuda_runtime.h>

#include "cuda_check.h"

constexpr int THREADS_PER_BLOCK = 256;

__global__ void block_reduce(float *partials, const float *in, int n) {
  __shared__ float sdata[THREADS_PER_BLOCK];
  int tid = threadIdx.x;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  sdata[tid] = i < n ? in[i] : 0.0f;
  __syncthreads();

  for (int stride = THREADS_PER_BLOCK / 2; stride > 0; stride /= 2) {
    if (tid < stride) sdata[tid] += sdata[tid + stride];
    __syncthreads();
  }

  if (tid == 0) partials[blockIdx.x] = sdata[0];
}

int main(int argc, char **argv) {
  const int n = argc > 1 ? std::atoi(argv[1]) : (1 << 20);
  if (n <= 0) {
    std::printf("FAIL: bad element count\n");
    return 1;
  }
  const int blocks = (n + THREADS_PER_BLOCK - 1) / THREADS_PER_BLOCK;
  const size_t bytes = size_t(n) * sizeof(float);
  const size_t pbytes = size_t(blocks) * sizeof(float);
  float *h_in = static_cast<float *>(std::malloc(bytes));
  float *h_partials = static_cast<float *>(std::malloc(pbytes));
  if (!h_in || !h_partials) {
    std::printf("FAIL: host allocation\n");
    return 1;
  }
  for (int i = 0; i < n; ++i) h_in[i] = float(i % 7);

  float *d_in = nullptr, *d_partials = nullptr;
  CUDA_CHECK(cudaMalloc(&d_in, bytes));
  CUDA_CHECK(cudaMalloc(&d_partials, pbytes));
  CUDA_CHECK(cudaMemset(d_partials, 0, pbytes));
  CUDA_CHECK(cudaMemcpy(d_in, h_in, bytes, cudaMemcpyHostToDevice));

  cudaEvent_t start = nullptr, stop = nullptr;
  bool timed = cudaEventCreate(&start) == cudaSuccess && cudaEventCreate(&stop) == cudaSuccess &&
               cudaEventRecord(start) == cudaSuccess;
  if (!timed) (void)cudaGetLastError();

  block_reduce<<<blocks, THREADS_PER_BLOCK>>>(d_partials, d_in, n);
  CUDA_CHECK(cudaGetLastError());

  float kernel_ms = 0.0f;
  if (timed) timed = cudaEventRecord(stop) == cudaSuccess;
  CUDA_CHECK(cudaDeviceSynchronize());
  if (timed) timed = cudaEventElapsedTime(&kernel_ms, start, stop) == cudaSuccess;
  if (!timed) (void)cudaGetLastError();
  if (start) (void)cudaEventDestroy(start);
  if (stop) (void)cudaEventDestroy(stop);
  (void)cudaGetLastError();

  CUDA_CHECK(cudaMemcpy(h_partials, d_partials, pbytes, cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaFree(d_in));
  CUDA_CHECK(cudaFree(d_partials));

  int bad = 0;
  long long total = 0, want_total = 0;
  for (int b = 0; b < blocks; ++b) {
    long long want = 0;
    for (int t = 0; t < THREADS_PER_BLOCK; ++t) {
      const int i = b * THREADS_PER_BLOCK + t;
      if (i < n) want += (long long)h_in[i];
    }
    want_total += want;
    total += (long long)h_partials[b];
    if (h_partials[b] != float(want)) {
      if (bad < 8) std::printf("mismatch in block %d: got %g, expected %lld\n", b, h_partials[b], want);
      ++bad;
    }
  }
  std::printf("block_reduce: n=%d blocks=%d threads_per_block=%d\n", n, blocks, THREADS_PER_BLOCK);
  std::printf("partials: [%g, %g, %g, ..., %g]\n", h_partials[0], blocks > 1 ? h_partials[1] : 0.0f,
              blocks > 2 ? h_partials[2] : 0.0f, h_partials[blocks - 1]);
  std::printf("sum: %lld (expected %lld)\n", total, want_total);
  if (timed) std::printf("kernel_ms=%.3f\n", kernel_ms);
  std::free(h_in);
  std::free(h_partials);
  if (bad || total != want_total) {
    std::printf("FAIL: %d of %d partial sums wrong\n", bad, blocks);
    return 1;
  }
  std::printf("PASS\n");
  return 0;
}
