// Clean twin of race_atomic_block_lock.cu: the same spin lock with
// device-scope atomicCAS / atomicExch and __threadfence() on both sides of
// the critical section orders the two blocks' increments.
// EXPECT-CLEAN
#include <cstdio>
#include <cuda_runtime.h>

__global__ void locked_count(int *lock, int *count) {
  if (threadIdx.x != 0)
    return;
  while (atomicCAS(lock, 0, 1) != 0) {
  }
  __threadfence();
  *count = *count + 1;
  __threadfence();
  atomicExch(lock, 0);
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
  return r == 2 ? 0 : 1;
}
