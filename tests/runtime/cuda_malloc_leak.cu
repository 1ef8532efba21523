// Bug: a buffer per iteration, freed only on the last (issue 27 item 5):
// under --leak-check full, warpsim reports the cudaMalloc memory still
// allocated at exit, at the allocating line, as compute-sanitizer's
// memcheck --leak-check full does. Valid for nvcc.
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
    if (it == 2)
      cudaFree(x);
  }
  float *unused;
  cudaMallocManaged(&unused, 64);
  std::printf("sum %d\n", sum);
  return 0;
}
