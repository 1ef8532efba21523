// Two blocks take a device-scope spin lock in turn (issue 27 item 3). Block
// 1 fences its critical section on both sides; block 0 has no fence after
// taking the lock. The race exists only when block 1 takes the lock first:
// block 0's read and write of `data` are then ordered after block 1's write
// by nothing. The lockstep schedule always lets block 0 win, so that run
// has no unordered pair; the race detector tries the other order of the
// lock's hand-overs (model/LockHandOver.h) and reports the races that order
// has, in this one run: what `warpsim explore --seeds 1..32` finds in the
// seeds where block 1 wins. Clean twins: lock_order_fenced_clean.cu (both
// blocks fence), lock_order_forced_clean.cu (block 1 cannot go first).
// The RAW is a warning (block 1's fence before its release is CUDA's
// __threadfence() guarantee; only the acquire side is missing), the WAW an
// error, as in the run where block 1 wins.
// EXPECT: race global warning hazard=RAW at=@read at=@write
// EXPECT: race global error hazard=WAW at=@write at=@take
// MESSAGE: in the other order of taking the lock
#include <cstdio>
#include <cuda_runtime.h>

__global__ void take_turns(int *lock, int *data, int *seen) {
  if (threadIdx.x != 0)
    return;
  while (atomicCAS(lock, 0, 1) != 0) { // @take
  }
  if (blockIdx.x != 0)
    __threadfence();
  seen[blockIdx.x] = *data; // @read
  *data = blockIdx.x + 1;   // @write
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
