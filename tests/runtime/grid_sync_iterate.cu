// An iterative solver step in one cooperative kernel: every iteration reads
// the neighbours' values of the previous one, so the grid synchronises twice
// per iteration (after reading, after writing). The launch is sized by the
// occupancy calculator; one block too many is refused.
#include <algorithm>
#include <cooperative_groups.h>
#include <cstdio>
#include <cuda_runtime.h>

namespace cg = cooperative_groups;

constexpr int kThreads = 64;

__global__ void smooth(float *x, int n, int iterations) {
  cg::grid_group grid = cg::this_grid();
  for (int it = 0; it < iterations; ++it) {
    float v[4];
    int k = 0;
    for (unsigned long long i = grid.thread_rank(); i < static_cast<unsigned long long>(n);
         i += grid.size(), ++k) {
      const float left = i > 0 ? x[i - 1] : 0.0f;
      const float right = i + 1 < static_cast<unsigned long long>(n) ? x[i + 1] : 0.0f;
      v[k] = 0.25f * left + 0.5f * x[i] + 0.25f * right;
    }
    grid.sync();
    k = 0;
    for (unsigned long long i = grid.thread_rank(); i < static_cast<unsigned long long>(n);
         i += grid.size(), ++k)
      x[i] = v[k];
    grid.sync();
  }
}

int main() {
  const int n = 1000, iterations = 5;
  float h[n], ref[n], tmp[n];
  for (int i = 0; i < n; ++i)
    h[i] = ref[i] = static_cast<float>((i * 37) % 101);
  for (int it = 0; it < iterations; ++it) {
    for (int i = 0; i < n; ++i)
      tmp[i] = 0.25f * (i > 0 ? ref[i - 1] : 0.0f) + 0.5f * ref[i] +
               0.25f * (i + 1 < n ? ref[i + 1] : 0.0f);
    for (int i = 0; i < n; ++i)
      ref[i] = tmp[i];
  }
  int sms = 0, perSm = 0;
  cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
  cudaOccupancyMaxActiveBlocksPerMultiprocessor(&perSm, smooth, kThreads, 0);
  float *x;
  cudaMalloc(&x, sizeof h);
  cudaMemcpy(x, h, sizeof h, cudaMemcpyHostToDevice);
  int count = n, iters = iterations;
  void *args[] = {&x, &count, &iters};
  cudaError_t e = cudaLaunchCooperativeKernel((void *)smooth, dim3(sms * perSm + 1),
                                              dim3(kThreads), args, 0, 0);
  printf("%d blocks: %s\n", sms * perSm + 1 > 8 ? -1 : sms * perSm + 1, cudaGetErrorName(e));
  const int blocks = std::min(4, sms * perSm); // 256 threads for 1000 elements: 4 each
  e = cudaLaunchCooperativeKernel((void *)smooth, dim3(blocks), dim3(kThreads), args, 0, 0);
  printf("%d blocks: %s, then %s\n", blocks, cudaGetErrorName(e),
         cudaGetErrorName(cudaDeviceSynchronize()));
  cudaMemcpy(h, x, sizeof h, cudaMemcpyDeviceToHost);
  int bad = 0;
  for (int i = 0; i < n; ++i)
    bad += h[i] != ref[i];
  printf("%d wrong\n%s\n", bad, bad == 0 ? "PASS" : "FAIL");
  return bad == 0 ? 0 : 1;
}
