// cudaLaunchKernel with the kernel in a pointer variable (issue 27 item 5):
// the kernel chosen at run time runs with its arguments from the array.
// Valid for nvcc.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void add(int *x, int v) { x[threadIdx.x] += v; }
__global__ void mul(int *x, int v) { x[threadIdx.x] *= v; }

int main(int argc, char **) {
  int *x;
  cudaMalloc(&x, 32 * sizeof(int));
  cudaMemset(x, 0, 32 * sizeof(int));
  const void *ops[2] = {reinterpret_cast<const void *>(&add), reinterpret_cast<const void *>(&mul)};
  int v = 3;
  int sum = 0;
  for (int i = 0; i < 3; ++i) {
    const void *f = ops[(i + argc - 1) % 2]; // add, mul, add
    void *args[] = {&x, &v};
    cudaError_t e = cudaLaunchKernel(f, dim3(1), dim3(32), args, 0, nullptr);
    if (e != cudaSuccess) {
      std::printf("launch %d: %s\n", i, cudaGetErrorString(e));
      return 1;
    }
  }
  int h[32];
  cudaMemcpy(h, x, sizeof h, cudaMemcpyDeviceToHost);
  for (int k = 0; k < 32; ++k)
    sum += h[k];
  // ((0 + 3) * 3 + 3) * 32 = 384
  std::printf("sum %d: %s\n", sum, sum == 384 ? "PASS" : "FAIL");
  cudaFree(x);
  return 0;
}
