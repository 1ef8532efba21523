// Launches the GPU refuses: zero blocks, or (with an argument) more threads
// per block than the H100 has. warpsim names the launch and why; the
// program checks the launch, as CUDA programs should, and gives up.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void mark(int *flag) { flag[0] = 1; }

int main(int argc, char **) {
  int *d;
  cudaMalloc(&d, sizeof(int));
  if (argc > 1)
    mark<<<1, 2048>>>(d);
  else
    mark<<<0, 32>>>(d);
  cudaError_t e = cudaGetLastError();
  std::printf("launch: %s\n", cudaGetErrorName(e));
  return e == cudaSuccess ? 0 : 1;
}
