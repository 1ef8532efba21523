// Clean twin of race_lock_order_acquire_unfenced.cu: block 0 still has no
// fence after taking the lock, but block 1 takes it only after block 0 has
// said it is done (a flag released with __threadfence() + atomicExch and
// acquired with an atomic + __threadfence()). Block 1 can never take the
// lock first, so the other order of the hand-over is not a schedule the
// program has: nothing is reported.
// EXPECT-CLEAN
#include <cstdio>
#include <cuda_runtime.h>

__global__ void in_order(int *lock, int *done, int *data, int *seen) {
  if (threadIdx.x != 0)
    return;
  if (blockIdx.x == 1) {
    while (atomicAdd(done, 0) == 0) {
    }
    __threadfence();
  }
  while (atomicCAS(lock, 0, 1) != 0) {
  }
  if (blockIdx.x != 0)
    __threadfence();
  seen[blockIdx.x] = *data;
  *data = blockIdx.x + 1;
  __threadfence();
  atomicExch(lock, 0);
  if (blockIdx.x == 0)
    atomicExch(done, 1);
}

int main() {
  int *lock, *done, *data, *seen, s[2] = {0, 0};
  cudaMalloc(&lock, sizeof(int));
  cudaMalloc(&done, sizeof(int));
  cudaMalloc(&data, sizeof(int));
  cudaMalloc(&seen, 2 * sizeof(int));
  cudaMemset(lock, 0, sizeof(int));
  cudaMemset(done, 0, sizeof(int));
  cudaMemset(data, 0, sizeof(int));
  in_order<<<2, 32>>>(lock, done, data, seen);
  cudaMemcpy(s, seen, sizeof s, cudaMemcpyDeviceToHost);
  std::printf("block 0 saw %d, block 1 saw %d\n", s[0], s[1]);
  return 0;
}
