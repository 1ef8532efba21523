// Thread 0 spins on a shared flag that the other threads set only after a
// __syncthreads() thread 0 never reaches: the run is ended and reported.
// OPTIONS: --spin-limit 100000
// EXPECT: livelock - error at=@spin
#include <cstdio>
#include <cuda_runtime.h>

__global__ void spin(int *out) {
  __shared__ volatile int flag;
  if (threadIdx.x == 0) {
    flag = 0;
    while (flag == 0) { // @spin
    }
    out[0] = 1;
  } else {
    __syncthreads();
    flag = 1;
  }
}

int main() {
  int *out;
  cudaMalloc(&out, sizeof(int));
  spin<<<1, 64>>>(out);
  cudaDeviceSynchronize();
  return 0;
}
