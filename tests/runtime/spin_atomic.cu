// A block-0 thread polls a global flag with atomicAdd(&flag, 0) and a
// failing atomicCAS; nobody ever sets it. Atomics that leave memory as it was
// are not progress, so the spin is reported instead of running forever.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void poll_flag(int *flag, int *out) {
  if (threadIdx.x == 0) {
    while (atomicAdd(flag, 0) == 0) {
      atomicCAS(flag + 1, 5, 6); // never matches: changes nothing
    }
    out[0] = 1;
  }
}

int main() {
  int *flag, *out;
  cudaMalloc(&flag, 2 * sizeof(int));
  cudaMalloc(&out, sizeof(int));
  cudaMemset(flag, 0, 2 * sizeof(int));
  poll_flag<<<1, 32>>>(flag, out);
  cudaDeviceSynchronize();
  std::printf("not reached\n");
  return 0;
}
