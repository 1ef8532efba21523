// race_waw_same_value.cu with --hide-same-value-races: the benign
// write-write race is not reported.
// OPTIONS: --hide-same-value-races
// EXPECT-CLEAN
#include <cstdio>
#include <cuda_runtime.h>

__global__ void any_positive(const int *in, int *found) {
  if (in[blockIdx.x * blockDim.x + threadIdx.x] > 0)
    *found = 1; // @set
}

int main() {
  int h[128], r = 0;
  for (int i = 0; i < 128; ++i)
    h[i] = 1;
  int *in, *found;
  cudaMalloc(&in, sizeof h);
  cudaMalloc(&found, sizeof(int));
  cudaMemcpy(in, h, sizeof h, cudaMemcpyHostToDevice);
  cudaMemset(found, 0, sizeof(int));
  any_positive<<<2, 64>>>(in, found);
  cudaMemcpy(&r, found, sizeof r, cudaMemcpyDeviceToHost);
  std::printf("found %d\n", r);
  return 0;
}
