// A device-side assert that fails in one thread: CUDA's message, the launch
// ends, and later calls see cudaErrorAssert.
#include <cassert>
#include <cstdio>
#include <cuda_runtime.h>

__global__ void check_values(const int *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int v = in[i];
  assert(v != 7);
}

int main() {
  int h[8] = {0, 1, 2, 3, 4, 5, 6, 7};
  int *d;
  cudaMalloc(&d, sizeof h);
  cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
  check_values<<<2, 4>>>(d);
  cudaError_t e = cudaDeviceSynchronize();
  std::printf("after assert: %s\n", cudaGetErrorName(e));
  bool ok = e == cudaErrorAssert;
  std::printf("%s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
