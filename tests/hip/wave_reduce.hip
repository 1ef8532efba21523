// A block reduction the HIP way: each wavefront reduces its values with
// __shfl_down over warpSize lanes (no mask), lane 0 of each wavefront puts
// its sum in shared memory, and the first wavefront reduces those. With 64
// lanes a block of 256 has 4 wavefronts (8 warps at 32 lanes); the sum is
// the same at either width. Lines starting "ws:" depend on the warp size.
// CUDA twin: cuda/wave_reduce.cu.
#include <hip/hip_runtime.h>

#include <cstdio>

#define HIP_CHECK(expr)                                                                            \
  do {                                                                                             \
    hipError_t e_ = (expr);                                                                        \
    if (e_ != hipSuccess) {                                                                        \
      std::printf("%s failed: %s\n", #expr, hipGetErrorString(e_));                               \
      return 1;                                                                                    \
    }                                                                                              \
  } while (0)

__device__ int wave_sum(int v) {
  for (int offset = warpSize / 2; offset > 0; offset /= 2)
    v += __shfl_down(v, offset);
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
  HIP_CHECK(hipMallocManaged(&in, n * sizeof(int)));
  HIP_CHECK(hipMallocManaged(&out, sizeof(int)));
  long long expect = 0;
  for (int i = 0; i < n; ++i) {
    in[i] = (i * 7) % 101 - 50;
    expect += in[i];
  }
  *out = 0;
  const int block = 256;
  hipLaunchKernelGGL(block_sum, dim3((n + block - 1) / block), dim3(block), 0, 0, in, out, n);
  HIP_CHECK(hipGetLastError());
  HIP_CHECK(hipDeviceSynchronize());
  int warp = 0;
  HIP_CHECK(hipDeviceGetAttribute(&warp, hipDeviceAttributeWarpSize, 0));
  std::printf("ws: warpSize=%d wavefronts per block=%d\n", warp, block / warp);
  const int sum = *out;
  std::printf("wave_reduce: sum=%d expected=%lld %s\n", sum, expect, sum == expect ? "ok" : "WRONG");
  HIP_CHECK(hipFree(in));
  HIP_CHECK(hipFree(out));
  return sum == expect ? 0 : 1;
}
