// `if (threadIdx.x < 16) __syncthreads();` with 32 threads: half of the warp
// skips the barrier the other half waits at.
// EXPECT: barrier-skipped - error at=@bar
#include <cstdio>
#include <cuda_runtime.h>

__global__ void guarded(int *out) {
  __shared__ int s[64];
  int t = threadIdx.x;
  s[t] = t;
  if (t < 16)
    __syncthreads(); // @bar
  out[t] = s[t];
}

int main() {
  int *out;
  cudaMalloc(&out, 64 * sizeof(int));
  guarded<<<1, 32>>>(out);
  std::printf("launch: %s\n", cudaGetErrorString(cudaDeviceSynchronize()));
  return 0;
}
