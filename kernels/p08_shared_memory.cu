// p08 — Shared Memory (raw pointers). SIZE=8 over 2 blocks of TPB=4 threads.
// Each thread loads a[global_i] into a TPB-float __shared__ array, the block
// waits at one __syncthreads(), then out[global_i] = shared[local_i] + 10.
// Input a = all 1.0; expected 8 x 11.0.
// Synchronisation: 1 barrier, after the shared-memory load, as the book's
// solution has it. (Each thread reads back only its own slot, so this kernel
// would also be correct without it; the barrier is the pattern being taught.)
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

constexpr int TPB = 4;
constexpr int SIZE = 8;
const dim3 BLOCKS_PER_GRID(2, 1);
const dim3 THREADS_PER_BLOCK(TPB, 1);

__global__ void add_10_shared(float *out, const float *a, int size) {
  __shared__ float shared[TPB];
  int global_i = blockDim.x * blockIdx.x + threadIdx.x;
  int local_i = threadIdx.x;
  if (global_i < size) shared[local_i] = a[global_i];

  __syncthreads();

  if (global_i < size) out[global_i] = shared[local_i] + 10.0f;
}

int main() {
  float h_a[SIZE], h_out[SIZE], expected[SIZE];
  for (int i = 0; i < SIZE; ++i) {
    h_a[i] = 1.0f;
    expected[i] = 11.0f;
  }

  float *d_a = nullptr, *d_out = nullptr;
  CUDA_CHECK(cudaMalloc(&d_a, SIZE * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&d_out, SIZE * sizeof(float)));
  CUDA_CHECK(cudaMemset(d_out, 0, SIZE * sizeof(float)));
  CUDA_CHECK(cudaMemcpy(d_a, h_a, sizeof(h_a), cudaMemcpyHostToDevice));

  add_10_shared<<<BLOCKS_PER_GRID, THREADS_PER_BLOCK>>>(d_out, d_a, SIZE);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());

  CUDA_CHECK(cudaMemcpy(h_out, d_out, sizeof(h_out), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaFree(d_a));
  CUDA_CHECK(cudaFree(d_out));

  print_array("out", h_out, SIZE);
  print_array("expected", expected, SIZE);
  return check(h_out, expected, SIZE);
}
