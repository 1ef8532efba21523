// p14_shared — matrix multiplication through shared memory, single block
// (LayoutTensor; the book's "--single-block" variant).
// SIZE=2, one block of TPB x TPB = 3 x 3 threads. Two shared tiles
// row_major(TPB, TPB); each thread loads a(row, col) and b(row, col) into
// them (guarded by row < size && col < size), one __syncthreads(), then
// computes out(row, col) = sum_k a_shared(row, k) * b_shared(k, col).
// Works for one block only: the block must hold the whole matrix.
// Inputs a[k] = k, b[k] = 2k; expected [4, 6, 12, 22].
// Synchronisation: 1 barrier.
#include "layout_tensor.h"
#include "puzzle.h"

constexpr int TPB = 3;
constexpr int SIZE = 2;
const dim3 BLOCKS_PER_GRID(1, 1);
const dim3 THREADS_PER_BLOCK(TPB, TPB);

using InTensor = LayoutTensor<const float, RowMajor<SIZE, SIZE>>;
using OutTensor = LayoutTensor<float, RowMajor<SIZE, SIZE>>;
using SharedTile = LayoutTensor<float, RowMajor<TPB, TPB>>;

__global__ void single_block_matmul(OutTensor out, InTensor a, InTensor b, int size) {
  __shared__ float a_storage[TPB * TPB];
  __shared__ float b_storage[TPB * TPB];
  SharedTile a_shared(a_storage), b_shared(b_storage);
  int row = blockDim.y * blockIdx.y + threadIdx.y;
  int col = blockDim.x * blockIdx.x + threadIdx.x;
  int local_row = threadIdx.y;
  int local_col = threadIdx.x;

  if (row < size && col < size) {
    a_shared(local_row, local_col) = a(row, col);
    b_shared(local_row, local_col) = b(row, col);
  }

  __syncthreads();

  if (row < size && col < size) {
    float acc = 0.0f;
    for (int k = 0; k < size; ++k)
      acc += a_shared(local_row, k) * b_shared(k, local_col);
    out(row, col) = acc;
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

  single_block_matmul<<<BLOCKS_PER_GRID, THREADS_PER_BLOCK>>>(
      OutTensor(d_out.data()), InTensor(d_a.data()), InTensor(d_b.data()), SIZE);
  CUDA_CHECK_LAUNCH();

  d_out.download(h_out);
  print_array("out", h_out, N);
  print_array("expected", expected, N);
  puzzle_output("out", h_out, N);
  return finish(check_equal(h_out, expected, N));
}
