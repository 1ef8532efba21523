// File-scope conditionals on __CUDA_ARCH__: nvcc's device pass takes other
// branches than its host pass for the two at lines 7 and 13, and the same
// branch for the guard at line 19. As with nvcc, device code sees the device
// pass's: fancy() returns 8 and WHERE is 1 (the H100 prints the same).
#include <cstdio>
#include <cuda_runtime.h>
#ifdef __CUDA_ARCH__
#define WHERE 1
#else
#define WHERE 2
#endif

#if __CUDA_ARCH__ >= 800
__device__ int fancy() { return 8; }
#else
__device__ int fancy() { return 0; }
#endif

#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 600
__device__ int guarded() { return 1; }
#endif

__global__ void k(int *out) { out[0] = fancy() + 10 * WHERE + 100 * guarded(); }

int main() {
  int *d, h = 0;
  cudaMalloc(&d, sizeof h);
  k<<<1, 1>>>(d);
  cudaMemcpy(&h, d, sizeof h, cudaMemcpyDeviceToHost);
  std::printf("fancy %d, where %d, guarded %d\n", h % 10, (h / 10) % 10, h / 100);
  cudaFree(d);
  return h == 118 ? 0 : 1;
}
