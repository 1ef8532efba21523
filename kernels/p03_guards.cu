// p03 — Guards. SIZE=4 but the block has 8 threads (TPB=(8,1)); the 4 extra
// threads must not touch memory: `if (i < size) out[i] = a[i] + 10`.
// Inputs a[i] = i; expected [10, 11, 12, 13]. No synchronisation.
#include "puzzle.h"

constexpr int SIZE = 4;
constexpr int BLOCKS_PER_GRID = 1;
const dim3 THREADS_PER_BLOCK(8, 1);

__global__ void add_10_guard(float *out, const float *a, int size) {
  int i = threadIdx.x;
  if (i < size) out[i] = a[i] + 10.0f;
}

int main() {
  float h_a[SIZE], h_out[SIZE];
  for (int i = 0; i < SIZE; ++i) h_a[i] = float(i);
  const float expected[SIZE] = {10, 11, 12, 13};

  // Exactly SIZE floats each: an unguarded thread 4..7 would run off the end.
  DeviceBuffer<float> d_a(h_a, SIZE);
  DeviceBuffer<float> d_out(SIZE);

  add_10_guard<<<BLOCKS_PER_GRID, THREADS_PER_BLOCK>>>(d_out.data(), d_a.data(), SIZE);
  CUDA_CHECK_LAUNCH();

  d_out.download(h_out);
  return finish(check_output("out", h_out, expected, SIZE));
}
