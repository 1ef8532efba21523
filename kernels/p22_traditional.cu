// p22 — warp-level dot product, the traditional way (p10 style), for any warp
// size. SIZE = WARP_SIZE, one block of WARP_SIZE threads, BPG=(1,1),
// TPB=(WARP_SIZE,1); WARP_SIZE is the device's warpSize at run time (32 on
// NVIDIA GPUs, 64 under `warpsim run --warp-size 64`).
// Each thread stores a[i]*b[i] into shared memory (dynamic, WARP_SIZE floats);
// __syncthreads(); then a stride-halving tree (WARP_SIZE/2 .. 1) with a
// __syncthreads() after every step; thread 0 writes out[0].
// Inputs a[i] = b[i] = i; expected sum of i^2 over i < WARP_SIZE
// = (WS-1)·WS·(2WS-1)/6: 10416 for 32, 85344 for 64.
// Synchronisation: 1 + log2(WARP_SIZE) barriers (6 for 32, 7 for 64). p22's
// simple_warp and functional_warp variants need none.
#include <vector>

#include "puzzle.h"

__global__ void traditional_dot_product(float *out, const float *a, const float *b, int size) {
  extern __shared__ float shared[]; // blockDim.x (= WARP_SIZE) floats
  int global_i = blockDim.x * blockIdx.x + threadIdx.x;
  int local_i = threadIdx.x;
  shared[local_i] = global_i < size ? a[global_i] * b[global_i] : 0.0f;

  __syncthreads();

  for (int stride = blockDim.x / 2; stride > 0; stride /= 2) {
    if (local_i < stride) shared[local_i] += shared[local_i + stride];
    __syncthreads();
  }

  if (local_i == 0) out[0] = shared[0];
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

  traditional_dot_product<<<dim3(1, 1), dim3(WARP_SIZE, 1), WARP_SIZE * sizeof(float)>>>(
      d_out.data(), d_a.data(), d_b.data(), SIZE);
  CUDA_CHECK_LAUNCH();

  d_out.download(h_out);
  print_value("out", h_out[0]);
  print_value("expected", expected[0]);
  puzzle_output("out", h_out, 1);
  return finish(check_equal(h_out, expected, 1));
}
