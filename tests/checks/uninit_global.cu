// The input allocation is never written (no cudaMemcpy, no cudaMemset)
// before the kernel reads it: an uninitialised global read.
// EXPECT: uninitialized-read global error at=@read
#include <cstdio>
#include <cuda_runtime.h>

__global__ void add_one(const int *in, int *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i] + 1; // @read
}

int main() {
  int *in, *out, r[64];
  cudaMalloc(&in, sizeof r);
  cudaMalloc(&out, sizeof r);
  // forgot: cudaMemcpy(in, ..., cudaMemcpyHostToDevice);
  add_one<<<2, 32>>>(in, out);
  cudaMemcpy(r, out, sizeof r, cudaMemcpyDeviceToHost);
  std::printf("r[0] %d\n", r[0]);
  return 0;
}
