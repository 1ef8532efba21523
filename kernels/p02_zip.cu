// p02 — Zip. SIZE=4, 1 block of 4 threads: out[i] = a[i] + b[i].
// Inputs a[i] = b[i] = i; expected [0, 2, 4, 6]. No synchronisation.
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

constexpr int SIZE = 4;
constexpr int BLOCKS_PER_GRID = 1;
constexpr int THREADS_PER_BLOCK = SIZE;

__global__ void add(float *out, const float *a, const float *b) {
  int i = threadIdx.x;
  out[i] = a[i] + b[i];
}

int main() {
  float h_a[SIZE], h_b[SIZE], h_out[SIZE];
  for (int i = 0; i < SIZE; ++i) {
    h_a[i] = float(i);
    h_b[i] = float(i);
  }
  const float expected[SIZE] = {0, 2, 4, 6};

  float *d_a = nullptr, *d_b = nullptr, *d_out = nullptr;
  CUDA_CHECK(cudaMalloc(&d_a, SIZE * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&d_b, SIZE * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&d_out, SIZE * sizeof(float)));
  CUDA_CHECK(cudaMemset(d_out, 0, SIZE * sizeof(float)));
  CUDA_CHECK(cudaMemcpy(d_a, h_a, sizeof(h_a), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(d_b, h_b, sizeof(h_b), cudaMemcpyHostToDevice));

  add<<<BLOCKS_PER_GRID, THREADS_PER_BLOCK>>>(d_out, d_a, d_b);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());

  CUDA_CHECK(cudaMemcpy(h_out, d_out, sizeof(h_out), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaFree(d_a));
  CUDA_CHECK(cudaFree(d_b));
  CUDA_CHECK(cudaFree(d_out));

  print_array("out", h_out, SIZE);
  print_array("expected", expected, SIZE);
  return check(h_out, expected, SIZE);
}
