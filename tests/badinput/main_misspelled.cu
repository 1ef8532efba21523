// A typo removed main (issue 27 item 8): the error names the near miss.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void scale(float *x, float a) { x[threadIdx.x] *= a; }

int mian() {
  float *x;
  cudaMalloc(&x, 32 * sizeof(float));
  scale<<<1, 32>>>(x, 2.0f);
  cudaDeviceSynchronize();
  std::printf("done\n");
  return 0;
}
