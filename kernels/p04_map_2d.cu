// p04 — 2D Map (raw pointers). A 2x2 matrix, one (3,3) block of 9 threads:
// row = threadIdx.y, col = threadIdx.x; guarded by row < size && col < size;
// out[row*size + col] = a[row*size + col] + 10.
// Inputs a[k] = k; expected [10, 11, 12, 13]. No synchronisation.
#include "puzzle.h"

constexpr int SIZE = 2;
constexpr int BLOCKS_PER_GRID = 1;
const dim3 THREADS_PER_BLOCK(3, 3);

__global__ void add_10_2d(float *out, const float *a, int size) {
  int row = threadIdx.y;
  int col = threadIdx.x;
  if (row < size && col < size) out[row * size + col] = a[row * size + col] + 10.0f;
}

int main() {
  constexpr int N = SIZE * SIZE;
  float h_a[N], h_out[N];
  for (int k = 0; k < N; ++k) h_a[k] = float(k);
  const float expected[N] = {10, 11, 12, 13};

  DeviceBuffer<float> d_a(h_a, N);
  DeviceBuffer<float> d_out(N);

  add_10_2d<<<BLOCKS_PER_GRID, THREADS_PER_BLOCK>>>(d_out.data(), d_a.data(), SIZE);
  CUDA_CHECK_LAUNCH();

  d_out.download(h_out);
  return finish(check_output("out", h_out, expected, N));
}
