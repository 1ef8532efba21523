// p04_lt_intro — the LayoutTensor "quick example" (not a puzzle).
// A 2x3 row-major tensor of zeros; one block of one thread prints it,
// does t(0, 0) += 1, and prints it again:
//   Before:            After:
//   0.0 0.0 0.0        1.0 0.0 0.0
//   0.0 0.0 0.0        0.0 0.0 0.0
// The host then copies the buffer back and checks [1, 0, 0, 0, 0, 0].
#include <cstdio>
#include <cstdlib>
#include <cmath>
#include <cuda_runtime.h>

#define CUDA_CHECK(call)                                                    \
  do {                                                                      \
    cudaError_t err_ = (call);                                              \
    if (err_ != cudaSuccess) {                                              \
      std::printf("FAIL: %s at %s:%d: %s\n", #call, __FILE__, __LINE__,     \
                  cudaGetErrorString(err_));                                \
      std::exit(1);                                                         \
    }                                                                       \
  } while (0)

static void print_array(const char *name, const float *v, int n) {
  std::printf("%s: [", name);
  for (int i = 0; i < n; ++i) std::printf(i ? ", %g" : "%g", v[i]);
  std::printf("]\n");
}

// Exact comparison: every expected value is a small integer.
static int check(const float *got, const float *want, int n) {
  int bad = 0;
  for (int i = 0; i < n; ++i) {
    if (got[i] != want[i]) {
      if (bad < 8)
        std::printf("mismatch at %d: got %g, expected %g\n", i, got[i], want[i]);
      ++bad;
    }
  }
  if (bad) {
    std::printf("FAIL: %d of %d values wrong\n", bad, n);
    return 1;
  }
  std::printf("PASS\n");
  return 0;
}

#include "layout_tensor.h"

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

  float *d_a = nullptr;
  CUDA_CHECK(cudaMalloc(&d_a, N * sizeof(float)));
  CUDA_CHECK(cudaMemset(d_a, 0, N * sizeof(float)));  // enqueue_fill(0)

  kernel<<<1, 1>>>(Tensor(d_a));
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());

  CUDA_CHECK(cudaMemcpy(h_out, d_a, sizeof(h_out), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaFree(d_a));

  print_array("out", h_out, N);
  print_array("expected", expected, N);
  return check(h_out, expected, N);
}
