// p24 — pair swap with __shfl_xor_sync(v, 1), for any warp size.
// SIZE = WARP_SIZE, BPG=(1,1), TPB=(WARP_SIZE,1); WARP_SIZE is the device's
// warpSize at run time.
// Lane l receives the value of lane l^1: lanes 0<->1, 2<->3, ...
// Input in[i] = i; expected out[i] = in[i^1] = [1, 0, 3, 2, ..., WS-1, WS-2].
// The shuffle is executed by every lane, outside the `i < size` guard.
#include <vector>

#include "puzzle.h"

#ifndef WARPSIM_FULL_MASK
#define WARPSIM_FULL_MASK 0xffffffffu
#endif

__global__ void butterfly_pair_swap(float *out, const float *in, int size) {
  int global_i = blockDim.x * blockIdx.x + threadIdx.x;
  float current_val = global_i < size ? in[global_i] : 0.0f;
  float swapped_val = __shfl_xor_sync(WARPSIM_FULL_MASK, current_val, 1);
  if (global_i < size) out[global_i] = swapped_val;
}

int main() {
  const int WARP_SIZE = device_warp_size();
  const int SIZE = WARP_SIZE;
  std::printf("WARP_SIZE: %d\nSIZE: %d\n", WARP_SIZE, SIZE);

  std::vector<float> h_in(SIZE), h_out(SIZE), expected(SIZE);
  for (int i = 0; i < SIZE; ++i)
    h_in[i] = float(i);
  for (int i = 0; i < SIZE; ++i)
    expected[i] = h_in[i ^ 1];

  DeviceBuffer<float> d_in(h_in.data(), SIZE);
  DeviceBuffer<float> d_out(SIZE);

  butterfly_pair_swap<<<dim3(1, 1), dim3(WARP_SIZE, 1)>>>(d_out.data(), d_in.data(), SIZE);
  CUDA_CHECK_LAUNCH();

  d_out.download(h_out.data());
  return finish(check_output("out", h_out.data(), expected.data(), SIZE));
}
