// p11_simple — 1D convolution, single block (raw pointers).
// SIZE=6, CONV=3, one block of TPB=8 threads (8 threads for 6 outputs).
// a and b are staged in shared memory (shared_a[SIZE], shared_b[CONV]),
// one __syncthreads(), then
//   out[i] = sum_{j < CONV, i + j < SIZE} a[i + j] * b[j].
// Inputs a = [0..5], b = [0, 1, 2]; expected [5, 8, 11, 14, 5, 0].
// Synchronisation: 1 barrier (each thread reads its right neighbours' slots).
// The `i + j < SIZE` guard keeps the read inside shared_a; no halo is needed
// because there is only one block.
#include "puzzle.h"

constexpr int TPB = 8;
constexpr int SIZE = 6;
constexpr int CONV = 3;
const dim3 BLOCKS_PER_GRID(1, 1);
const dim3 THREADS_PER_BLOCK(TPB, 1);

__global__ void conv_1d_simple(float *out, const float *a, const float *b) {
  __shared__ float shared_a[SIZE];
  __shared__ float shared_b[CONV];
  int global_i = blockDim.x * blockIdx.x + threadIdx.x;
  int local_i = threadIdx.x;
  if (global_i < SIZE)
    shared_a[local_i] = a[global_i];
  if (global_i < CONV)
    shared_b[local_i] = b[global_i];

  __syncthreads();

  if (global_i < SIZE) {
    float local_sum = 0.0f;
    for (int j = 0; j < CONV; ++j) {
      if (local_i + j < SIZE)
        local_sum += shared_a[local_i + j] * shared_b[j];
    }
    out[global_i] = local_sum;
  }
}

int main() {
  float h_a[SIZE], h_b[CONV], h_out[SIZE];
  for (int i = 0; i < SIZE; ++i)
    h_a[i] = float(i);
  for (int i = 0; i < CONV; ++i)
    h_b[i] = float(i);
  const float expected[SIZE] = {5, 8, 11, 14, 5, 0};

  DeviceBuffer<float> d_a(h_a, SIZE);
  DeviceBuffer<float> d_b(h_b, CONV);
  DeviceBuffer<float> d_out(SIZE);

  conv_1d_simple<<<BLOCKS_PER_GRID, THREADS_PER_BLOCK>>>(d_out.data(), d_a.data(), d_b.data());
  CUDA_CHECK_LAUNCH();

  d_out.download(h_out);
  print_array("out", h_out, SIZE);
  print_array("expected", expected, SIZE);
  puzzle_output("out", h_out, SIZE);
  return finish(check_equal(h_out, expected, SIZE));
}
