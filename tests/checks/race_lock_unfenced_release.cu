// Two blocks take a device-scope spin lock in turn. Block 0 fences its
// critical section on both sides; block 1 releases the lock without a
// __threadfence() before its atomicExch, so what it wrote is not published.
// The race shows only when block 1 takes the lock first: block 0 then reads
// and writes `data` unordered with block 1's write. `--schedule random`
// draws the order of the blocks' turns from the seed, and seeds come in
// mirror pairs (seed 2 runs the blocks in the reverse order of seed 1):
// here seed 1, where block 1 wins and the run itself has the race. The
// lockstep schedule always lets block 0 win; the race detector then tries
// the other order of the lock's hand-over and reports the same race
// (docs/checks.md, "Lock order"). Clean twin: lock_fenced_release_clean.cu.
// The CTests schedule.random.* (tests/runtime/CMakeLists.txt) also run this
// file under lockstep and seed 2 (block 0 first: the race predicted) and
// seed 1 (block 1 first: the race met).
// OPTIONS: --schedule random --seed 1
// EXPECT: race global error hazard=RAW at=@read
// EXPECT: race global error hazard=WAW at=@write
#include <cstdio>
#include <cuda_runtime.h>

__global__ void take_turns(int *lock, int *data, int *seen) {
  if (threadIdx.x != 0)
    return;
  while (atomicCAS(lock, 0, 1) != 0) {
  }
  __threadfence();
  seen[blockIdx.x] = *data; // @read
  *data = blockIdx.x + 1;   // @write
  if (blockIdx.x == 0)
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
