// p06 — Blocks. SIZE=9 spread over 3 blocks of 4 threads (12 threads);
// i = blockDim.x * blockIdx.x + threadIdx.x, guarded by i < size;
// out[i] = a[i] + 10. Inputs a[i] = i; expected [10 .. 18].
// (The book's walk-through uses 3 threads per block; the stated config, used
// here, is TPB=4, so the last block has 3 idle threads.) No synchronisation.
#include "puzzle.h"

constexpr int SIZE = 9;
const dim3 BLOCKS_PER_GRID(3, 1);
const dim3 THREADS_PER_BLOCK(4, 1);

__global__ void add_10_blocks(float *out, const float *a, int size) {
  int i = blockDim.x * blockIdx.x + threadIdx.x;
  if (i < size) out[i] = a[i] + 10.0f;
}

int main() {
  float h_a[SIZE], h_out[SIZE];
  for (int i = 0; i < SIZE; ++i) h_a[i] = float(i);
  const float expected[SIZE] = {10, 11, 12, 13, 14, 15, 16, 17, 18};

  DeviceBuffer<float> d_a(h_a, SIZE);
  DeviceBuffer<float> d_out(SIZE);

  add_10_blocks<<<BLOCKS_PER_GRID, THREADS_PER_BLOCK>>>(d_out.data(), d_a.data(), SIZE);
  CUDA_CHECK_LAUNCH();

  d_out.download(h_out);
  return finish(check_output("out", h_out, expected, SIZE));
}
