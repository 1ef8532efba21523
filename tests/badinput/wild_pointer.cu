// A kernel that writes far past every allocation (a wild global pointer):
// reported with the thread and the line; the launch fails as on a GPU.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void wild(int *p) {
  if (threadIdx.x == 3)
    p[1 << 28] = 1; // 1 GiB past a 256-byte allocation
}

int main() {
  int *p;
  cudaMalloc(&p, 64 * sizeof(int));
  wild<<<1, 32>>>(p);
  cudaError_t e = cudaDeviceSynchronize();
  std::printf("%s\n", cudaGetErrorName(e));
  return e == cudaSuccess ? 0 : 1;
}
