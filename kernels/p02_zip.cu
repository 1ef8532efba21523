// p02 — Zip. SIZE=4, 1 block of 4 threads: out[i] = a[i] + b[i].
// Inputs a[i] = b[i] = i; expected [0, 2, 4, 6]. No synchronisation.
#include "puzzle.h"

constexpr int SIZE = 4;
constexpr int BLOCKS_PER_GRID = 1;
constexpr int THREADS_PER_BLOCK = SIZE;

__global__ void add(float *out, const float *a, const float *b) {
  int i = threadIdx.x;
  out[i] = a[i] + b[i];
}

int main() {
  float h_a[SIZE], h_b[SIZE], h_out[SIZE];
  for (int i = 0; i < SIZE; ++i) {
    h_a[i] = float(i);
    h_b[i] = float(i);
  }
  const float expected[SIZE] = {0, 2, 4, 6};

  DeviceBuffer<float> d_a(h_a, SIZE);
  DeviceBuffer<float> d_b(h_b, SIZE);
  DeviceBuffer<float> d_out(SIZE);

  add<<<BLOCKS_PER_GRID, THREADS_PER_BLOCK>>>(d_out.data(), d_a.data(), d_b.data());
  CUDA_CHECK_LAUNCH();

  d_out.download(h_out);
  return finish(check_output("out", h_out, expected, SIZE));
}
