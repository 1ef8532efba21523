// lint: lane and warp indices computed with 32.
#include <cuda_runtime.h>

__global__ void indices(int *lanes, int *warps) {
  int lane = threadIdx.x % 32;
  int warp = threadIdx.x >> 5;
  int lane2 = threadIdx.x & 31;
  lanes[threadIdx.x] = lane + lane2;
  warps[threadIdx.x] = warp;
}

int main() { return 0; }
