// Prints the warp size the kernel sees and exits 1 unless it is the one given
// as the program's first argument: a test of WARP_SIZE and ARGS.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void lanes(int *ws, int *lastLane) {
  if (threadIdx.x == 0)
    *ws = warpSize;
  if (threadIdx.x == blockDim.x - 1)
    *lastLane = threadIdx.x % warpSize;
}

int main(int argc, char **argv) {
  const int expected = argc > 1 ? std::atoi(argv[1]) : 32;
  int *d;
  cudaMalloc(&d, 2 * sizeof(int));
  lanes<<<1, 128>>>(d, d + 1);
  int h[2] = {0, 0};
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  std::printf("warpSize %d, last lane %d\n", h[0], h[1]);
  return h[0] == expected && h[1] == expected - 1 ? 0 : 1;
}
