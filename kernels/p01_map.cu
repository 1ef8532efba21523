// p01 — Map (raw pointers). SIZE=4, 1 block of 4 threads: out[i] = a[i] + 10.
// Inputs a[i] = i; expected [10, 11, 12, 13]. No synchronisation.
#include "puzzle.h"

constexpr int SIZE = 4;
constexpr int BLOCKS_PER_GRID = 1;
constexpr int THREADS_PER_BLOCK = SIZE;

__global__ void add_10(float *out, const float *a) {
  int i = threadIdx.x;
  out[i] = a[i] + 10.0f;
}

int main() {
  float h_a[SIZE], h_out[SIZE];
  for (int i = 0; i < SIZE; ++i) h_a[i] = float(i);
  const float expected[SIZE] = {10, 11, 12, 13};

  DeviceBuffer<float> d_a(h_a, SIZE);
  DeviceBuffer<float> d_out(SIZE);

  add_10<<<BLOCKS_PER_GRID, THREADS_PER_BLOCK>>>(d_out.data(), d_a.data());
  CUDA_CHECK_LAUNCH();

  d_out.download(h_out);
  return finish(check_output("out", h_out, expected, SIZE));
}
