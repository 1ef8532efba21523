// Every bug in one run (detector-precision issue, item 3): an off-by-one
// read past a global allocation, then a shared-memory race later in the same
// kernel. Under `check` the out-of-bounds read is reported, suppressed (it
// reads zero) and the launch goes on, so the race is found too; with
// --memory-error abort the launch ends at the read, as on the GPU (CTests
// runtime.memory_error.*).
// EXPECT: out-of-bounds global error at=@oob
// EXPECT: race shared error hazard=RAW at=@write at=@read
// EXPECT: uninitialized-read shared error at=@read
#include <cstdio>
#include <cuda_runtime.h>

__global__ void sum_neighbours(const int *in, int *out, int n) {
  __shared__ int s[64];
  const int i = threadIdx.x;
  const int right = in[i + 1]; // @oob
  s[i] = in[i] + right;        // @write
  // missing __syncthreads()
  out[i] = s[(i + 32) % 64];   // @read
}

int main() {
  const int n = 64;
  int host[n];
  for (int i = 0; i < n; ++i)
    host[i] = i;
  int *in, *out;
  cudaMalloc(&in, n * sizeof(int));
  cudaMalloc(&out, n * sizeof(int));
  cudaMemcpy(in, host, sizeof host, cudaMemcpyHostToDevice);
  sum_neighbours<<<1, n>>>(in, out, n);
  const cudaError_t e = cudaMemcpy(host, out, sizeof host, cudaMemcpyDeviceToHost);
  std::printf("%s: out[31] = %d, out[32] = %d\n", cudaGetErrorName(e), host[31], host[32]);
  return 0;
}
