// Clean twin of livelock_spin.cu: the second warp sets the flag without
// waiting for thread 0, so the spin ends (independent thread scheduling).
// EXPECT-CLEAN
#include <cstdio>
#include <cuda_runtime.h>

__global__ void spin(int *out) {
  __shared__ int flag;
  if (threadIdx.x == 0)
    atomicExch(&flag, 0);
  __syncthreads();
  if (threadIdx.x == 0) {
    while (atomicAdd(&flag, 0) == 0) {
    }
    out[0] = 1;
  } else if (threadIdx.x == 32) {
    atomicExch(&flag, 1);
  }
}

int main() {
  int *out, r = 0;
  cudaMalloc(&out, sizeof(int));
  spin<<<1, 64>>>(out);
  cudaMemcpy(&r, out, sizeof r, cudaMemcpyDeviceToHost);
  std::printf("done %d\n", r);
  return r == 1 ? 0 : 1;
}
