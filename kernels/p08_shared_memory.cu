// p08 — Shared Memory (raw pointers). SIZE=8 over 2 blocks of TPB=4 threads.
// Each thread loads a[global_i] into a TPB-float __shared__ array, the block
// waits at one __syncthreads(), then out[global_i] = shared[local_i] + 10.
// Input a = all 1.0; expected 8 x 11.0.
// Synchronisation: 1 barrier, after the shared-memory load, as the book's
// solution has it. (Each thread reads back only its own slot, so this kernel
// would also be correct without it; the barrier is the pattern being taught.)
#include "puzzle.h"

constexpr int TPB = 4;
constexpr int SIZE = 8;
const dim3 BLOCKS_PER_GRID(2, 1);
const dim3 THREADS_PER_BLOCK(TPB, 1);

__global__ void add_10_shared(float *out, const float *a, int size) {
  __shared__ float shared[TPB];
  int global_i = blockDim.x * blockIdx.x + threadIdx.x;
  int local_i = threadIdx.x;
  if (global_i < size) shared[local_i] = a[global_i];

  __syncthreads();

  if (global_i < size) out[global_i] = shared[local_i] + 10.0f;
}

int main() {
  float h_a[SIZE], h_out[SIZE], expected[SIZE];
  for (int i = 0; i < SIZE; ++i) {
    h_a[i] = 1.0f;
    expected[i] = 11.0f;
  }

  DeviceBuffer<float> d_a(h_a, SIZE);
  DeviceBuffer<float> d_out(SIZE);

  add_10_shared<<<BLOCKS_PER_GRID, THREADS_PER_BLOCK>>>(d_out.data(), d_a.data(), SIZE);
  CUDA_CHECK_LAUNCH();

  d_out.download(h_out);
  return finish(check_output("out", h_out, expected, SIZE));
}
