// p14_naive — naive matrix multiplication (raw pointers).
// SIZE=2 (2x2 matrices), one block of TPB x TPB = 3 x 3 threads (9 threads
// for 4 outputs). One thread per element of C; row = threadIdx.y (plus the
// block offset), col = threadIdx.x; guard row < size && col < size;
//   out[row*size + col] = sum_k a[row*size + k] * b[k*size + col].
// Inputs a[k] = k, b[k] = 2k (row-major); expected [4, 6, 12, 22].
// Synchronisation: none.
#include "puzzle.h"

constexpr int TPB = 3;
constexpr int SIZE = 2;
const dim3 BLOCKS_PER_GRID(1, 1);
const dim3 THREADS_PER_BLOCK(TPB, TPB);

__global__ void naive_matmul(float *out, const float *a, const float *b, int size) {
  int row = blockDim.y * blockIdx.y + threadIdx.y;
  int col = blockDim.x * blockIdx.x + threadIdx.x;
  if (row < size && col < size) {
    float acc = 0.0f;
    for (int k = 0; k < size; ++k)
      acc += a[row * size + k] * b[k * size + col];
    out[row * size + col] = acc;
  }
}

int main() {
  constexpr int N = SIZE * SIZE;
  float h_a[N], h_b[N], h_out[N];
  for (int k = 0; k < N; ++k) {
    h_a[k] = float(k);
    h_b[k] = float(2 * k);
  }
  const float expected[N] = {4, 6, 12, 22};

  DeviceBuffer<float> d_a(h_a, N);
  DeviceBuffer<float> d_b(h_b, N);
  DeviceBuffer<float> d_out(N);

  naive_matmul<<<BLOCKS_PER_GRID, THREADS_PER_BLOCK>>>(d_out.data(), d_a.data(), d_b.data(), SIZE);
  CUDA_CHECK_LAUNCH();

  d_out.download(h_out);
  print_array("out", h_out, N);
  print_array("expected", expected, N);
  puzzle_output("out", h_out, N);
  return finish(check_equal(h_out, expected, N));
}
