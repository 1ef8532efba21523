// Benchmark (d): Hillis-Steele inclusive scan of each 256-element block.
// n floats (default 1<<20, argv[1] overrides), 256-thread blocks: each thread
// loads one element (0 past the end) into shared memory; then, for offset =
// 1, 2, 4 .. 128, it reads s[tid - offset], __syncthreads(), adds it,
// __syncthreads() (16 barriers per thread). The host checks every prefix sum
// exactly (inputs are small integers).
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#include "cuda_check.h"

constexpr int THREADS_PER_BLOCK = 256;

__global__ void block_scan(float *out, const float *in, int n) {
  __shared__ float s[THREADS_PER_BLOCK];
  int tid = threadIdx.x;
  int i = blockIdx.x * blockDim.x + tid;
  s[tid] = i < n ? in[i] : 0.0f;
  __syncthreads();
  for (int offset = 1; offset < THREADS_PER_BLOCK; offset *= 2) {
    float add = tid >= offset ? s[tid - offset] : 0.0f;
    __syncthreads();
    s[tid] += add;
    __syncthreads();
  }
  if (i < n) out[i] = s[tid];
}

int main(int argc, char **argv) {
  const int n = argc > 1 ? std::atoi(argv[1]) : (1 << 20);
  if (n <= 0) {
    std::printf("FAIL: bad element count\n");
    return 1;
  }
  const int blocks = (n + THREADS_PER_BLOCK - 1) / THREADS_PER_BLOCK;
  const size_t bytes = size_t(n) * sizeof(float);
  float *h_in = static_cast<float *>(std::malloc(bytes));
  float *h_out = static_cast<float *>(std::malloc(bytes));
  if (!h_in || !h_out) {
    std::printf("FAIL: host allocation\n");
    return 1;
  }
  for (int i = 0; i < n; ++i) h_in[i] = float(i % 5);

  float *d_in = nullptr, *d_out = nullptr;
  CUDA_CHECK(cudaMalloc(&d_in, bytes));
  CUDA_CHECK(cudaMalloc(&d_out, bytes));
  CUDA_CHECK(cudaMemcpy(d_in, h_in, bytes, cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemset(d_out, 0, bytes));
  block_scan<<<blocks, THREADS_PER_BLOCK>>>(d_out, d_in, n);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  CUDA_CHECK(cudaMemcpy(h_out, d_out, bytes, cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaFree(d_in));
  CUDA_CHECK(cudaFree(d_out));

  long bad = 0;
  float run = 0.0f;
  for (int i = 0; i < n; ++i) {
    if (i % THREADS_PER_BLOCK == 0) run = 0.0f;
    run += h_in[i];
    if (h_out[i] != run) {
      if (bad < 8) std::printf("mismatch at %d: got %g, expected %g\n", i, h_out[i], run);
      ++bad;
    }
  }
  std::printf("scan: n=%d blocks=%d threads_per_block=%d\n", n, blocks, THREADS_PER_BLOCK);
  std::free(h_in);
  std::free(h_out);
  if (bad) {
    std::printf("FAIL: %ld of %d prefix sums wrong\n", bad, n);
    return 1;
  }
  std::printf("PASS\n");
  return 0;
}
