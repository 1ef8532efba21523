// p10_layout — Dot Product with LayoutTensor views. SIZE=8, one block of
// TPB=8 threads; a, b are row_major(SIZE), out is row_major(1), the shared
// buffer is row_major(TPB). Products, __syncthreads(), stride-halving tree
// with a __syncthreads() per step, thread 0 writes out(0).
// Inputs a[i] = b[i] = i; expected 140. Synchronisation: 4 barriers.
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

  float *d_a = nullptr, *d_b = nullptr, *d_out = nullptr;
  CUDA_CHECK(cudaMalloc(&d_a, SIZE * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&d_b, SIZE * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&d_out, sizeof(float)));
  CUDA_CHECK(cudaMemset(d_out, 0, sizeof(float)));
  CUDA_CHECK(cudaMemcpy(d_a, h_a, sizeof(h_a), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(d_b, h_b, sizeof(h_b), cudaMemcpyHostToDevice));

  dot_product<<<BLOCKS_PER_GRID, THREADS_PER_BLOCK>>>(OutTensor(d_out), InTensor(d_a),
                                                      InTensor(d_b), SIZE);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());

  CUDA_CHECK(cudaMemcpy(h_out, d_out, sizeof(h_out), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaFree(d_a));
  CUDA_CHECK(cudaFree(d_b));
  CUDA_CHECK(cudaFree(d_out));

  std::printf("out: %g\n", h_out[0]);
  std::printf("expected: %g\n", expected[0]);
  return check(h_out, expected, 1);
}
