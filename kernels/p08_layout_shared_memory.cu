// p08_layout — Shared Memory with LayoutTensor views. SIZE=8 over 2 blocks
// of TPB=4 threads; the shared buffer is a row_major(TPB) LayoutTensor over a
// __shared__ array. Load, one __syncthreads(), out(gi) = shared(li) + 10.
// Input a = all 1.0; expected 8 x 11.0. Synchronisation: 1 barrier.
#include "layout_tensor.h"
#include "puzzle.h"

constexpr int TPB = 4;
constexpr int SIZE = 8;
const dim3 BLOCKS_PER_GRID(2, 1);
const dim3 THREADS_PER_BLOCK(TPB, 1);

using OutTensor = LayoutTensor<float, RowMajor<SIZE>>;
using InTensor = LayoutTensor<const float, RowMajor<SIZE>>;
using SharedTensor = LayoutTensor<float, RowMajor<TPB>>;

__global__ void add_10_shared(OutTensor out, InTensor a, int size) {
  __shared__ float shared_storage[TPB];
  SharedTensor shared(shared_storage);
  int global_i = blockDim.x * blockIdx.x + threadIdx.x;
  int local_i = threadIdx.x;
  if (global_i < size) shared(local_i) = a(global_i);

  __syncthreads();

  if (global_i < size) out(global_i) = shared(local_i) + 10.0f;
}

int main() {
  float h_a[SIZE], h_out[SIZE], expected[SIZE];
  for (int i = 0; i < SIZE; ++i) {
    h_a[i] = 1.0f;
    expected[i] = 11.0f;
  }

  DeviceBuffer<float> d_a(h_a, SIZE);
  DeviceBuffer<float> d_out(SIZE);

  add_10_shared<<<BLOCKS_PER_GRID, THREADS_PER_BLOCK>>>(OutTensor(d_out.data()),
                                                        InTensor(d_a.data()), SIZE);
  CUDA_CHECK_LAUNCH();

  d_out.download(h_out);
  return finish(check_output("out", h_out, expected, SIZE));
}
