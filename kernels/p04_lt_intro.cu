// p04_lt_intro — the LayoutTensor "quick example" (not a puzzle).
// A 2x3 row-major tensor of zeros; one block of one thread prints it,
// does t(0, 0) += 1, and prints it again:
//   Before:            After:
//   0.0 0.0 0.0        1.0 0.0 0.0
//   0.0 0.0 0.0        0.0 0.0 0.0
// The host then copies the buffer back and checks [1, 0, 0, 0, 0, 0].
#include "layout_tensor.h"
#include "puzzle.h"

constexpr int HEIGHT = 2;
constexpr int WIDTH = 3;
using Layout = RowMajor<HEIGHT, WIDTH>;
using Tensor = LayoutTensor<float, Layout>;

__device__ void print_tensor(const Tensor &t) {
  for (int r = 0; r < t.dim(0); ++r) {
    for (int c = 0; c < t.dim(1); ++c)
      printf(c ? " %.1f" : "%.1f", t(r, c));
    printf("\n");
  }
}

__global__ void kernel(Tensor tensor) {
  printf("Before:\n");
  print_tensor(tensor);
  tensor(0, 0) += 1.0f;
  printf("After:\n");
  print_tensor(tensor);
}

int main() {
  constexpr int N = Layout::size();
  float h_out[N];
  const float expected[N] = {1, 0, 0, 0, 0, 0};

  DeviceBuffer<float> d_a(N);  // enqueue_fill(0)

  kernel<<<1, 1>>>(Tensor(d_a.data()));
  CUDA_CHECK_LAUNCH();

  d_a.download(h_out);
  return finish(check_output("out", h_out, expected, N));
}
