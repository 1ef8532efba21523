// Clean twin of barrier_divergence.hip: every thread of the block reaches
// the barrier.
// EXPECT-CLEAN
#include <hip/hip_runtime.h>

#include <cstdio>

__global__ void stage(int *data) {
  __shared__ int s[128];
  s[threadIdx.x] = data[threadIdx.x];
  __syncthreads();
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
