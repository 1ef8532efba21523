// __CUDA_ARCH__ used as a value in device code, and __CUDA_ARCH_LIST__, which
// nvcc defines for both passes; the value follows --arch.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void arch(int *out) {
#ifdef __CUDA_ARCH__ // nvcc's host pass parses kernel bodies too
  out[0] = __CUDA_ARCH__;
#endif
  out[1] = __CUDA_ARCH_LIST__;
}

int main() {
  int *d, h[2] = {0, 0};
  cudaMalloc(&d, sizeof h);
  arch<<<1, 1>>>(d);
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
#ifdef __CUDA_ARCH__
  const char *host = "defined";
#else
  const char *host = "undefined";
#endif
#if defined(__CUDACC__) && defined(__NVCC__) && __CUDACC_VER_MAJOR__ >= 12
  const char *nvcc = "nvcc";
#else
  const char *nvcc = "not nvcc";
#endif
  std::printf("device %d list %d host %s, %s\n", h[0], h[1], host, nvcc);
  cudaFree(d);
  return 0;
}
