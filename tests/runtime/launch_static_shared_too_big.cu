// A kernel whose static __shared__ memory (68 KiB) exceeds the 48 KiB that
// a launch may use: nvcc's ptxas refuses it at build time ("Entry function
// uses too much shared data"); the CUDA runtime would fail the launch with
// cudaErrorInvalidValue and say nothing. warpsim fails the launch the same
// way and reports why, naming the variables and the limit
// (detector-precision issue, item 7; CTest runtime.invalid_launch.*).
#include <cstdio>
#include <cuda_runtime.h>

__global__ void big_tile(float *out) {
  __shared__ float tile[16384 + 1024];
  __shared__ int flag;
  tile[threadIdx.x] = threadIdx.x;
  flag = 1;
  __syncthreads();
  out[threadIdx.x] = tile[(threadIdx.x + 1) % blockDim.x] + flag;
}

int main() {
  float *out;
  cudaMalloc(&out, 256 * sizeof(float));
  big_tile<<<1, 256>>>(out);
  std::printf("launch: %s\n", cudaGetErrorName(cudaGetLastError()));
  return 0;
}
