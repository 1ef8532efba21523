// The clean twin of warp_shfl_half_warp.cu: the half of the warp that
// shuffles names only itself in the mask.
// EXPECT-CLEAN
#include <cstdio>
#include <cuda_runtime.h>

__global__ void half(int *out) {
  int v = threadIdx.x;
  if (threadIdx.x < 16)
    v = __shfl_sync(0x0000ffff, v, 0);
  out[threadIdx.x] = v;
}

int main() {
  int *out;
  cudaMalloc(&out, 32 * sizeof(int));
  half<<<1, 32>>>(out);
  int h[32];
  cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
  std::printf("out[0] %d out[15] %d out[16] %d\n", h[0], h[15], h[16]);
  cudaFree(out);
  return 0;
}
