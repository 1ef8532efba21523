// The clean twin of cuda_malloc_leak.cu: every buffer is freed, so
// --leak-check full reports nothing.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void fill(int *x, int v) { x[threadIdx.x] = v; }

int main() {
  int sum = 0;
  for (int it = 0; it < 3; ++it) {
    int *x;
    cudaMalloc(&x, 32 * sizeof(int));
    fill<<<1, 32>>>(x, it);
    int h = 0;
    cudaMemcpy(&h, x, sizeof h, cudaMemcpyDeviceToHost);
    sum += h;
    cudaFree(x);
  }
  float *managed;
  cudaMallocManaged(&managed, 64);
  cudaFree(managed);
  std::printf("sum %d\n", sum);
  return 0;
}
