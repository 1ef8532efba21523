// p24 — butterfly maximum with __shfl_xor_sync, for any warp size.
// SIZE = WARP_SIZE, BPG=(1,1), TPB=(WARP_SIZE,1); WARP_SIZE is the device's
// warpSize at run time.
// for (offset = warpSize/2; offset > 0; offset /= 2) v = max(v, shfl_xor(v, offset))
// log2(WARP_SIZE) steps (5 for 32, 6 for 64); afterwards every lane holds the
// warp's maximum and writes it.
// Input in[i] = 2i, in[WS-1] = 1000; expected WARP_SIZE × 1000.
// Lanes out of range would contribute -FLT_MAX; all lanes shuffle.
#include <algorithm>
#include <cfloat>
#include <vector>

#include "puzzle.h"

#ifndef WARPSIM_FULL_MASK
#define WARPSIM_FULL_MASK 0xffffffffu
#endif

__global__ void butterfly_parallel_max(float *out, const float *in, int size) {
  int global_i = blockDim.x * blockIdx.x + threadIdx.x;
  float max_val = global_i < size ? in[global_i] : -FLT_MAX;
  for (int offset = warpSize / 2; offset > 0; offset /= 2)
    max_val = fmaxf(max_val, __shfl_xor_sync(WARPSIM_FULL_MASK, max_val, offset));
  if (global_i < size) out[global_i] = max_val;
}

int main() {
  const int WARP_SIZE = device_warp_size();
  const int SIZE = WARP_SIZE;
  std::printf("WARP_SIZE: %d\nSIZE: %d\n", WARP_SIZE, SIZE);

  std::vector<float> h_in(SIZE), h_out(SIZE), expected(SIZE);
  for (int i = 0; i < SIZE; ++i)
    h_in[i] = float(2 * i);
  h_in[SIZE - 1] = 1000.0f;
  float mx = h_in[0];
  for (int i = 1; i < SIZE; ++i)
    mx = std::max(mx, h_in[i]);
  for (int i = 0; i < SIZE; ++i)
    expected[i] = mx;

  DeviceBuffer<float> d_in(h_in.data(), SIZE);
  DeviceBuffer<float> d_out(SIZE);

  butterfly_parallel_max<<<dim3(1, 1), dim3(WARP_SIZE, 1)>>>(d_out.data(), d_in.data(), SIZE);
  CUDA_CHECK_LAUNCH();

  d_out.download(h_out.data());
  return finish(check_output("out", h_out.data(), expected.data(), SIZE));
}
