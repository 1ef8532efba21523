// lint: a full-warp __syncwarp() under a lane-dependent branch.
#include <cuda_runtime.h>

__global__ void half_warp_sync(int *out) {
  int lane = threadIdx.x % warpSize;
  int v = lane;
  if (lane < 16) {
    v += 1;
    __syncwarp();
  }
  out[threadIdx.x] = v;
}

int main() { return 0; }
