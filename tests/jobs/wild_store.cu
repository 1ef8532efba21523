// warpsim-golden: skip (tests/jobs runs it under every --jobs and compares)
// Two blocks store through bad pointers; the launch ends at the first in
// the engine's order, which must not depend on host threads.
#include <cstdio>

__global__ void wild(int *out, int *bad) {
  out[blockIdx.x * blockDim.x + threadIdx.x] = 1;
  if ((blockIdx.x == 23 || blockIdx.x == 17) && threadIdx.x == 3)
    bad[blockIdx.x] = 7; // not device memory
}

int main() {
  const int blocks = 32;
  int *out;
  cudaMalloc(&out, blocks * 64 * sizeof(int));
  // Not device memory (a fixed address, so reports are the same run to run).
  int *bad = reinterpret_cast<int *>(0x1000);
  wild<<<blocks, 64>>>(out, bad);
  cudaError_t e = cudaDeviceSynchronize();
  std::printf("launch: %s\n", cudaGetErrorString(e));
  return 0;
}
