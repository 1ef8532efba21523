// Clean twin of use_after_free.cu: cudaFree after the kernel.
// EXPECT-CLEAN
#include <cstdio>
#include <cuda_runtime.h>

__global__ void sum(const int *in, int *out) {
  out[threadIdx.x] = in[threadIdx.x] + 1; // @read
}

int main() {
  int h[32] = {}, *in, *out;
  cudaMalloc(&in, sizeof h);
  cudaMalloc(&out, sizeof h);
  cudaMemcpy(in, h, sizeof h, cudaMemcpyHostToDevice);

  sum<<<1, 32>>>(in, out);
  std::printf("launch: %s\n", cudaGetErrorString(cudaDeviceSynchronize()));
  cudaFree(in);
  return 0;
}
