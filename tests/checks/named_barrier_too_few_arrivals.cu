// `bar.sync 1, 128` in a block where only 96 threads ever arrive: the named
// barrier can never complete. The run ends in a deadlock report that names
// the barrier, its count and how many threads arrived.
// EXPECT: deadlock - error at=@bar
// EXIT: 3
#include <cstdio>
#include <cuda_runtime.h>

__global__ void k(int *out) {
  if (threadIdx.x >= 96)
    return; // BUG: the last warp never arrives
  asm volatile("bar.sync 1, 128;" ::: "memory"); // @bar
  out[threadIdx.x] = 1;
}

int main() {
  int *out;
  cudaMalloc(&out, 128 * sizeof(int));
  k<<<1, 128>>>(out);
  printf("%s\n", cudaGetErrorString(cudaDeviceSynchronize()));
  return 0;
}
