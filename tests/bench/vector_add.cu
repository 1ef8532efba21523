// Benchmark (a): 1M-element float vector add, 256-thread blocks.
//   out[i] = a[i] + b[i], one thread per element, guarded by i < n.
// Self-checks every element exactly (inputs are small integers) and prints
// PASS. Optional argv[1] overrides the element count (default 1<<20).
// Also prints `kernel_ms=...` (cudaEvent timing of the launch) when the
// runtime's event timing works; that line is informational, never asserted.
#include <cstdio>
#include <cstdlib>
#include <cmath>
#include <cuda_runtime.h>

#include "cuda_check.h"

constexpr int THREADS_PER_BLOCK = 256;

__global__ void vector_add(float *out, const float *a, const float *b, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = a[i] + b[i];
}

int main(int argc, char **argv) {
  const int n = argc > 1 ? std::atoi(argv[1]) : (1 << 20);
  if (n <= 0) {
    std::printf("FAIL: bad element count\n");
    return 1;
  }
  const size_t bytes = size_t(n) * sizeof(float);
  float *h_a = static_cast<float *>(std::malloc(bytes));
  float *h_b = static_cast<float *>(std::malloc(bytes));
  float *h_out = static_cast<float *>(std::malloc(bytes));
  if (!h_a || !h_b || !h_out) {
    std::printf("FAIL: host allocation\n");
    return 1;
  }
  for (int i = 0; i < n; ++i) {
    h_a[i] = float(i % 1024);
    h_b[i] = float(2 * (i % 517));
  }

  float *d_a = nullptr, *d_b = nullptr, *d_out = nullptr;
  CUDA_CHECK(cudaMalloc(&d_a, bytes));
  CUDA_CHECK(cudaMalloc(&d_b, bytes));
  CUDA_CHECK(cudaMalloc(&d_out, bytes));
  CUDA_CHECK(cudaMemset(d_out, 0, bytes));
  CUDA_CHECK(cudaMemcpy(d_a, h_a, bytes, cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(d_b, h_b, bytes, cudaMemcpyHostToDevice));

  const int blocks = (n + THREADS_PER_BLOCK - 1) / THREADS_PER_BLOCK;

  // Optional timing: failures here are not errors of the program under test.
  cudaEvent_t start = nullptr, stop = nullptr;
  bool timed = cudaEventCreate(&start) == cudaSuccess && cudaEventCreate(&stop) == cudaSuccess &&
               cudaEventRecord(start) == cudaSuccess;
  if (!timed) (void)cudaGetLastError();

  vector_add<<<blocks, THREADS_PER_BLOCK>>>(d_out, d_a, d_b, n);
  CUDA_CHECK(cudaGetLastError());

  float kernel_ms = 0.0f;
  if (timed) timed = cudaEventRecord(stop) == cudaSuccess;
  CUDA_CHECK(cudaDeviceSynchronize());
  if (timed) timed = cudaEventElapsedTime(&kernel_ms, start, stop) == cudaSuccess;
  if (!timed) (void)cudaGetLastError();
  if (start) (void)cudaEventDestroy(start);
  if (stop) (void)cudaEventDestroy(stop);
  (void)cudaGetLastError();

  CUDA_CHECK(cudaMemcpy(h_out, d_out, bytes, cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaFree(d_a));
  CUDA_CHECK(cudaFree(d_b));
  CUDA_CHECK(cudaFree(d_out));

  int bad = 0;
  for (int i = 0; i < n; ++i) {
    const float want = h_a[i] + h_b[i];
    if (h_out[i] != want) {
      if (bad < 8) std::printf("mismatch at %d: got %g, expected %g\n", i, h_out[i], want);
      ++bad;
    }
  }
  std::printf("vector_add: n=%d blocks=%d threads_per_block=%d\n", n, blocks, THREADS_PER_BLOCK);
  std::printf("out: [%g, %g, %g, ..., %g]\n", h_out[0], h_out[1], h_out[2], h_out[n - 1]);
  if (timed) std::printf("kernel_ms=%.3f\n", kernel_ms);
  std::free(h_a);
  std::free(h_b);
  std::free(h_out);
  if (bad) {
    std::printf("FAIL: %d of %d values wrong\n", bad, n);
    return 1;
  }
  std::printf("PASS\n");
  return 0;
}
