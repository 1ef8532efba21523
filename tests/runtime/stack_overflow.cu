// Unbounded recursion in device code: a clear stack-overflow error naming
// the thread, never a bare segmentation fault.
#include <cuda_runtime.h>

__device__ int depth(volatile int *p, int n) {
  volatile char pad[512];
  pad[n % 512] = static_cast<char>(n);
  return p[0] + depth(p, n + 1) + pad[0];
}

__global__ void recurse(int *out) { out[0] = depth(out, 0); }

int main() {
  int *out;
  cudaMalloc(&out, sizeof(int));
  recurse<<<1, 1>>>(out);
  cudaDeviceSynchronize();
  return 0;
}
