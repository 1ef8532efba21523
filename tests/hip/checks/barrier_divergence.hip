// A barrier inside a branch on `threadIdx.x < 32`, code that reasons in
// 32-lane warps ("warp 0 syncs"): with 64-lane wavefronts the branch even
// splits wavefront 0, and lanes 32..127 leave the kernel without reaching the
// __syncthreads() lanes 0..31 wait at (undefined behaviour on AMD as on
// NVIDIA). Clean twin: barrier_divergence_clean.hip.
// EXPECT: barrier-skipped - error at=@barrier
#include <hip/hip_runtime.h>

#include <cstdio>

__global__ void stage(int *data) {
  __shared__ int s[128];
  s[threadIdx.x] = data[threadIdx.x];
  if (threadIdx.x < 32)
    __syncthreads(); // @barrier
  data[threadIdx.x] = 2 * s[threadIdx.x];
}

int main() {
  int *data;
  hipMallocManaged(&data, 128 * sizeof(int));
  for (int i = 0; i < 128; ++i)
    data[i] = i;
  hipLaunchKernelGGL(stage, dim3(1), dim3(128), 0, 0, data);
  hipDeviceSynchronize();
  std::printf("data[0]=%d\n", data[0]);
  hipFree(data);
  return 0;
}
