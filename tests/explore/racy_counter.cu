// A counter bumped with a plain read-modify-write, and a value every warp
// writes (the last writer wins), by threads of several warps and blocks: what
// it prints depends on the order the scheduler runs the blocks and warps in,
// so `warpsim explore` sees several outcomes (and races). With -DUSE_ATOMIC it
// is the clean twin: atomics, one outcome, no finding.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void bump(int *counter, int *last) {
  int id = blockIdx.x * 2 + threadIdx.x / 32; // the warp's number
#ifdef USE_ATOMIC
  atomicAdd(counter, 1);
  if (threadIdx.x % 32 == 0)
    atomicMax(last, id);
#else
  int v = *counter; // @read
  *counter = v + 1; // @write
  if (threadIdx.x % 32 == 0)
    *last = id; // @last
#endif
}

int main() {
  int *d, h[2] = {0, 0};
  cudaMalloc(&d, sizeof h);
  cudaMemset(d, 0, sizeof h);
  bump<<<4, 64>>>(d, d + 1);
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  std::printf("counter = %d, last = %d\n", h[0], h[1]);
  return 0;
}
