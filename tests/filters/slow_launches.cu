// A run of a few seconds: launches separated by host sleeps, so that the
// progress line (shown after one second, on a terminal only) appears.
#include <cstdio>
#include <cuda_runtime.h>
#include <unistd.h>

__global__ void scale(float *v) { v[blockIdx.x * blockDim.x + threadIdx.x] *= 2.0f; }

int main() {
  float *d;
  cudaMalloc(&d, 64 * 32 * sizeof(float));
  cudaMemset(d, 0, 64 * 32 * sizeof(float));
  for (int i = 0; i < 4; ++i) {
    scale<<<64, 32>>>(d);
    cudaDeviceSynchronize();
    usleep(500 * 1000);
  }
  std::printf("finished\n");
  cudaFree(d);
  return 0;
}
