// Clean twin of uninitialized_read.hip: both inputs are written before the
// kernel reads them.
// EXPECT-CLEAN
#include <hip/hip_runtime.h>

#include <cstdio>
#include <vector>

__global__ void add(const int *a, const int *b, int *c, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    c[i] = a[i] + b[i];
}

int main() {
  const int n = 256;
  std::vector<int> host(n, 1);
  int *a, *b, *c;
  hipMalloc(&a, n * sizeof(int));
  hipMalloc(&b, n * sizeof(int));
  hipMalloc(&c, n * sizeof(int));
  hipMemcpy(a, host.data(), n * sizeof(int), hipMemcpyHostToDevice);
  hipMemcpy(b, host.data(), n * sizeof(int), hipMemcpyHostToDevice);
  hipLaunchKernelGGL(add, dim3(n / 64), dim3(64), 0, 0, a, b, c, n);
  hipMemcpy(host.data(), c, n * sizeof(int), hipMemcpyDeviceToHost);
  std::printf("done\n");
  hipFree(a);
  hipFree(b);
  hipFree(c);
  return 0;
}
