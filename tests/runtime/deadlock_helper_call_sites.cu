// Two warp pairs wait at the same bar.sync instruction (one helper function)
// for different named barriers, called from different lines; neither
// barrier can complete. The deadlock report lists each pair with its own
// barrier and call stack: lanes are grouped by instruction, call stack and
// what they wait for (grouped by instruction alone, the second pair was
// shown with the first pair's barrier and caller).
#include <cstdio>
#include <cuda_runtime.h>

__device__ void named_sync(unsigned id, unsigned count) {
  asm volatile("bar.sync %0, %1;" ::"r"(id), "r"(count) : "memory");
}

__global__ void k(int *out) {
  if (threadIdx.x < 64)
    named_sync(1, 128);
  else
    named_sync(2, 128);
  out[threadIdx.x] = 1;
}

int main() {
  int *out;
  cudaMalloc(&out, 128 * sizeof(int));
  k<<<1, 128>>>(out);
  printf("%s\n", cudaGetErrorString(cudaDeviceSynchronize()));
  return 0;
}
