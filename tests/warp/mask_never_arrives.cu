// Lanes 0..15 shuffle with a full mask while lanes 16..31 wait at
// __syncthreads(): the lanes named in the mask never arrive. warpsim reports
// the warp operation's mask and the deadlock instead of hanging.
// (The clean twin, mask_never_arrives_fixed.cu, names only the lower half.)
#include <cstdio>
#include <cuda_runtime.h>

#ifndef WARPSIM_FULL_MASK
#define WARPSIM_FULL_MASK 0xffffffffu
#endif

__global__ void half_shuffle(int *out) {
  int v = threadIdx.x;
  if (threadIdx.x % 32 < 16)
    v = __shfl_sync(WARPSIM_FULL_MASK, v, 0);
  __syncthreads();
  out[threadIdx.x] = v;
}

int main() {
  int *d;
  cudaMalloc(&d, 32 * sizeof(int));
  half_shuffle<<<1, 32>>>(d);
  cudaDeviceSynchronize();
  std::printf("done\n");
  return 0;
}
