// Thread 0 of each block waits at a second __syncthreads() that the others
// never reach (they return after the first one): on a GPU this hangs.
// warpsim ends the run with a report of who waits where (exit status 5).
#include <cstdio>
#include <cuda_runtime.h>

__global__ void extra_barrier(int *out) {
  __shared__ int s[64];
  s[threadIdx.x] = threadIdx.x;
  __syncthreads();
  if (threadIdx.x == 0) {
    __syncthreads();
    out[blockIdx.x] = s[63];
  }
}

int main() {
  int *out;
  cudaMalloc(&out, 2 * sizeof(int));
  extra_barrier<<<2, 64>>>(out);
  cudaDeviceSynchronize();
  std::printf("not reached\n");
  return 0;
}
