// warpsim-golden: skip (full size by default; the bench_small tests run it small)
// Realistic-size suite: 3-D 7-point heat-diffusion stencil. An n^3 grid
// (n = 256 / scale, argv[1] = scale, default 1), fixed boundary, 100 time
// steps (100 / scale at scale > 1, at least 4). Each thread owns one (x, y)
// column and marches up z keeping the points below and above in registers
// (the "2.5-D" blocking of GPU stencil codes); 32 x 8 thread blocks, one
// launch per step. The host runs the same steps and compares every point.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "../cuda_check.h"

constexpr float kAlpha = 0.1f;

__global__ void heat_step(const float *in, float *out, int n) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x <= 0 || y <= 0 || x >= n - 1 || y >= n - 1)
    return;
  const size_t plane = size_t(n) * n;
  size_t i = plane + size_t(y) * n + x;
  float below = in[i - plane], here = in[i];
  for (int z = 1; z < n - 1; ++z, i += plane) {
    float above = in[i + plane];
    float lap = in[i - 1] + in[i + 1] + in[i - n] + in[i + n] + below + above - 6.0f * here;
    out[i] = here + kAlpha * lap;
    below = here;
    here = above;
  }
}

static void host_step(const std::vector<float> &in, std::vector<float> &out, int n) {
  const size_t plane = size_t(n) * n;
  for (int z = 1; z < n - 1; ++z)
    for (int y = 1; y < n - 1; ++y)
      for (int x = 1; x < n - 1; ++x) {
        size_t i = z * plane + size_t(y) * n + x;
        float lap = in[i - 1] + in[i + 1] + in[i - n] + in[i + n] + in[i - plane] +
                    in[i + plane] - 6.0f * in[i];
        out[i] = in[i] + kAlpha * lap;
      }
}

int main(int argc, char **argv) {
  const int scale = argc > 1 ? std::atoi(argv[1]) : 1;
  if (scale < 1 || 256 / scale < 8) {
    std::printf("FAIL: bad scale\n");
    return 1;
  }
  const int n = 256 / scale;
  const int steps = 100 / scale < 4 ? 4 : 100 / scale;
  const size_t cells = size_t(n) * n * n, bytes = cells * sizeof(float);
  // A hot bottom face and a hot cube in the middle.
  std::vector<float> a(cells, 0.0f);
  for (size_t i = 0; i < size_t(n) * n; ++i)
    a[i] = 1.0f;
  for (int z = n / 3; z < 2 * n / 3; ++z)
    for (int y = n / 3; y < 2 * n / 3; ++y)
      for (int x = n / 3; x < 2 * n / 3; ++x)
        a[(size_t(z) * n + y) * n + x] = 2.0f;
  std::vector<float> b = a;

  float *d_a = nullptr, *d_b = nullptr;
  CUDA_CHECK(cudaMalloc(&d_a, bytes));
  CUDA_CHECK(cudaMalloc(&d_b, bytes));
  CUDA_CHECK(cudaMemcpy(d_a, a.data(), bytes, cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(d_b, a.data(), bytes, cudaMemcpyHostToDevice));
  dim3 block(32, 8), grid((n + 31) / 32, (n + 7) / 8);
  for (int s = 0; s < steps; ++s) {
    heat_step<<<grid, block>>>(s % 2 == 0 ? d_a : d_b, s % 2 == 0 ? d_b : d_a, n);
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
        std::printf("mismatch at %zu: got %g, expected %g\n", i, got[i], want[i]);
      ++bad;
    }
  }
  std::printf("stencil3d: n=%d steps=%d sum=%.3f\n", n, steps, sum);
  if (bad) {
    std::printf("FAIL: %ld of %zu points wrong\n", bad, cells);
    return 1;
  }
  std::printf("PASS\n");
  return 0;
}
