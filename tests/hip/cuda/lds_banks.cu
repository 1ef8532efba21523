// CUDA twin of tests/hip/lds_banks.hip: the same strides on the H100's 32
// banks of 4 bytes, a warp of 32 lanes per pass (stride 2: 2-way).
#include <cuda_runtime.h>

#include <cstdio>

__global__ void strides(float *out) {
  __shared__ float a[64], b[2 * 64], c[33 * 64];
  const unsigned t = threadIdx.x;
  a[t] = 1.0f;      // stride 1
  b[2 * t] = 2.0f;  // stride 2: 2-way
  c[33 * t] = 3.0f; // stride 33: none
  __syncthreads();
  out[t] = a[t] + b[2 * t] + c[33 * t];
}

int main() {
  float *out;
  cudaMallocManaged(&out, 64 * sizeof(float));
  strides<<<1, 64>>>(out);
  cudaDeviceSynchronize();
  std::printf("lds_banks: out[0]=%.1f out[63]=%.1f\n", out[0], out[63]);
  cudaFree(out);
  return 0;
}
