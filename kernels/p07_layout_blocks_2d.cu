// p07_layout — 2D Blocks with LayoutTensor views (row_major(SIZE, SIZE)).
// A 5x5 matrix covered by a (2,2) grid of (3,3) blocks (36 threads, 25
// elements); guarded; out(row, col) = a(row, col) + 10.
// Input a = all 1.0; expected 25 x 11.0. No synchronisation.
#include "layout_tensor.h"
#include "puzzle.h"

constexpr int SIZE = 5;
const dim3 BLOCKS_PER_GRID(2, 2);
const dim3 THREADS_PER_BLOCK(3, 3);

using Layout = RowMajor<SIZE, SIZE>;
using OutTensor = LayoutTensor<float, Layout>;
using InTensor = LayoutTensor<const float, Layout>;

__global__ void add_10_blocks_2d(OutTensor out, InTensor a, int size) {
  int row = blockDim.y * blockIdx.y + threadIdx.y;
  int col = blockDim.x * blockIdx.x + threadIdx.x;
  if (row < size && col < size) out(row, col) = a(row, col) + 10.0f;
}

int main() {
  constexpr int N = Layout::size();
  float h_a[N], h_out[N], expected[N];
  for (int k = 0; k < N; ++k) {
    h_a[k] = 1.0f;
    expected[k] = 11.0f;
  }

  DeviceBuffer<float> d_a(h_a, N);
  DeviceBuffer<float> d_out(N);

  add_10_blocks_2d<<<BLOCKS_PER_GRID, THREADS_PER_BLOCK>>>(OutTensor(d_out.data()),
                                                           InTensor(d_a.data()), SIZE);
  CUDA_CHECK_LAUNCH();

  d_out.download(h_out);
  return finish(check_output("out", h_out, expected, N));
}
