// Even and odd threads wait at two different __syncthreads() call sites in
// the same barrier phase.
// EXPECT: barrier-divergence - error at=@even at=@odd
#include <cstdio>
#include <cuda_runtime.h>

__global__ void split(int *out) {
  __shared__ int s[64];
  int t = threadIdx.x;
  if (t % 2 == 0) {
    s[t] = 1;
    __syncthreads(); // @even
  } else {
    s[t] = 2;
    __syncthreads(); // @odd
  }
  out[t] = s[t];
}

int main() {
  int *out;
  cudaMalloc(&out, 64 * sizeof(int));
  split<<<1, 64>>>(out);
  std::printf("launch: %s\n", cudaGetErrorString(cudaDeviceSynchronize()));
  return 0;
}
