// p23 — neighbor difference with __shfl_down_sync, for any warp size.
// SIZE = WARP_SIZE, BPG=(1,1), TPB=(WARP_SIZE,1); WARP_SIZE is the device's
// warpSize at run time (32 on NVIDIA GPUs, 64 under --warp-size 64).
// next = __shfl_down_sync(full, v, 1); lane < WARP_SIZE-1 writes next - v,
// the last lane writes 0. In CUDA the last lane gets its own value back (the
// book calls it "undefined"); it is not used either way.
// Input in[i] = i^2; expected [1, 3, 5, ..., 2·WS-3, 0] (out[i] = 2i+1).
// The shuffle is executed by every lane, outside the `i < size` guard.
#include <vector>

#include "puzzle.h"

#ifndef WARPSIM_FULL_MASK
#define WARPSIM_FULL_MASK 0xffffffffu
#endif

__global__ void neighbor_difference(float *out, const float *in, int size) {
  int global_i = blockDim.x * blockIdx.x + threadIdx.x;
  int lane = threadIdx.x % warpSize;
  float current_val = global_i < size ? in[global_i] : 0.0f;
  float next_val = __shfl_down_sync(WARPSIM_FULL_MASK, current_val, 1);
  if (global_i < size) {
    if (lane < warpSize - 1)
      out[global_i] = next_val - current_val;
    else
      out[global_i] = 0.0f; // last lane of the warp: no neighbour
  }
}

int main() {
  const int WARP_SIZE = device_warp_size();
  const int SIZE = WARP_SIZE;
  std::printf("WARP_SIZE: %d\nSIZE: %d\n", WARP_SIZE, SIZE);

  std::vector<float> h_in(SIZE), h_out(SIZE), expected(SIZE);
  for (int i = 0; i < SIZE; ++i) {
    h_in[i] = float(i * i);
    expected[i] = i % WARP_SIZE < WARP_SIZE - 1 ? float(2 * i + 1) : 0.0f;
  }

  DeviceBuffer<float> d_in(h_in.data(), SIZE);
  DeviceBuffer<float> d_out(SIZE);

  neighbor_difference<<<dim3(1, 1), dim3(WARP_SIZE, 1)>>>(d_out.data(), d_in.data(), SIZE);
  CUDA_CHECK_LAUNCH();

  d_out.download(h_out.data());
  return finish(check_output("out", h_out.data(), expected.data(), SIZE));
}
