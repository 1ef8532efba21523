// A texture reference: CUDA that warpsim cannot run. One located error
// naming it, exit status 4, never a crash or a cascade.
#include <cuda_runtime.h>

texture<float, 1, cudaReadModeElementType> tex;

__global__ void fetch(float *out) { out[threadIdx.x] = tex1Dfetch(tex, threadIdx.x); }

int main() {
  float *out;
  cudaMalloc(&out, 32 * sizeof(float));
  fetch<<<1, 32>>>(out);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
