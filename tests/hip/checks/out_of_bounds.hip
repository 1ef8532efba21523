// A vector add without its bounds check: the grid is rounded up to whole
// blocks, so the last block's threads past n read and write past the
// allocations. Clean twin: out_of_bounds_clean.hip.
// EXPECT: out-of-bounds global error at=@read
// EXPECT: out-of-bounds global error at=@write
#include <hip/hip_runtime.h>

#include <cstdio>

__global__ void add(const float *a, const float *b, float *c, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  (void)n;
  const float x = a[i] + b[i]; // @read
  c[i] = x;                    // @write
}

int main() {
  const int n = 1000, block = 256;
  float *a, *b, *c;
  hipMalloc(&a, n * sizeof(float));
  hipMalloc(&b, n * sizeof(float));
  hipMalloc(&c, n * sizeof(float));
  hipMemset(a, 0, n * sizeof(float));
  hipMemset(b, 0, n * sizeof(float));
  hipLaunchKernelGGL(add, dim3((n + block - 1) / block), dim3(block), 0, 0, a, b, c, n);
  std::printf("launch: %s\n", hipGetErrorString(hipDeviceSynchronize()));
  hipFree(a);
  hipFree(b);
  hipFree(c);
  return 0;
}
