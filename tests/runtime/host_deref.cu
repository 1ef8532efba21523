// Host code reading cudaMalloc memory directly: a segmentation fault on a GPU
// system, so warpsim must not let it pass silently.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void fill(int *p) { p[threadIdx.x] = threadIdx.x; }

int main() {
  int *d;
  cudaMalloc(&d, 32 * sizeof(int));
  fill<<<1, 32>>>(d);
  cudaDeviceSynchronize();
  int v = d[3];
  std::printf("%d\n", v);
  return 0;
}
