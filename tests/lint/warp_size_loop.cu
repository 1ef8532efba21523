// lint: a warp reduction that starts at offset 16 (32 lanes only), with a
// shuffle width of 32.
#include <cuda_runtime.h>

#ifndef WARPSIM_FULL_MASK
#define WARPSIM_FULL_MASK 0xffffffffu
#endif

__device__ float warp_sum(float v) {
  for (int offset = 16; offset > 0; offset /= 2)
    v += __shfl_down_sync(WARPSIM_FULL_MASK, v, offset);
  return v;
}

__device__ float warp_sum_shift(float v) {
  for (int offset = 16; offset > 0; offset >>= 1)
    v += __shfl_xor_sync(WARPSIM_FULL_MASK, v, offset, 32);
  return v;
}

__global__ void sums(float *out, const float *in) {
  out[threadIdx.x] = warp_sum(in[threadIdx.x]) + warp_sum_shift(in[threadIdx.x]);
}

int main() { return 0; }
