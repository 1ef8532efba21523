// BUG VARIANT of kernels/p22_simple_warp.cu (the correct twin). The book's p22
// benchmark (puzzles.md, p22_benchmark row: L11840-11873) launches SIZE =
// k*WARP_SIZE with k blocks; every warp's lane 0 then writes its own warp's
// total to out[0] (a race; fixed upstream in 9a096bf1). Exactly that change:
// SIZE = 2*WARP_SIZE and 2 blocks (k=2); the kernel is unchanged.
// The program prints FAIL (out[0] holds one warp's total).
// EXPECT: race global error hazard=WAW at=@race
// p22 - warp-level dot product with a warp sum (the book's `warp.sum`), for
// any warp size. SIZE = WARP_SIZE, one block of one warp: BPG=(1,1),
// TPB=(WARP_SIZE,1); WARP_SIZE is the device's warpSize at run time.
// Each lane forms p = a[i]*b[i] (0 out of range); warp_sum is a shuffle-xor
// ladder (offsets warpSize/2 .. 1), after which every lane holds the total;
// lane 0 writes out[0]. No shared memory, no barriers: the shuffles
// synchronise the warp. (CUDA's __reduce_add_sync is integer-only, hence the
// ladder for float.) With more than one warp every warp's lane 0 would write
// out[0], so this launches exactly one.
// Inputs a[i] = b[i] = i; expected sum of i^2 over i < WARP_SIZE: 10416 for
// 32, 85344 for 64 (the book's trace at L11650-11654 lists products 4i^2,
// which do not add up to 10416).
#include <vector>

#include "../puzzle.h"

#ifndef WARPSIM_FULL_MASK
#define WARPSIM_FULL_MASK 0xffffffffu
#endif

// Butterfly sum over the whole warp; every lane gets the same total.
__device__ float warp_sum(float v) {
  for (int offset = warpSize / 2; offset > 0; offset /= 2)
    v += __shfl_xor_sync(WARPSIM_FULL_MASK, v, offset);
  return v;
}

__global__ void simple_warp_dot_product(float *out, const float *a, const float *b, int size) {
  int global_i = blockDim.x * blockIdx.x + threadIdx.x;
  int lane = threadIdx.x % warpSize;
  // Every lane takes part in the shuffles, in range or not.
  float partial = global_i < size ? a[global_i] * b[global_i] : 0.0f;
  float total = warp_sum(partial);
  if (lane == 0) out[0] = total; // @race
}

int main() {
  const int WARP_SIZE = device_warp_size();
  const int SIZE = 2 * WARP_SIZE;
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

  simple_warp_dot_product<<<dim3(2, 1), dim3(WARP_SIZE, 1)>>>(d_out.data(), d_a.data(),
                                                               d_b.data(), SIZE);
  CUDA_CHECK_LAUNCH();

  d_out.download(h_out);
  print_value("out", h_out[0]);
  print_value("expected", expected[0]);
  puzzle_output("out", h_out, 1);
  return finish(check_equal(h_out, expected, 1));
}
