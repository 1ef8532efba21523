// warpsim-golden: skip (tests/jobs runs it under every --jobs and compares)
// Blocks spin on a flag that no block ever sets: a livelock, reported the
// same way for every --jobs.
#include <cstdio>

__device__ volatile int never;

__global__ void spin(int *out) {
  if (threadIdx.x == 0)
    while (never == 0) {
    }
  out[blockIdx.x] = 1;
}

int main() {
  int *out;
  cudaMalloc(&out, 8 * sizeof(int));
  spin<<<8, 32>>>(out);
  cudaDeviceSynchronize();
  std::printf("not reached\n");
  return 0;
}
