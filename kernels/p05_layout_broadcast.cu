// p05_layout — Broadcast with LayoutTensor views: a has layout (1, SIZE),
// b has (SIZE, 1), out has (SIZE, SIZE); one (3,3) block; guarded;
// out(r, c) = a(0, c) + b(r, 0).
// a = [0, 1], b = [0, 1]; expected [0, 1, 1, 2]. No synchronisation.
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

  float *d_a = nullptr, *d_b = nullptr, *d_out = nullptr;
  CUDA_CHECK(cudaMalloc(&d_a, SIZE * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&d_b, SIZE * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&d_out, N * sizeof(float)));
  CUDA_CHECK(cudaMemset(d_out, 0, N * sizeof(float)));
  CUDA_CHECK(cudaMemcpy(d_a, h_a, sizeof(h_a), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(d_b, h_b, sizeof(h_b), cudaMemcpyHostToDevice));

  broadcast_add<<<BLOCKS_PER_GRID, THREADS_PER_BLOCK>>>(OutTensor(d_out), ATensor(d_a),
                                                        BTensor(d_b), SIZE);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());

  CUDA_CHECK(cudaMemcpy(h_out, d_out, sizeof(h_out), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaFree(d_a));
  CUDA_CHECK(cudaFree(d_b));
  CUDA_CHECK(cudaFree(d_out));

  print_array("out", h_out, N);
  print_array("expected", expected, N);
  return check(h_out, expected, N);
}
