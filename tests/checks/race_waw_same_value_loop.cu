// Two warps store, in a loop, the value B[i] already holds: write-write
// races that change nothing. Whatever pairs of writes a schedule happens to
// meet (lanes of one warp instruction, two instructions of one warp, two
// warps), the finding is a warning, and its message describes the widest of
// them, two warps (detector-precision issue, item 2). The schedule.severity.*
// CTests check it under lockstep, fast and random schedules, for n = 7 and 8.
// EXPECT: race global warning hazard=WAW at=@store
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void refill(int *b, int n) {
  for (int i = 0; i < n; ++i)
    b[i] = i; // @store
}

int main(int argc, char **argv) {
  const int n = argc > 1 ? std::atoi(argv[1]) : 8;
  int host[16];
  for (int i = 0; i < 16; ++i)
    host[i] = i;
  int *b;
  cudaMalloc(&b, sizeof host);
  cudaMemcpy(b, host, sizeof host, cudaMemcpyHostToDevice);
  refill<<<1, 64>>>(b, n);
  cudaMemcpy(host, b, sizeof host, cudaMemcpyDeviceToHost);
  std::printf("n %d: b[%d] = %d\n", n, n - 1, host[n - 1]);
  return 0;
}
