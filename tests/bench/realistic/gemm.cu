// warpsim-golden: skip (full size by default; the bench_small tests run it small)
// Realistic-size suite: single-precision GEMM C = A B with shared-memory
// tiles (the CUDA programming guide's tiled matrix multiply). n x n x n
// with n = 1024 / scale (argv[1] = scale, default 1; a multiple of 16),
// 16 x 16 tiles and blocks. Small integer entries keep every dot product
// exact; the host recomputes 64 rows (all of them when n <= 64) and
// compares exactly.
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "../cuda_check.h"

constexpr int kTile = 16;

__global__ void gemm_tiled(const float *a, const float *b, float *c, int n) {
  __shared__ float as[kTile][kTile];
  __shared__ float bs[kTile][kTile];
  int row = blockIdx.y * kTile + threadIdx.y, col = blockIdx.x * kTile + threadIdx.x;
  float sum = 0.0f;
  for (int t = 0; t < n; t += kTile) {
    as[threadIdx.y][threadIdx.x] = a[size_t(row) * n + t + threadIdx.x];
    bs[threadIdx.y][threadIdx.x] = b[size_t(t + threadIdx.y) * n + col];
    __syncthreads();
    for (int k = 0; k < kTile; ++k)
      sum += as[threadIdx.y][k] * bs[k][threadIdx.x];
    __syncthreads();
  }
  c[size_t(row) * n + col] = sum;
}

int main(int argc, char **argv) {
  const int scale = argc > 1 ? std::atoi(argv[1]) : 1;
  if (scale < 1 || 1024 / scale < kTile) {
    std::printf("FAIL: bad scale\n");
    return 1;
  }
  const int n = 1024 / scale / kTile * kTile;
  const size_t cells = size_t(n) * n, bytes = cells * sizeof(float);
  std::vector<float> a(cells), b(cells), c(cells);
  unsigned s = 555;
  for (size_t i = 0; i < cells; ++i) {
    s = s * 1664525u + 1013904223u;
    a[i] = float(int(s >> 29) - 4); // -4 .. 3
    s = s * 1664525u + 1013904223u;
    b[i] = float(int(s >> 30) - 2); // -2 .. 1
  }
  float *d_a, *d_b, *d_c;
  CUDA_CHECK(cudaMalloc(&d_a, bytes));
  CUDA_CHECK(cudaMalloc(&d_b, bytes));
  CUDA_CHECK(cudaMalloc(&d_c, bytes));
  CUDA_CHECK(cudaMemcpy(d_a, a.data(), bytes, cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(d_b, b.data(), bytes, cudaMemcpyHostToDevice));
  dim3 block(kTile, kTile), grid(n / kTile, n / kTile);
  gemm_tiled<<<grid, block>>>(d_a, d_b, d_c, n);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaMemcpy(c.data(), d_c, bytes, cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaFree(d_a));
  CUDA_CHECK(cudaFree(d_b));
  CUDA_CHECK(cudaFree(d_c));

  const int stride = n <= 64 ? 1 : n / 64;
  long bad = 0;
  double trace = 0;
  std::vector<float> want(n);
  for (int i = 0; i < n; i += stride) {
    for (int j = 0; j < n; ++j)
      want[j] = 0.0f;
    for (int k = 0; k < n; ++k) {
      const float aik = a[size_t(i) * n + k];
      const float *brow = &b[size_t(k) * n];
      for (int j = 0; j < n; ++j)
        want[j] += aik * brow[j];
    }
    for (int j = 0; j < n; ++j)
      if (c[size_t(i) * n + j] != want[j]) {
        if (bad < 5)
          std::printf("C[%d][%d]: got %g, expected %g\n", i, j, c[size_t(i) * n + j], want[j]);
        ++bad;
      }
  }
  for (int i = 0; i < n; ++i)
    trace += c[size_t(i) * n + i];
  std::printf("gemm: n=%d rows_checked=%d trace=%.0f\n", n, (n + stride - 1) / stride, trace);
  if (bad) {
    std::printf("FAIL: %ld entries wrong\n", bad);
    return 1;
  }
  std::printf("PASS\n");
  return 0;
}
