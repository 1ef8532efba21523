// Every thread that sees a positive input sets the same flag to 1: a
// write-write race, but every racing write stores the value already there,
// so it is reported at warning severity (exit status 0).
// EXPECT: race global warning hazard=WAW at=@set
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
