// p22 — warp-level dot product, functional form (the book launches it through
// `elementwise` with WARP_SIZE threads): the same math as simple_warp, launched
// with exactly one warp, for any warp size. SIZE = WARP_SIZE; grid (1,1),
// block (WARP_SIZE,1); WARP_SIZE is the device's warpSize at run time.
// Lane l accumulates a[i]*b[i] for i = l, l + warpSize, ... < size (one
// element each when SIZE = WARP_SIZE), then the shuffle-xor warp_sum; lane 0
// writes out[0]. Being a single warp, it works for any size; no barriers.
// Inputs a[i] = b[i] = i; expected sum of i^2 over i < WARP_SIZE: 10416 for
// 32, 85344 for 64.
#include <vector>

#include "puzzle.h"

#ifndef WARPSIM_FULL_MASK
#define WARPSIM_FULL_MASK 0xffffffffu
#endif

// Butterfly sum over the whole warp; every lane gets the same total.
__device__ float warp_sum(float v) {
  for (int offset = warpSize / 2; offset > 0; offset /= 2)
    v += __shfl_xor_sync(WARPSIM_FULL_MASK, v, offset);
  return v;
}

// Launched as <<<1, warpSize>>>: the whole grid is one warp.
__global__ void functional_warp_dot_product(float *out, const float *a, const float *b,
                                            int size) {
  int lane = threadIdx.x;
  float partial = 0.0f;
  for (int i = lane; i < size; i += warpSize) partial += a[i] * b[i];
  // After the loop: every lane of the warp reaches the shuffles.
  float total = warp_sum(partial);
  if (lane == 0) out[0] = total;
}

int main() {
  const int WARP_SIZE = device_warp_size();
  const int SIZE = WARP_SIZE;
  std::printf("WARP_SIZE: %d\nSIZE: %d\n", WARP_SIZE, SIZE);

  std::vector<float> h_a(SIZE), h_b(SIZE);
  for (int i = 0; i < SIZE; ++i) {
    h_a[i] = float(i);
    h_b[i] = float(i);
  }
  const long long ws = WARP_SIZE;
  const float expected[1] = {float((ws - 1) * ws * (2 * ws - 1) / 6)};
  float h_out[1];

  DeviceBuffer<float> d_a(h_a.data(), SIZE);
  DeviceBuffer<float> d_b(h_b.data(), SIZE);
  DeviceBuffer<float> d_out(1);

  functional_warp_dot_product<<<1, WARP_SIZE>>>(d_out.data(), d_a.data(), d_b.data(), SIZE);
  CUDA_CHECK_LAUNCH();

  d_out.download(h_out);
  print_value("out", h_out[0]);
  print_value("expected", expected[0]);
  puzzle_output("out", h_out, 1);
  return finish(check_equal(h_out, expected, 1));
}
