// p10_layout — Dot Product with LayoutTensor views. SIZE=8, one block of
// TPB=8 threads; a, b are row_major(SIZE), out is row_major(1), the shared
// buffer is row_major(TPB). Products, __syncthreads(), stride-halving tree
// with a __syncthreads() per step, thread 0 writes out(0).
// Inputs a[i] = b[i] = i; expected 140. Synchronisation: 4 barriers.
#include "layout_tensor.h"
#include "puzzle.h"

constexpr int TPB = 8;
constexpr int SIZE = 8;
const dim3 BLOCKS_PER_GRID(1, 1);
const dim3 THREADS_PER_BLOCK(SIZE, 1);

using OutTensor = LayoutTensor<float, RowMajor<1>>;
using InTensor = LayoutTensor<const float, RowMajor<SIZE>>;
using SharedTensor = LayoutTensor<float, RowMajor<TPB>>;

__global__ void dot_product(OutTensor out, InTensor a, InTensor b, int size) {
  __shared__ float shared_storage[TPB];
  SharedTensor shared(shared_storage);
  int global_i = blockDim.x * blockIdx.x + threadIdx.x;
  int local_i = threadIdx.x;
  if (global_i < size) shared(local_i) = a(global_i) * b(global_i);

  __syncthreads();

  for (int stride = TPB / 2; stride > 0; stride /= 2) {
    if (local_i < stride) shared(local_i) += shared(local_i + stride);
    __syncthreads();
  }

  if (local_i == 0) out(0) = shared(0);
}

int main() {
  float h_a[SIZE], h_b[SIZE], h_out[1];
  for (int i = 0; i < SIZE; ++i) {
    h_a[i] = float(i);
    h_b[i] = float(i);
  }
  const float expected[1] = {140};

  DeviceBuffer<float> d_a(h_a, SIZE);
  DeviceBuffer<float> d_b(h_b, SIZE);
  DeviceBuffer<float> d_out(1);

  dot_product<<<BLOCKS_PER_GRID, THREADS_PER_BLOCK>>>(OutTensor(d_out.data()),
                                                      InTensor(d_a.data()),
                                                      InTensor(d_b.data()), SIZE);
  CUDA_CHECK_LAUNCH();

  d_out.download(h_out);
  print_value("out", h_out[0]);
  print_value("expected", expected[0]);
  puzzle_output("out", h_out, 1);
  return finish(check_equal(h_out, expected, 1));
}
