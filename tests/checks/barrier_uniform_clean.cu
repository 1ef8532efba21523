// Clean twin of barrier_whole_warp.cu and barrier_partial_warp.cu: every
// thread reaches the barrier.
// EXPECT-CLEAN
#include <cstdio>
#include <cuda_runtime.h>

__global__ void guarded(int *out) {
  __shared__ int s[64];
  int t = threadIdx.x;
  s[t] = t;
  __syncthreads();
  out[t] = s[t];
}

int main() {
  int *out;
  cudaMalloc(&out, 64 * sizeof(int));
  guarded<<<1, 64>>>(out);
  std::printf("launch: %s\n", cudaGetErrorString(cudaDeviceSynchronize()));
  return 0;
}
