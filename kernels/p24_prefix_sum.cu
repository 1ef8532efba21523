// p24 — warp inclusive prefix sum (the book's prefix_sum[exclusive=False])
// with a __shfl_up_sync ladder, for any warp size. SIZE = WARP_SIZE, BPG=(1,1),
// TPB=(WARP_SIZE,1); WARP_SIZE is the device's warpSize at run time.
// for (offset = 1; offset < warpSize; offset *= 2) {
//   n = shfl_up(v, offset); if (lane >= offset) v += n; }
// log2(WARP_SIZE) steps (Kogge–Stone; NVIDIA has no "scan unit"). Single warp
// only: each warp scans its own lanes.
// Input in[i] = i+1; expected out[i] = (i+1)(i+2)/2 = [1, 3, 6, ..., 496, 528]
// for 32 (..., 2080 for 64). The shuffles are executed by every lane.
#include <vector>

#include "puzzle.h"

#ifndef WARPSIM_FULL_MASK
#define WARPSIM_FULL_MASK 0xffffffffu
#endif

// Inclusive scan over the lanes of the warp.
__device__ float warp_inclusive_scan(float v) {
  int lane = threadIdx.x % warpSize;
  for (int offset = 1; offset < warpSize; offset *= 2) {
    float n = __shfl_up_sync(WARPSIM_FULL_MASK, v, offset);
    if (lane >= offset) v += n;
  }
  return v;
}

__global__ void warp_prefix_sum(float *out, const float *in, int size) {
  int global_i = blockDim.x * blockIdx.x + threadIdx.x;
  float current_val = global_i < size ? in[global_i] : 0.0f;
  float scan_result = warp_inclusive_scan(current_val);
  if (global_i < size) out[global_i] = scan_result;
}

int main() {
  const int WARP_SIZE = device_warp_size();
  const int SIZE = WARP_SIZE;
  std::printf("WARP_SIZE: %d\nSIZE: %d\n", WARP_SIZE, SIZE);

  std::vector<float> h_in(SIZE), h_out(SIZE), expected(SIZE);
  for (int i = 0; i < SIZE; ++i) {
    h_in[i] = float(i + 1);
    expected[i] = float((i + 1) * (i + 2) / 2);
  }

  DeviceBuffer<float> d_in(h_in.data(), SIZE);
  DeviceBuffer<float> d_out(SIZE);

  warp_prefix_sum<<<dim3(1, 1), dim3(WARP_SIZE, 1)>>>(d_out.data(), d_in.data(), SIZE);
  CUDA_CHECK_LAUNCH();

  d_out.download(h_out.data());
  return finish(check_output("out", h_out.data(), expected.data(), SIZE));
}
