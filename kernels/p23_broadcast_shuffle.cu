// p23 — broadcast + shuffle_down coordination, for any warp size.
// SIZE = WARP_SIZE, BPG=(1,1), TPB=(WARP_SIZE,1); WARP_SIZE is the device's
// warpSize at run time.
// Lane 0 takes the mean of the first 4 elements of its block as the scale
// (2+4+6+8)/4 = 5 and broadcasts it (__shfl_sync(full, v, 0)); each lane gets
// next = __shfl_down_sync(full, v, 1); out = (v + next)·scale, and the last
// lane of the warp (or the last element) v·scale.
// Input: 2, 4, 6, 8, then 1, 3, 5, 7 repeated. Expected for 32:
// [30, 50, 70, 45, 20, 40, 60, 40, 20, 40, 60, 40, ..., 20, 40, 60, 35].
// (The book's trace at L13349-13358 has an authoring slip, not its output.)
// Both shuffles are executed by every lane, outside the guards.
#include <vector>

#include "puzzle.h"

#ifndef WARPSIM_FULL_MASK
#define WARPSIM_FULL_MASK 0xffffffffu
#endif

__global__ void broadcast_shuffle_coordination(float *out, const float *in, int size) {
  int global_i = blockDim.x * blockIdx.x + threadIdx.x;
  int lane = threadIdx.x % warpSize;
  float scale_factor = 0.0f;
  if (lane == 0) {
    int block_start = blockIdx.x * blockDim.x;
    float sum = 0.0f;
    for (int i = 0; i < 4; ++i)
      if (block_start + i < size) sum += in[block_start + i];
    scale_factor = sum / 4.0f;
  }
  scale_factor = __shfl_sync(WARPSIM_FULL_MASK, scale_factor, 0);

  float current_val = global_i < size ? in[global_i] : 0.0f;
  float next_val = __shfl_down_sync(WARPSIM_FULL_MASK, current_val, 1);
  if (global_i < size) {
    if (lane < warpSize - 1 && global_i < size - 1)
      out[global_i] = (current_val + next_val) * scale_factor;
    else
      out[global_i] = current_val * scale_factor;
  }
}

int main() {
  const int WARP_SIZE = device_warp_size();
  const int SIZE = WARP_SIZE;
  std::printf("WARP_SIZE: %d\nSIZE: %d\n", WARP_SIZE, SIZE);

  std::vector<float> h_in(SIZE), h_out(SIZE), expected(SIZE);
  for (int i = 0; i < SIZE; ++i)
    h_in[i] = i < 4 ? float(2 * (i + 1)) : float(2 * (i % 4) + 1);
  const float scale = (h_in[0] + h_in[1] + h_in[2] + h_in[3]) / 4.0f; // 5
  for (int i = 0; i < SIZE; ++i)
    expected[i] = i % WARP_SIZE < WARP_SIZE - 1 && i < SIZE - 1 ? (h_in[i] + h_in[i + 1]) * scale
                                                                 : h_in[i] * scale;

  DeviceBuffer<float> d_in(h_in.data(), SIZE);
  DeviceBuffer<float> d_out(SIZE);

  broadcast_shuffle_coordination<<<dim3(1, 1), dim3(WARP_SIZE, 1)>>>(d_out.data(), d_in.data(),
                                                                      SIZE);
  CUDA_CHECK_LAUNCH();

  d_out.download(h_out.data());
  return finish(check_output("out", h_out.data(), expected.data(), SIZE));
}
