// warpsim-golden: skip (full size by default; the bench_small tests run it small)
// Realistic-size suite: 2-D Jacobi relaxation of Laplace's equation, the
// 5-point stencil every GPU course starts with. An n x n grid (n = 4096 /
// scale, argv[1] = scale, default 1) with fixed boundary values, 100 time
// steps (fewer at scale > 1: 100 / scale, at least 4), ping-pong buffers,
// 32 x 8 thread blocks, one launch per step. The host runs the same steps
// and compares every point (tolerance 1e-4: host and device may contract
// a*b+c differently).
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "../cuda_check.h"

__global__ void jacobi_step(const float *in, float *out, int n) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x <= 0 || y <= 0 || x >= n - 1 || y >= n - 1)
    return;
  size_t i = size_t(y) * n + x;
  out[i] = 0.25f * (in[i - 1] + in[i + 1] + in[i - n] + in[i + n]);
}

static void host_step(const std::vector<float> &in, std::vector<float> &out, int n) {
  for (int y = 1; y < n - 1; ++y)
    for (int x = 1; x < n - 1; ++x) {
      size_t i = size_t(y) * n + x;
      out[i] = 0.25f * (in[i - 1] + in[i + 1] + in[i - n] + in[i + n]);
    }
}

int main(int argc, char **argv) {
  const int scale = argc > 1 ? std::atoi(argv[1]) : 1;
  if (scale < 1 || 4096 / scale < 8) {
    std::printf("FAIL: bad scale\n");
    return 1;
  }
  const int n = 4096 / scale;
  const int steps = 100 / scale < 4 ? 4 : 100 / scale;
  const size_t cells = size_t(n) * n, bytes = cells * sizeof(float);
  // Boundary: a hot top edge and a warm left edge; interior starts at 0.
  std::vector<float> a(cells, 0.0f);
  for (int x = 0; x < n; ++x)
    a[x] = 100.0f;
  for (int y = 0; y < n; ++y)
    a[size_t(y) * n] = 50.0f;
  std::vector<float> b = a;

  float *d_a = nullptr, *d_b = nullptr;
  CUDA_CHECK(cudaMalloc(&d_a, bytes));
  CUDA_CHECK(cudaMalloc(&d_b, bytes));
  CUDA_CHECK(cudaMemcpy(d_a, a.data(), bytes, cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(d_b, a.data(), bytes, cudaMemcpyHostToDevice));
  dim3 block(32, 8), grid((n + 31) / 32, (n + 7) / 8);
  for (int s = 0; s < steps; ++s) {
    jacobi_step<<<grid, block>>>(s % 2 == 0 ? d_a : d_b, s % 2 == 0 ? d_b : d_a, n);
    CUDA_CHECK(cudaGetLastError());
  }
  std::vector<float> got(cells);
  CUDA_CHECK(cudaMemcpy(got.data(), steps % 2 == 0 ? d_a : d_b, bytes, cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaFree(d_a));
  CUDA_CHECK(cudaFree(d_b));

  for (int s = 0; s < steps; ++s)
    host_step(s % 2 == 0 ? a : b, s % 2 == 0 ? b : a, n);
  const std::vector<float> &want = steps % 2 == 0 ? a : b;
  long bad = 0;
  double sum = 0;
  for (size_t i = 0; i < cells; ++i) {
    sum += got[i];
    if (std::fabs(got[i] - want[i]) > 1e-4f * (1.0f + std::fabs(want[i]))) {
      if (bad < 5)
        std::printf("mismatch at (%zu, %zu): got %g, expected %g\n", i % n, i / n, got[i],
                    want[i]);
      ++bad;
    }
  }
  std::printf("jacobi2d: n=%d steps=%d sum=%.3f\n", n, steps, sum);
  if (bad) {
    std::printf("FAIL: %ld of %zu points wrong\n", bad, cells);
    return 1;
  }
  std::printf("PASS\n");
  return 0;
}
