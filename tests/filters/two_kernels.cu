// Two kernels with one race each: app_last_writer (the user's code) and
// lib_histogram (library code under lib/). The filters and suppressions
// tests keep or drop each one.
#include <cstdio>
#include <cuda_runtime.h>

#include "lib/histogram_lib.cuh"

__global__ void app_last_writer(int *last) {
  *last = blockIdx.x * blockDim.x + threadIdx.x; // every thread, one word
}

int main() {
  int *d, last = 0;
  cudaMalloc(&d, 8 * sizeof(int));
  cudaMemset(d, 0, 8 * sizeof(int));
  app_last_writer<<<2, 64>>>(d + 4);
  lib_histogram<<<1, 64>>>(d);
  cudaMemcpy(&last, d + 4, sizeof last, cudaMemcpyDeviceToHost);
  std::printf("done %d\n", last >= 0);
  cudaFree(d);
  return 0;
}
