// A counter bumped with a plain read-modify-write by threads of several warps
// and blocks: the final value depends on how the scheduler interleaves them,
// so `warpsim explore` sees several outcomes (and a race). With
// -DUSE_ATOMIC it is the clean twin: atomicAdd, one outcome, no finding.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void bump(int *counter) {
#ifdef USE_ATOMIC
  atomicAdd(counter, 1);
#else
  int v = *counter; // @read
  *counter = v + 1; // @write
#endif
}

int main() {
  int *counter, h = 0;
  cudaMalloc(&counter, sizeof(int));
  cudaMemset(counter, 0, sizeof(int));
  bump<<<2, 64>>>(counter);
  cudaMemcpy(&h, counter, sizeof h, cudaMemcpyDeviceToHost);
  std::printf("counter = %d\n", h);
  return 0;
}
