// CUDA twin of tests/hip/wave_reduce.hip: __shfl_down_sync with the full
// mask where HIP's __shfl_down has none. Lines starting "ws:" depend on the
// warp size.
#include <cuda_runtime.h>

#include <cstdio>

#define CUDA_CHECK(expr)                                                                           \
  do {                                                                                             \
    cudaError_t e_ = (expr);                                                                       \
    if (e_ != cudaSuccess) {                                                                       \
      std::printf("%s failed: %s\n", #expr, cudaGetErrorString(e_));                               \
      return 1;                                                                                    \
    }                                                                                              \
  } while (0)

#ifndef WARPSIM_FULL_MASK
#define WARPSIM_FULL_MASK 0xffffffffu
#endif

__device__ int wave_sum(int v) {
  for (int offset = warpSize / 2; offset > 0; offset /= 2)
    v += __shfl_down_sync(WARPSIM_FULL_MASK, v, offset);
  return v;
}

__global__ void __launch_bounds__(256) block_sum(const int *in, int *out, int n) {
  __shared__ int partial[1024 / 32];
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  int v = i < n ? in[i] : 0;
  v = wave_sum(v);
  const int lane = threadIdx.x % warpSize, wave = threadIdx.x / warpSize;
  if (lane == 0)
    partial[wave] = v;
  __syncthreads();
  const int waves = blockDim.x / warpSize;
  if (wave == 0) {
    v = lane < waves ? partial[lane] : 0;
    v = wave_sum(v);
    if (lane == 0)
      atomicAdd(out, v);
  }
}

int main() {
  const int n = 10000;
  int *in, *out;
  CUDA_CHECK(cudaMallocManaged(&in, n * sizeof(int)));
  CUDA_CHECK(cudaMallocManaged(&out, sizeof(int)));
  long long expect = 0;
  for (int i = 0; i < n; ++i) {
    in[i] = (i * 7) % 101 - 50;
    expect += in[i];
  }
  *out = 0;
  const int block = 256;
  block_sum<<<(n + block - 1) / block, block>>>(in, out, n);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  int warp = 0;
  CUDA_CHECK(cudaDeviceGetAttribute(&warp, cudaDevAttrWarpSize, 0));
  std::printf("ws: warpSize=%d wavefronts per block=%d\n", warp, block / warp);
  const int sum = *out;
  std::printf("wave_reduce: sum=%d expected=%lld %s\n", sum, expect,
              sum == expect ? "ok" : "WRONG");
  CUDA_CHECK(cudaFree(in));
  CUDA_CHECK(cudaFree(out));
  return sum == expect ? 0 : 1;
}
