// p23 — 3-point moving average with two __shfl_down_sync offsets, over two
// blocks of one warp each, for any warp size. SIZE_2 = 2·WARP_SIZE (the book's
// SIZE_2 = 64 for WARP_SIZE 32), BPG=(2,1), TPB=(WARP_SIZE,1); WARP_SIZE is
// the device's warpSize at run time.
// next = shfl_down(v, 1), next2 = shfl_down(v, 2);
//   lane < WS-2 and i < size-2: (v + next + next2) / 3
//   lane < WS-1 and i < size-1: (v + next) / 2
//   else:                        v
// The window is per warp: lane numbering restarts in every block, so each
// warp's last two outputs do not look into the next block.
// Input in[i] = (i+1)(i+2)/2 = 1, 3, 6, 10, ... (the book's trace with
// 1, 2, 4, 7, 11 at L12615-12632 is wrong). Expected for 32:
// [3.3333333, 6.3333335, 10.333333, ..., 496.33334, 512, 528, 595.3333, ...,
//  2016.3334, 2048, 2080]; the host computes the same formula in float and
// compares with rtol 1e-6 (the division is IEEE on both sides, so the
// difference is 0). Shuffles are executed by every lane.
#include <vector>

#include "puzzle.h"

#ifndef WARPSIM_FULL_MASK
#define WARPSIM_FULL_MASK 0xffffffffu
#endif

__global__ void moving_average_3(float *out, const float *in, int size) {
  int global_i = blockDim.x * blockIdx.x + threadIdx.x;
  int lane = threadIdx.x % warpSize;
  float current_val = global_i < size ? in[global_i] : 0.0f;
  float next_val = __shfl_down_sync(WARPSIM_FULL_MASK, current_val, 1);
  float next_next_val = __shfl_down_sync(WARPSIM_FULL_MASK, current_val, 2);
  if (global_i < size) {
    if (lane < warpSize - 2 && global_i < size - 2)
      out[global_i] = (current_val + next_val + next_next_val) / 3.0f;
    else if (lane < warpSize - 1 && global_i < size - 1)
      out[global_i] = (current_val + next_val) / 2.0f;
    else
      out[global_i] = current_val;
  }
}

int main() {
  const int WARP_SIZE = device_warp_size();
  const int SIZE_2 = 2 * WARP_SIZE;
  std::printf("WARP_SIZE: %d\nSIZE_2: %d\n", WARP_SIZE, SIZE_2);

  std::vector<float> h_in(SIZE_2), h_out(SIZE_2), expected(SIZE_2);
  for (int i = 0; i < SIZE_2; ++i)
    h_in[i] = float((i + 1) * (i + 2) / 2);
  for (int i = 0; i < SIZE_2; ++i) {
    int lane = i % WARP_SIZE;
    if (lane < WARP_SIZE - 2 && i < SIZE_2 - 2)
      expected[i] = (h_in[i] + h_in[i + 1] + h_in[i + 2]) / 3.0f;
    else if (lane < WARP_SIZE - 1 && i < SIZE_2 - 1)
      expected[i] = (h_in[i] + h_in[i + 1]) / 2.0f;
    else
      expected[i] = h_in[i];
  }

  DeviceBuffer<float> d_in(h_in.data(), SIZE_2);
  DeviceBuffer<float> d_out(SIZE_2);

  moving_average_3<<<dim3(2, 1), dim3(WARP_SIZE, 1)>>>(d_out.data(), d_in.data(), SIZE_2);
  CUDA_CHECK_LAUNCH();

  d_out.download(h_out.data());
  print_array("out", h_out.data(), SIZE_2);
  print_array("expected", expected.data(), SIZE_2);
  puzzle_output("out", h_out.data(), SIZE_2);
  return finish(check_close(h_out.data(), expected.data(), SIZE_2, 0.0, 1e-6));
}
