// p23 — basic broadcast: lane 0 computes a value, __shfl_sync(full, v, 0)
// hands it to every lane; for any warp size. SIZE = WARP_SIZE, BPG=(1,1),
// TPB=(WARP_SIZE,1); WARP_SIZE is the device's warpSize at run time.
// Lane 0 sums the first 4 elements of its block (1+2+3+4 = 10); every lane
// writes out[i] = broadcast + in[i]. The broadcast is executed by every lane,
// outside the guards (lane 0's value is 0 for the others before it).
// Input in[i] = i+1; expected [11, 12, ..., WS+10].
#include <vector>

#include "puzzle.h"

#ifndef WARPSIM_FULL_MASK
#define WARPSIM_FULL_MASK 0xffffffffu
#endif

__global__ void basic_broadcast(float *out, const float *in, int size) {
  int global_i = blockDim.x * blockIdx.x + threadIdx.x;
  int lane = threadIdx.x % warpSize;
  float broadcast_value = 0.0f;
  if (lane == 0) {
    int block_start = blockIdx.x * blockDim.x;
    for (int i = 0; i < 4; ++i)
      if (block_start + i < size) broadcast_value += in[block_start + i];
  }
  broadcast_value = __shfl_sync(WARPSIM_FULL_MASK, broadcast_value, 0);
  if (global_i < size) out[global_i] = broadcast_value + in[global_i];
}

int main() {
  const int WARP_SIZE = device_warp_size();
  const int SIZE = WARP_SIZE;
  std::printf("WARP_SIZE: %d\nSIZE: %d\n", WARP_SIZE, SIZE);

  std::vector<float> h_in(SIZE), h_out(SIZE), expected(SIZE);
  for (int i = 0; i < SIZE; ++i)
    h_in[i] = float(i + 1);
  const float lane0_sum = h_in[0] + h_in[1] + h_in[2] + h_in[3]; // 10
  for (int i = 0; i < SIZE; ++i)
    expected[i] = lane0_sum + h_in[i];

  DeviceBuffer<float> d_in(h_in.data(), SIZE);
  DeviceBuffer<float> d_out(SIZE);

  basic_broadcast<<<dim3(1, 1), dim3(WARP_SIZE, 1)>>>(d_out.data(), d_in.data(), SIZE);
  CUDA_CHECK_LAUNCH();

  d_out.download(h_out.data());
  return finish(check_output("out", h_out.data(), expected.data(), SIZE));
}
