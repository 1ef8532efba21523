// A spin the kernel analysis misses (the flag is read at an index the loop
// changes): thread 0 waits for thread 32's write. On the compiled engine's
// direct path thread 0 would spin alone; after --spin-limit accesses without
// a write the launch is undone and runs on fibers, which end the wait, so
// the output is that of fibers.
// ENGINE-EXPECT: wait_flag: compiled, direct
// ENGINE-EXPECT: wait_flag: fibers: a thread made --spin-limit accesses without writing
#include <cstdio>
#include <cuda_runtime.h>

__device__ int flags[2];

__global__ void wait_flag(int *out) {
  int t = threadIdx.x;
  if (t == 0) {
    int k = 0, spins = 0;
    while (flags[(k++) % 1] == 0)
      ++spins;
    out[0] = spins > 0 ? 1 : 2;
  }
  if (t == 32)
    flags[0] = 1;
}

int main() {
  int *out, h = 0;
  cudaMalloc(&out, sizeof(int));
  cudaMemset(out, 0, sizeof(int));
  wait_flag<<<1, 64>>>(out);
  cudaMemcpy(&h, out, sizeof h, cudaMemcpyDeviceToHost);
  std::printf("waited: %d\n", h);
  return 0;
}
