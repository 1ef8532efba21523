// p03 — Guards. SIZE=4 but the block has 8 threads (TPB=(8,1)); the 4 extra
// threads must not touch memory: `if (i < size) out[i] = a[i] + 10`.
// Inputs a[i] = i; expected [10, 11, 12, 13]. No synchronisation.
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
const dim3 THREADS_PER_BLOCK(8, 1);

__global__ void add_10_guard(float *out, const float *a, int size) {
  int i = threadIdx.x;
  if (i < size) out[i] = a[i] + 10.0f;
}

int main() {
  float h_a[SIZE], h_out[SIZE];
  for (int i = 0; i < SIZE; ++i) h_a[i] = float(i);
  const float expected[SIZE] = {10, 11, 12, 13};

  // Exactly SIZE floats each: an unguarded thread 4..7 would run off the end.
  float *d_a = nullptr, *d_out = nullptr;
  CUDA_CHECK(cudaMalloc(&d_a, SIZE * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&d_out, SIZE * sizeof(float)));
  CUDA_CHECK(cudaMemset(d_out, 0, SIZE * sizeof(float)));
  CUDA_CHECK(cudaMemcpy(d_a, h_a, sizeof(h_a), cudaMemcpyHostToDevice));

  add_10_guard<<<BLOCKS_PER_GRID, THREADS_PER_BLOCK>>>(d_out, d_a, SIZE);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());

  CUDA_CHECK(cudaMemcpy(h_out, d_out, sizeof(h_out), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaFree(d_a));
  CUDA_CHECK(cudaFree(d_out));

  print_array("out", h_out, SIZE);
  print_array("expected", expected, SIZE);
  return check(h_out, expected, SIZE);
}
