// p09_layout — Pooling with LayoutTensor views, window 3. SIZE=8, one block
// of TPB=8 threads; shared buffer is a row_major(TPB) LayoutTensor.
//   out(0) = s(0);  out(1) = s(0) + s(1);  out(i) = s(i-2) + s(i-1) + s(i).
// Input a[i] = i; expected [0, 1, 3, 6, 9, 12, 15, 18]. Synchronisation: 1 barrier.
#include "layout_tensor.h"
#include "puzzle.h"

constexpr int TPB = 8;
constexpr int SIZE = 8;
const dim3 BLOCKS_PER_GRID(1, 1);
const dim3 THREADS_PER_BLOCK(TPB, 1);

using OutTensor = LayoutTensor<float, RowMajor<SIZE>>;
using InTensor = LayoutTensor<const float, RowMajor<SIZE>>;
using SharedTensor = LayoutTensor<float, RowMajor<TPB>>;

__global__ void pooling(OutTensor out, InTensor a, int size) {
  __shared__ float shared_storage[TPB];
  SharedTensor shared(shared_storage);
  int global_i = blockDim.x * blockIdx.x + threadIdx.x;
  int local_i = threadIdx.x;
  if (global_i < size) shared(local_i) = a(global_i);

  __syncthreads();

  if (global_i == 0) {
    out(0) = shared(0);
  } else if (global_i == 1) {
    out(1) = shared(0) + shared(1);
  } else if (global_i > 1 && global_i < size) {
    out(global_i) = shared(local_i - 2) + shared(local_i - 1) + shared(local_i);
  }
}

int main() {
  float h_a[SIZE], h_out[SIZE];
  for (int i = 0; i < SIZE; ++i) h_a[i] = float(i);
  const float expected[SIZE] = {0, 1, 3, 6, 9, 12, 15, 18};

  DeviceBuffer<float> d_a(h_a, SIZE);
  DeviceBuffer<float> d_out(SIZE);

  pooling<<<BLOCKS_PER_GRID, THREADS_PER_BLOCK>>>(OutTensor(d_out.data()),
                                                  InTensor(d_a.data()), SIZE);
  CUDA_CHECK_LAUNCH();

  d_out.download(h_out);
  return finish(check_output("out", h_out, expected, SIZE));
}
