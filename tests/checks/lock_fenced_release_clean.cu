// Clean twin of race_lock_unfenced_release.cu: both blocks fence their
// critical section on both sides, so whichever takes the lock first, the
// other sees its write ordered. Silent under the same seed that exposes the
// twin's race.
// OPTIONS: --schedule random --seed 1
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
  int *lock, *data, *seen, s[2] = {0, 0};
  cudaMalloc(&lock, sizeof(int));
  cudaMalloc(&data, sizeof(int));
  cudaMalloc(&seen, 2 * sizeof(int));
  cudaMemset(lock, 0, sizeof(int));
  cudaMemset(data, 0, sizeof(int));
  take_turns<<<2, 32>>>(lock, data, seen);
  cudaMemcpy(s, seen, sizeof s, cudaMemcpyDeviceToHost);
  std::printf("block 0 saw %d, block 1 saw %d\n", s[0], s[1]);
  return 0;
}
