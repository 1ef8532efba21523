// p09 — Pooling (raw pointers), window 3. SIZE=8, one block of TPB=8 threads.
// Load a into shared memory, one __syncthreads(), then
//   out[0] = s[0];  out[1] = s[0] + s[1];  out[i] = s[i-2] + s[i-1] + s[i] (i >= 2).
// Input a[i] = i; expected [0, 1, 3, 6, 9, 12, 15, 18].
// Synchronisation: 1 barrier (each thread reads its neighbours' slots).
// Correct for a single block only: there is no halo from the previous block.
#include "puzzle.h"

constexpr int TPB = 8;
constexpr int SIZE = 8;
const dim3 BLOCKS_PER_GRID(1, 1);
const dim3 THREADS_PER_BLOCK(TPB, 1);

__global__ void pooling(float *out, const float *a, int size) {
  __shared__ float shared[TPB];
  int global_i = blockDim.x * blockIdx.x + threadIdx.x;
  int local_i = threadIdx.x;
  if (global_i < size) shared[local_i] = a[global_i];

  __syncthreads();

  if (global_i == 0) {
    out[0] = shared[0];
  } else if (global_i == 1) {
    out[1] = shared[0] + shared[1];
  } else if (global_i > 1 && global_i < size) {
    out[global_i] = shared[local_i - 2] + shared[local_i - 1] + shared[local_i];
  }
}

int main() {
  float h_a[SIZE], h_out[SIZE];
  for (int i = 0; i < SIZE; ++i) h_a[i] = float(i);
  const float expected[SIZE] = {0, 1, 3, 6, 9, 12, 15, 18};

  DeviceBuffer<float> d_a(h_a, SIZE);
  DeviceBuffer<float> d_out(SIZE);

  pooling<<<BLOCKS_PER_GRID, THREADS_PER_BLOCK>>>(d_out.data(), d_a.data(), SIZE);
  CUDA_CHECK_LAUNCH();

  d_out.download(h_out);
  return finish(check_output("out", h_out, expected, SIZE));
}
