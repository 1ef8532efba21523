// p12_complete — multi-block inclusive prefix sum with two kernels (LayoutTensor).
// SIZE_2=15, TPB=8, BPG_2=(2,1). The output buffer is row_major(EXTENDED_SIZE)
// with EXTENDED_SIZE = SIZE_2 + 2 = 17: out[15] and out[16] hold the block
// totals.
//   K1 prefix_sum_local_phase: each block scans its TPB elements (Hillis–Steele,
//      read / barrier / write / barrier per step, as p12_simple); slots past the
//      input are zero-filled, so block 1's total is well defined (the book leaves
//      shared[7] of block 1 uninitialised). The last thread of each block writes
//      the block total to out[size + blockIdx.x].
//   K2 prefix_sum_block_sum_phase: blocks > 0 add out[size + blockIdx.x - 1].
// K2 adds only the previous block's total, so this is correct for <= 2 blocks
// (more blocks would need a scan of the block totals). The two launches are
// ordered by the default stream; the host synchronises only before reading.
// Input a[i] = i; expected [0,1,3,...,91,105] (15 values), then the block
// totals 28 and 77 in out[15], out[16].
// Synchronisation: 7 barriers in K1, none in K2.
#include "layout_tensor.h"
#include "puzzle.h"

constexpr int TPB = 8;
constexpr int SIZE_2 = 15;
constexpr int NUM_BLOCKS = 2;
constexpr int EXTENDED_SIZE = SIZE_2 + NUM_BLOCKS;
const dim3 BLOCKS_PER_GRID_2(NUM_BLOCKS, 1);
const dim3 THREADS_PER_BLOCK_2(TPB, 1);

using InTensor = LayoutTensor<const float, RowMajor<SIZE_2>>;
using OutTensor = LayoutTensor<float, RowMajor<EXTENDED_SIZE>>;

__global__ void prefix_sum_local_phase(OutTensor out, InTensor a, int size) {
  __shared__ float shared_storage[TPB];
  LayoutTensor<float, RowMajor<TPB>> shared(shared_storage);
  int global_i = blockDim.x * blockIdx.x + threadIdx.x;
  int local_i = threadIdx.x;
  shared(local_i) = global_i < size ? a(global_i) : 0.0f;

  __syncthreads();

  for (int offset = 1; offset < TPB; offset *= 2) {
    float current_val = 0.0f;
    if (local_i >= offset && local_i < TPB)
      current_val = shared(local_i - offset);
    __syncthreads();
    if (local_i >= offset && local_i < TPB)
      shared(local_i) += current_val;
    __syncthreads();
  }

  if (global_i < size)
    out(global_i) = shared(local_i);

  // Block total into the auxiliary slots after the data.
  if (local_i == TPB - 1)
    out(size + blockIdx.x) = shared(local_i);
}

__global__ void prefix_sum_block_sum_phase(OutTensor out, int size) {
  int global_i = blockDim.x * blockIdx.x + threadIdx.x;
  if (blockIdx.x > 0 && global_i < size) {
    float prev_block_sum = out(size + blockIdx.x - 1);
    out(global_i) += prev_block_sum;
  }
}

int main() {
  float h_a[SIZE_2], h_out[EXTENDED_SIZE];
  for (int i = 0; i < SIZE_2; ++i)
    h_a[i] = float(i);
  float expected[EXTENDED_SIZE];
  float running = 0.0f;
  for (int i = 0; i < SIZE_2; ++i)
    expected[i] = running += h_a[i];
  expected[SIZE_2] = 28;     // block 0: 0+1+...+7
  expected[SIZE_2 + 1] = 77; // block 1: 8+...+14 (+ the zero-filled slot)

  DeviceBuffer<float> d_a(h_a, SIZE_2);
  DeviceBuffer<float> d_out(EXTENDED_SIZE);

  prefix_sum_local_phase<<<BLOCKS_PER_GRID_2, THREADS_PER_BLOCK_2>>>(OutTensor(d_out.data()),
                                                                     InTensor(d_a.data()), SIZE_2);
  CUDA_CHECK(cudaGetLastError());
  // Same stream: K2 starts after K1 has finished; no host sync needed here.
  prefix_sum_block_sum_phase<<<BLOCKS_PER_GRID_2, THREADS_PER_BLOCK_2>>>(OutTensor(d_out.data()),
                                                                         SIZE_2);
  CUDA_CHECK_LAUNCH();

  d_out.download(h_out);
  print_array("out", h_out, SIZE_2);
  print_array("expected", expected, SIZE_2);
  print_array("block sums", h_out + SIZE_2, NUM_BLOCKS);
  puzzle_output("out", h_out, EXTENDED_SIZE);
  return finish(check_equal(h_out, expected, EXTENDED_SIZE));
}
