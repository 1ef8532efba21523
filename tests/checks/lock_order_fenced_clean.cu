// Clean twin of race_lock_order_acquire_unfenced.cu: every block fences
// after taking the lock and before giving it back, so whichever order the
// blocks take it in, each critical section is ordered after the one before.
// Four blocks: every pair of sections is tried in the other order, and
// none has an unordered pair.
// EXPECT-CLEAN
#include <cstdio>
#include <cuda_runtime.h>

__global__ void take_turns(int *lock, int *data, int *seen) {
  if (threadIdx.x != 0)
    return;
  while (atomicCAS(lock, 0, 1) != 0) {
  }
  __threadfence();
  seen[blockIdx.x] = *data;
  *data = blockIdx.x + 1;
  __threadfence();
  atomicExch(lock, 0);
}

int main() {
  int *lock, *data, *seen, s[4] = {0, 0, 0, 0};
  cudaMalloc(&lock, sizeof(int));
  cudaMalloc(&data, sizeof(int));
  cudaMalloc(&seen, 4 * sizeof(int));
  cudaMemset(lock, 0, sizeof(int));
  cudaMemset(data, 0, sizeof(int));
  take_turns<<<4, 32>>>(lock, data, seen);
  cudaMemcpy(s, seen, sizeof s, cudaMemcpyDeviceToHost);
  std::printf("blocks saw %d %d %d %d\n", s[0], s[1], s[2], s[3]);
  return 0;
}
