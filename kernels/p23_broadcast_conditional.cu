// p23 — conditional broadcast: lane 0 finds the maximum of the first 8
// elements of its block, __shfl_sync(full, v, 0) hands it to every lane, and
// each lane doubles its element if it is >= max/2, else halves it; for any
// warp size. SIZE = WARP_SIZE, BPG=(1,1), TPB=(WARP_SIZE,1); WARP_SIZE is the
// device's warpSize at run time.
// Input [3, 1, 7, 2, 9, 4, 6, 8] repeated; max 9, threshold 4.5; expected
// [1.5, 0.5, 14, 1, 18, 2, 12, 16] repeated (4 times for 32, 8 for 64).
// The broadcast is executed by every lane, outside the guards.
#include <algorithm>
#include <vector>

#include "puzzle.h"

#ifndef WARPSIM_FULL_MASK
#define WARPSIM_FULL_MASK 0xffffffffu
#endif

__global__ void conditional_broadcast(float *out, const float *in, int size) {
  int global_i = blockDim.x * blockIdx.x + threadIdx.x;
  int lane = threadIdx.x % warpSize;
  float decision_value = 0.0f;
  if (lane == 0) {
    int block_start = blockIdx.x * blockDim.x;
    if (block_start < size) {
      decision_value = in[block_start];
      int n = min(8, min(warpSize, size - block_start));
      for (int i = 1; i < n; ++i)
        decision_value = fmaxf(decision_value, in[block_start + i]);
    }
  }
  decision_value = __shfl_sync(WARPSIM_FULL_MASK, decision_value, 0);
  if (global_i < size) {
    float current_input = in[global_i];
    float threshold = decision_value / 2.0f;
    out[global_i] = current_input >= threshold ? current_input * 2.0f : current_input / 2.0f;
  }
}

int main() {
  const int WARP_SIZE = device_warp_size();
  const int SIZE = WARP_SIZE;
  std::printf("WARP_SIZE: %d\nSIZE: %d\n", WARP_SIZE, SIZE);

  const float pattern[8] = {3, 1, 7, 2, 9, 4, 6, 8};
  std::vector<float> h_in(SIZE), h_out(SIZE), expected(SIZE);
  for (int i = 0; i < SIZE; ++i)
    h_in[i] = pattern[i % 8];
  const float block_max = *std::max_element(h_in.begin(), h_in.begin() + std::min(8, SIZE));
  for (int i = 0; i < SIZE; ++i)
    expected[i] = h_in[i] >= block_max / 2.0f ? h_in[i] * 2.0f : h_in[i] / 2.0f;

  DeviceBuffer<float> d_in(h_in.data(), SIZE);
  DeviceBuffer<float> d_out(SIZE);

  conditional_broadcast<<<dim3(1, 1), dim3(WARP_SIZE, 1)>>>(d_out.data(), d_in.data(), SIZE);
  CUDA_CHECK_LAUNCH();

  d_out.download(h_out.data());
  return finish(check_output("out", h_out.data(), expected.data(), SIZE));
}
