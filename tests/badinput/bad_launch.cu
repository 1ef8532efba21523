// Launches the GPU refuses: zero blocks, and more threads per block than
// the H100 has. The program checks the launch as CUDA programs should and
// gives up on the first error it sees, with its own message and status.
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
  if (e != cudaSuccess) {
    std::printf("bad_launch.cu:%d: launch failed: %s\n", argc > 1 ? 13 : 15, cudaGetErrorName(e));
    return 1;
  }
  return 0;
}
