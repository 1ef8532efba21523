// A block-scope lock used inside one block is fine: atomicCAS_block and
// atomicExch_block are atomic among the block's threads, and
// __threadfence_block() orders the critical section. One thread per warp
// takes the lock, so no warp spins against its own lanes.
// EXPECT-CLEAN
#include <cstdio>
#include <cuda_runtime.h>

__global__ void locked_count(int *count) {
  __shared__ int lock;
  if (threadIdx.x == 0)
    lock = 0;
  __syncthreads();
  if (threadIdx.x % 32 != 0)
    return;
  while (atomicCAS_block(&lock, 0, 1) != 0) {
  }
  __threadfence_block();
  *count = *count + 1;
  __threadfence_block();
  atomicExch_block(&lock, 0);
}

int main() {
  int *count, r = 0;
  cudaMalloc(&count, sizeof(int));
  cudaMemset(count, 0, sizeof(int));
  locked_count<<<1, 128>>>(count);
  cudaMemcpy(&r, count, sizeof r, cudaMemcpyDeviceToHost);
  std::printf("count %d\n", r);
  return r == 4 ? 0 : 1;
}
