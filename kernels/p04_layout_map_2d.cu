// p04_layout — 2D Map with LayoutTensor views (row_major(SIZE, SIZE)).
// One (3,3) block over a 2x2 matrix; guard row < size && col < size;
// out(row, col) = a(row, col) + 10.
// Inputs a[k] = k; expected [10, 11, 12, 13]. No synchronisation.
#include "layout_tensor.h"
#include "puzzle.h"

constexpr int SIZE = 2;
constexpr int BLOCKS_PER_GRID = 1;
const dim3 THREADS_PER_BLOCK(3, 3);

using Layout = RowMajor<SIZE, SIZE>;
using OutTensor = LayoutTensor<float, Layout>;
using InTensor = LayoutTensor<const float, Layout>;

__global__ void add_10_2d(OutTensor out, InTensor a, int size) {
  int row = threadIdx.y;
  int col = threadIdx.x;
  if (row < size && col < size) out(row, col) = a(row, col) + 10.0f;
}

int main() {
  constexpr int N = Layout::size();
  float h_a[N], h_out[N];
  for (int k = 0; k < N; ++k) h_a[k] = float(k);
  const float expected[N] = {10, 11, 12, 13};

  DeviceBuffer<float> d_a(h_a, N);
  DeviceBuffer<float> d_out(N);

  add_10_2d<<<BLOCKS_PER_GRID, THREADS_PER_BLOCK>>>(OutTensor(d_out.data()),
                                                    InTensor(d_a.data()), SIZE);
  CUDA_CHECK_LAUNCH();

  d_out.download(h_out);
  return finish(check_output("out", h_out, expected, N));
}
