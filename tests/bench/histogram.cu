// Benchmark (e): 256-bin histogram with atomics.
// n bytes (default 1<<20, argv[1] overrides), 256-thread blocks: each block
// clears a shared histogram, __syncthreads(), each thread does one shared
// atomicAdd for its element, __syncthreads(), then thread t adds bin t to the
// global histogram with one global atomicAdd. The host checks every bin.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#include "cuda_check.h"

constexpr int THREADS_PER_BLOCK = 256;
constexpr int BINS = 256;

__global__ void histogram(unsigned *bins, const unsigned char *in, int n) {
  __shared__ unsigned local[BINS];
  int tid = threadIdx.x;
  int i = blockIdx.x * blockDim.x + tid;
  local[tid] = 0;
  __syncthreads();
  if (i < n) atomicAdd(&local[in[i]], 1u);
  __syncthreads();
  if (local[tid] != 0) atomicAdd(&bins[tid], local[tid]);
}

int main(int argc, char **argv) {
  const int n = argc > 1 ? std::atoi(argv[1]) : (1 << 20);
  if (n <= 0) {
    std::printf("FAIL: bad element count\n");
    return 1;
  }
  const int blocks = (n + THREADS_PER_BLOCK - 1) / THREADS_PER_BLOCK;
  unsigned char *h_in = static_cast<unsigned char *>(std::malloc(n));
  unsigned h_bins[BINS] = {}, want[BINS] = {};
  if (!h_in) {
    std::printf("FAIL: host allocation\n");
    return 1;
  }
  // Skewed on purpose: every 4th element falls in bin 7, so atomics collide.
  for (int i = 0; i < n; ++i) h_in[i] = (unsigned char)(i % 4 == 0 ? 7 : (i * 37u) % 251u);
  for (int i = 0; i < n; ++i) ++want[h_in[i]];

  unsigned char *d_in = nullptr;
  unsigned *d_bins = nullptr;
  CUDA_CHECK(cudaMalloc(&d_in, n));
  CUDA_CHECK(cudaMalloc(&d_bins, sizeof(h_bins)));
  CUDA_CHECK(cudaMemcpy(d_in, h_in, n, cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemset(d_bins, 0, sizeof(h_bins)));
  histogram<<<blocks, THREADS_PER_BLOCK>>>(d_bins, d_in, n);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  CUDA_CHECK(cudaMemcpy(h_bins, d_bins, sizeof(h_bins), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaFree(d_in));
  CUDA_CHECK(cudaFree(d_bins));

  int bad = 0;
  for (int b = 0; b < BINS; ++b)
    if (h_bins[b] != want[b]) {
      if (bad < 8) std::printf("bin %d: got %u, expected %u\n", b, h_bins[b], want[b]);
      ++bad;
    }
  std::printf("histogram: n=%d blocks=%d threads_per_block=%d bin7=%u\n", n, blocks, THREADS_PER_BLOCK,
              h_bins[7]);
  std::free(h_in);
  if (bad) {
    std::printf("FAIL: %d of %d bins wrong\n", bad, BINS);
    return 1;
  }
  std::printf("PASS\n");
  return 0;
}
