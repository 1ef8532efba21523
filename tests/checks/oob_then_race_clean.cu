// Clean twin of oob_then_race.cu: the neighbour read is guarded and a
// __syncthreads() orders the shared writes before the reads.
// EXPECT-CLEAN
#include <cstdio>
#include <cuda_runtime.h>

__global__ void sum_neighbours(const int *in, int *out, int n) {
  __shared__ int s[64];
  const int i = threadIdx.x;
  const int right = i + 1 < n ? in[i + 1] : 0;
  s[i] = in[i] + right;
  __syncthreads();
  out[i] = s[(i + 32) % 64];
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
