// p05 — Broadcast (raw pointers). a = [0, 1] (a row vector), b = [0, 1]
// (a column vector); one (3,3) block; guard row < size && col < size;
// out[row*size + col] = a[col] + b[row].
// Expected [0, 1, 1, 2]. No synchronisation.
#include "puzzle.h"

constexpr int SIZE = 2;
constexpr int BLOCKS_PER_GRID = 1;
const dim3 THREADS_PER_BLOCK(3, 3);

__global__ void broadcast_add(float *out, const float *a, const float *b, int size) {
  int row = threadIdx.y;
  int col = threadIdx.x;
  if (row < size && col < size) out[row * size + col] = a[col] + b[row];
}

int main() {
  constexpr int N = SIZE * SIZE;
  float h_a[SIZE], h_b[SIZE], h_out[N];
  for (int i = 0; i < SIZE; ++i) {
    h_a[i] = float(i);
    h_b[i] = float(i);
  }
  const float expected[N] = {0, 1, 1, 2};

  DeviceBuffer<float> d_a(h_a, SIZE);
  DeviceBuffer<float> d_b(h_b, SIZE);
  DeviceBuffer<float> d_out(N);

  broadcast_add<<<BLOCKS_PER_GRID, THREADS_PER_BLOCK>>>(d_out.data(), d_a.data(),
                                                        d_b.data(), SIZE);
  CUDA_CHECK_LAUNCH();

  d_out.download(h_out);
  return finish(check_output("out", h_out, expected, N));
}
