// A kernel that makes progress (every iteration stores) but would run for
// hours in the simulator: not a livelock; --timeout ends it mid-launch.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void count_up(int *out) {
  for (int i = 0; i < 1000000000; ++i)
    out[threadIdx.x] = i;
}

int main() {
  int *d;
  cudaMalloc(&d, 32 * sizeof(int));
  count_up<<<1, 32>>>(d);
  cudaDeviceSynchronize();
  std::printf("never printed\n");
  return 0;
}
