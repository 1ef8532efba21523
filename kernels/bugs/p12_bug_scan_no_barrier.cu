// BUG VARIANT of kernels/p12_prefix_sum_simple.cu (the correct twin). The
// book's p12 read/write hazard (puzzles.md, p12 row: L3409-3417, L3506-3516):
// in the Hillis-Steele scan a thread must not see a neighbour's already-updated
// slot, so the read of shared[local_i - offset] and the write of shared[local_i]
// need a __syncthreads() between them. Exactly that barrier is removed.
// EXPECT: race shared error hazard=WAR at=@write
// p12_simple - inclusive prefix sum in one block (raw pointers).
// SIZE=8, one block of TPB=8 threads. Hillis-Steele scan in shared memory:
// for offset = 1, 2, 4 (log2(TPB) = 3 steps) each thread with
// local_i >= offset reads shared[local_i - offset] into a register,
// __syncthreads(), adds it to shared[local_i], __syncthreads().
// The first barrier of each step separates every read from the writes of the
// same step (a thread must not see a neighbour's already-updated slot), the
// second separates the writes from the next step's reads.
// Input a[i] = i; expected [0, 1, 3, 6, 10, 15, 21, 28].
// Synchronisation: 1 + 2*3 = 7 barriers.
#include "../puzzle.h"

constexpr int TPB = 8;
constexpr int SIZE = 8;
const dim3 BLOCKS_PER_GRID(1, 1);
const dim3 THREADS_PER_BLOCK(TPB, 1);

__global__ void prefix_sum_simple(float *out, const float *a, int size) {
  __shared__ float shared[TPB];
  int global_i = blockDim.x * blockIdx.x + threadIdx.x;
  int local_i = threadIdx.x;
  shared[local_i] = global_i < size ? a[global_i] : 0.0f;

  __syncthreads();

  for (int offset = 1; offset < TPB; offset *= 2) {
    float current_val = 0.0f;
    if (local_i >= offset)
      current_val = shared[local_i - offset]; // @read
    if (local_i >= offset)
      shared[local_i] += current_val; // @write
    __syncthreads();
  }

  if (global_i < size)
    out[global_i] = shared[local_i];
}

int main() {
  float h_a[SIZE], h_out[SIZE];
  for (int i = 0; i < SIZE; ++i)
    h_a[i] = float(i);
  const float expected[SIZE] = {0, 1, 3, 6, 10, 15, 21, 28};

  DeviceBuffer<float> d_a(h_a, SIZE);
  DeviceBuffer<float> d_out(SIZE);

  prefix_sum_simple<<<BLOCKS_PER_GRID, THREADS_PER_BLOCK>>>(d_out.data(), d_a.data(), SIZE);
  CUDA_CHECK_LAUNCH();

  d_out.download(h_out);
  print_array("out", h_out, SIZE);
  print_array("expected", expected, SIZE);
  puzzle_output("out", h_out, SIZE);
  return finish(check_equal(h_out, expected, SIZE));
}
