// The 32 lanes of one warp store their own index into one word: lanes of a
// single warp instruction under the lockstep schedule, separate
// instructions under the fast one. The writes store different values, so
// the race is an error under every schedule (it was a warning when lanes of
// one instruction met; detector-precision issue, item 2).
// EXPECT: race global error hazard=WAW at=@last
#include <cstdio>
#include <cuda_runtime.h>

__global__ void last_lane(int *last) {
  *last = threadIdx.x; // @last
}

int main() {
  int *last, r = -1;
  cudaMalloc(&last, sizeof(int));
  last_lane<<<1, 32>>>(last);
  cudaMemcpy(&r, last, sizeof r, cudaMemcpyDeviceToHost);
  std::printf("last %d\n", r);
  return 0;
}
