// Every thread stores its own index into one word: which write survives
// depends on the schedule. Across warps this is an error; lanes of one warp
// instruction writing the same word are reported as a warning.
// EXPECT: race global error hazard=WAW at=@last
#include <cstdio>
#include <cuda_runtime.h>

__global__ void last_writer(int *last) {
  *last = blockIdx.x * blockDim.x + threadIdx.x; // @last
}

int main() {
  int *last, r = 0;
  cudaMalloc(&last, sizeof(int));
  last_writer<<<2, 64>>>(last);
  cudaMemcpy(&r, last, sizeof r, cudaMemcpyDeviceToHost);
  std::printf("last %d\n", r);
  return 0;
}
