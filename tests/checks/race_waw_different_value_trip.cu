// The buggy twin of race_waw_same_value_first_write.cu: each thread stores its own
// index into the first n elements of B, so the racing writes store different values: an
// ERROR whatever n and the schedule.
// EXPECT: race shared error hazard=WAW at=@store
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void copy_row(const float *A, int n) {
  __shared__ float B[256];
  for (int i = 0; i < n; i++)
    B[i] = A[i] + threadIdx.x; // @store
}

int main(int argc, char **argv) {
  const int n = argc > 1 ? std::atoi(argv[1]) : 8;
  float *a;
  cudaMalloc(&a, 1024);
  cudaMemset(a, 0, 1024);
  copy_row<<<1, 64>>>(a, n);
  cudaDeviceSynchronize();
  std::printf("PASS\n");
  cudaFree(a);
  return 0;
}
