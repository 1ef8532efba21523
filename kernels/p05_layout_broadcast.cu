// p05_layout — Broadcast with LayoutTensor views: a has layout (1, SIZE),
// b has (SIZE, 1), out has (SIZE, SIZE); one (3,3) block; guarded;
// out(r, c) = a(0, c) + b(r, 0).
// a = [0, 1], b = [0, 1]; expected [0, 1, 1, 2]. No synchronisation.
#include "layout_tensor.h"
#include "puzzle.h"

constexpr int SIZE = 2;
constexpr int BLOCKS_PER_GRID = 1;
const dim3 THREADS_PER_BLOCK(3, 3);

using OutTensor = LayoutTensor<float, RowMajor<SIZE, SIZE>>;
using ATensor = LayoutTensor<const float, RowMajor<1, SIZE>>;
using BTensor = LayoutTensor<const float, RowMajor<SIZE, 1>>;

__global__ void broadcast_add(OutTensor out, ATensor a, BTensor b, int size) {
  int row = threadIdx.y;
  int col = threadIdx.x;
  if (row < size && col < size) out(row, col) = a(0, col) + b(row, 0);
}

int main() {
  constexpr int N = OutTensor::size();
  float h_a[SIZE], h_b[SIZE], h_out[N];
  for (int i = 0; i < SIZE; ++i) {
    h_a[i] = float(i);
    h_b[i] = float(i);
  }
  const float expected[N] = {0, 1, 1, 2};

  DeviceBuffer<float> d_a(h_a, SIZE);
  DeviceBuffer<float> d_b(h_b, SIZE);
  DeviceBuffer<float> d_out(N);

  broadcast_add<<<BLOCKS_PER_GRID, THREADS_PER_BLOCK>>>(OutTensor(d_out.data()),
                                                        ATensor(d_a.data()),
                                                        BTensor(d_b.data()), SIZE);
  CUDA_CHECK_LAUNCH();

  d_out.download(h_out);
  return finish(check_output("out", h_out, expected, N));
}
