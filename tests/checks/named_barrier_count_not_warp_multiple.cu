// `bar.sync 1, n` with n = 48 at run time: the thread count of a named
// barrier must be a multiple of the warp size (PTX ISA, bar/barrier; ptxas
// rejects a constant 48). Counted per warp, both warps still pass it.
// EXPECT: named-barrier - error at=@bar
#include <cstdio>
#include <cuda_runtime.h>

__global__ void k(int *out, unsigned n) {
  __shared__ int s[64];
  s[threadIdx.x] = threadIdx.x;
  asm volatile("bar.sync 1, %0;" ::"r"(n) : "memory"); // @bar
  out[threadIdx.x] = s[63 - threadIdx.x];
}

int main() {
  int *out, h[64];
  cudaMalloc(&out, sizeof h);
  k<<<1, 64>>>(out, 48);
  cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
  printf("out[0] = %d\n", h[0]);
  return 0;
}
