// warpsim-golden: skip (full size by default; the bench_small tests run it small)
// Realistic-size suite: out-of-place matrix transpose of an n x n float
// matrix, n = 8192 / scale (argv[1] = scale, default 1; a multiple of 32),
// through a 32 x 33 shared tile (the padding column avoids bank conflicts;
// Ruetsch & Micikevicius, "Optimizing matrix transpose in CUDA"). 32 x 8
// thread blocks, each thread moving four elements each way; transposed
// twice, so the result must be the input again, and once checked directly.
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "../cuda_check.h"

constexpr int kTile = 32, kRows = 8;

__global__ void transpose(const float *in, float *out, int n) {
  __shared__ float tile[kTile][kTile + 1];
  int x = blockIdx.x * kTile + threadIdx.x, y = blockIdx.y * kTile + threadIdx.y;
  for (int j = 0; j < kTile; j += kRows)
    tile[threadIdx.y + j][threadIdx.x] = in[size_t(y + j) * n + x];
  __syncthreads();
  x = blockIdx.y * kTile + threadIdx.x;
  y = blockIdx.x * kTile + threadIdx.y;
  for (int j = 0; j < kTile; j += kRows)
    out[size_t(y + j) * n + x] = tile[threadIdx.x][threadIdx.y + j];
}

int main(int argc, char **argv) {
  const int scale = argc > 1 ? std::atoi(argv[1]) : 1;
  if (scale < 1 || 8192 / scale < kTile) {
    std::printf("FAIL: bad scale\n");
    return 1;
  }
  const int n = 8192 / scale / kTile * kTile;
  const size_t cells = size_t(n) * n, bytes = cells * sizeof(float);
  std::vector<float> a(cells);
  for (size_t i = 0; i < cells; ++i)
    a[i] = float(i % 1000003);
  float *d_a, *d_b;
  CUDA_CHECK(cudaMalloc(&d_a, bytes));
  CUDA_CHECK(cudaMalloc(&d_b, bytes));
  CUDA_CHECK(cudaMemcpy(d_a, a.data(), bytes, cudaMemcpyHostToDevice));
  dim3 block(kTile, kRows), grid(n / kTile, n / kTile);
  transpose<<<grid, block>>>(d_a, d_b, n);
  CUDA_CHECK(cudaGetLastError());
  std::vector<float> t(cells), back(cells);
  CUDA_CHECK(cudaMemcpy(t.data(), d_b, bytes, cudaMemcpyDeviceToHost));
  transpose<<<grid, block>>>(d_b, d_a, n);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaMemcpy(back.data(), d_a, bytes, cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaFree(d_a));
  CUDA_CHECK(cudaFree(d_b));

  long bad = 0;
  for (int y = 0; y < n; ++y)
    for (int x = 0; x < n; ++x) {
      const size_t i = size_t(y) * n + x;
      if (t[i] != a[size_t(x) * n + y] || back[i] != a[i]) {
        if (bad < 5)
          std::printf("(%d, %d): transposed %g (expected %g), back %g (expected %g)\n", x, y,
                      t[i], a[size_t(x) * n + y], back[i], a[i]);
        ++bad;
      }
    }
  std::printf("transpose8k: n=%d\n", n);
  if (bad) {
    std::printf("FAIL: %ld of %zu elements wrong\n", bad, cells);
    return 1;
  }
  std::printf("PASS\n");
  return 0;
}
