// warpsim-golden: skip (tests/jobs runs it under every --jobs and compares)
// Blocks wait for a flag another block sets: block 0 publishes a value and
// raises the flag; every other block spins on it (volatile loads), then
// reads the value. Residency, not host threads, decides who can run: under
// --jobs N the spin must still see block 0's store, and the output must be
// the same for every N.
#include <cstdio>

__device__ int data;
__device__ volatile int flag;

__global__ void publish(int *out) {
  if (blockIdx.x == 0) {
    if (threadIdx.x == 0) {
      data = 42;
      __threadfence();
      flag = 1;
    }
    return;
  }
  if (threadIdx.x == 0) {
    while (flag == 0) {
    }
    __threadfence();
    out[blockIdx.x] = data + static_cast<int>(blockIdx.x);
  }
}

int main() {
  const int blocks = 12;
  int *out;
  cudaMallocManaged(&out, blocks * sizeof(int));
  for (int i = 0; i < blocks; ++i)
    out[i] = -1;
  publish<<<blocks, 64>>>(out);
  cudaDeviceSynchronize();
  for (int i = 1; i < blocks; ++i)
    std::printf("block %d read %d\n", i, out[i]);
  cudaFree(out);
  return 0;
}
