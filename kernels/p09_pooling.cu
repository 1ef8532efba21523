// p09 — Pooling (raw pointers), window 3. SIZE=8, one block of TPB=8 threads.
// Load a into shared memory, one __syncthreads(), then
//   out[0] = s[0];  out[1] = s[0] + s[1];  out[i] = s[i-2] + s[i-1] + s[i] (i >= 2).
// Input a[i] = i; expected [0, 1, 3, 6, 9, 12, 15, 18].
// Synchronisation: 1 barrier (each thread reads its neighbours' slots).
// Correct for a single block only: there is no halo from the previous block.
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

constexpr int TPB = 8;
constexpr int SIZE = 8;
const dim3 BLOCKS_PER_GRID(1, 1);
const dim3 THREADS_PER_BLOCK(TPB, 1);

__global__ void pooling(float *out, const float *a, int size) {
  __shared__ float shared[TPB];
  int global_i = blockDim.x * blockIdx.x + threadIdx.x;
  int local_i = threadIdx.x;
  if (global_i < size) shared[local_i] = a[global_i];

  __syncthreads();

  if (global_i == 0) {
    out[0] = shared[0];
  } else if (global_i == 1) {
    out[1] = shared[0] + shared[1];
  } else if (global_i > 1 && global_i < size) {
    out[global_i] = shared[local_i - 2] + shared[local_i - 1] + shared[local_i];
  }
}

int main() {
  float h_a[SIZE], h_out[SIZE];
  for (int i = 0; i < SIZE; ++i) h_a[i] = float(i);
  const float expected[SIZE] = {0, 1, 3, 6, 9, 12, 15, 18};

  float *d_a = nullptr, *d_out = nullptr;
  CUDA_CHECK(cudaMalloc(&d_a, SIZE * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&d_out, SIZE * sizeof(float)));
  CUDA_CHECK(cudaMemset(d_out, 0, SIZE * sizeof(float)));
  CUDA_CHECK(cudaMemcpy(d_a, h_a, sizeof(h_a), cudaMemcpyHostToDevice));

  pooling<<<BLOCKS_PER_GRID, THREADS_PER_BLOCK>>>(d_out, d_a, SIZE);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());

  CUDA_CHECK(cudaMemcpy(h_out, d_out, sizeof(h_out), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaFree(d_a));
  CUDA_CHECK(cudaFree(d_out));

  print_array("out", h_out, SIZE);
  print_array("expected", expected, SIZE);
  return check(h_out, expected, SIZE);
}
