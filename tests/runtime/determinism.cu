// Device printf from many threads plus atomics: the output order and the
// values must be byte-identical run after run, in every schedule.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void chatter(int *sum) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  atomicAdd(sum, i);
  if (i % 9 == 0)
    printf("block %d thread %d saw %d\n", blockIdx.x, threadIdx.x, *sum);
}

int main() {
  int *d, h = 0;
  cudaMalloc(&d, sizeof(int));
  cudaMemset(d, 0, sizeof(int));
  chatter<<<4, 32>>>(d);
  cudaMemcpy(&h, d, sizeof(int), cudaMemcpyDeviceToHost);
  std::printf("sum %d\n", h);
  return h == 127 * 128 / 2 ? 0 : 1;
}
