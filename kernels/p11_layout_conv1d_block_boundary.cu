// p11_block_boundary — 1D convolution across block boundaries (LayoutTensor).
// SIZE_2=15, CONV_2=4, TPB=8, BPG_2=(2,1): 16 threads for 15 outputs.
// Each block stages its TPB inputs plus a halo of CONV_2-1 elements from the
// next block in shared memory (row_major(TPB + CONV_2 - 1) = 11 floats):
// threads local_i < CONV_2-1 load a[global_i + TPB]. Halo cells past the end
// of the input are set to 0, so no thread reads uninitialised shared memory.
// One __syncthreads(), then
//   out[i] = sum_{j < CONV_2, i + j < SIZE_2} a[i + j] * b[j].
// Inputs a = [0..14], b = [0..3];
// expected [14,20,26,32,38,44,50,56,62,68,74,80,41,14,0].
// Synchronisation: 1 barrier.
#include "layout_tensor.h"
#include "puzzle.h"

constexpr int TPB = 8;
constexpr int SIZE_2 = 15;
constexpr int CONV_2 = 4;
const dim3 BLOCKS_PER_GRID_2(2, 1);
const dim3 THREADS_PER_BLOCK(TPB, 1);

using InTensor = LayoutTensor<const float, RowMajor<SIZE_2>>;
using OutTensor = LayoutTensor<float, RowMajor<SIZE_2>>;
using ConvTensor = LayoutTensor<const float, RowMajor<CONV_2>>;

__global__ void conv_1d_block_boundary(OutTensor out, InTensor a, ConvTensor b) {
  __shared__ float shared_a_storage[TPB + CONV_2 - 1];
  __shared__ float shared_b_storage[CONV_2];
  LayoutTensor<float, RowMajor<TPB + CONV_2 - 1>> shared_a(shared_a_storage);
  LayoutTensor<float, RowMajor<CONV_2>> shared_b(shared_b_storage);

  int global_i = blockDim.x * blockIdx.x + threadIdx.x;
  int local_i = threadIdx.x;
  if (global_i < SIZE_2)
    shared_a(local_i) = a(global_i);

  // Halo: the first CONV_2-1 elements of the next block (0 past the end).
  if (local_i < CONV_2 - 1) {
    int next_idx = global_i + TPB;
    shared_a(TPB + local_i) = next_idx < SIZE_2 ? a(next_idx) : 0.0f;
  }
  if (local_i < CONV_2)
    shared_b(local_i) = b(local_i);

  __syncthreads();

  if (global_i < SIZE_2) {
    float local_sum = 0.0f;
    for (int j = 0; j < CONV_2; ++j) {
      if (global_i + j < SIZE_2)
        local_sum += shared_a(local_i + j) * shared_b(j);
    }
    out(global_i) = local_sum;
  }
}

int main() {
  float h_a[SIZE_2], h_b[CONV_2], h_out[SIZE_2];
  for (int i = 0; i < SIZE_2; ++i)
    h_a[i] = float(i);
  for (int i = 0; i < CONV_2; ++i)
    h_b[i] = float(i);
  const float expected[SIZE_2] = {14, 20, 26, 32, 38, 44, 50, 56, 62, 68, 74, 80, 41, 14, 0};

  DeviceBuffer<float> d_a(h_a, SIZE_2);
  DeviceBuffer<float> d_b(h_b, CONV_2);
  DeviceBuffer<float> d_out(SIZE_2);

  conv_1d_block_boundary<<<BLOCKS_PER_GRID_2, THREADS_PER_BLOCK>>>(
      OutTensor(d_out.data()), InTensor(d_a.data()), ConvTensor(d_b.data()));
  CUDA_CHECK_LAUNCH();

  d_out.download(h_out);
  print_array("out", h_out, SIZE_2);
  print_array("expected", expected, SIZE_2);
  puzzle_output("out", h_out, SIZE_2);
  return finish(check_equal(h_out, expected, SIZE_2));
}
