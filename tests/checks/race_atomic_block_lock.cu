// Two blocks take turns in a critical section guarded by a spin lock made
// of atomicCAS_block / atomicExch_block. A block-scope atomic is atomic, and
// orders memory, only among the threads of its own block: across blocks the
// lock operations themselves race, and so does the critical section, fences
// or not. Clean twin: atomic_lock_device_clean.cu (device-scope atomics).
// EXPECT: race global error hazard=WAW at=@lock
// EXPECT: race global error hazard=RAW at=@crit
// EXPECT: race global error hazard=WAW at=@crit
#include <cstdio>
#include <cuda_runtime.h>

__global__ void locked_count(int *lock, int *count) {
  if (threadIdx.x != 0)
    return;
  while (atomicCAS_block(lock, 0, 1) != 0) { // @lock
  }
  __threadfence();
  *count = *count + 1; // @crit
  __threadfence();
  atomicExch_block(lock, 0);
}

int main() {
  int *lock, *count, r = 0;
  cudaMalloc(&lock, sizeof(int));
  cudaMalloc(&count, sizeof(int));
  cudaMemset(lock, 0, sizeof(int));
  cudaMemset(count, 0, sizeof(int));
  locked_count<<<2, 32>>>(lock, count);
  cudaMemcpy(&r, count, sizeof r, cudaMemcpyDeviceToHost);
  std::printf("count %d\n", r);
  return 0;
}
// The scope is named in both kinds of report (kept at the end: the marked lines above stay put).
// MESSAGE: a block-scope atomic
// MESSAGE: ordered at CTA scope, but the threads are in different CTAs
