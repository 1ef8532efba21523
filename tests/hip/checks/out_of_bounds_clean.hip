// Clean twin of out_of_bounds.hip: the threads past n return.
// EXPECT-CLEAN
#include <hip/hip_runtime.h>

#include <cstdio>

__global__ void add(const float *a, const float *b, float *c, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  const float x = a[i] + b[i];
  c[i] = x;
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
