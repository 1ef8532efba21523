// Clean twin of oob_global_off_by_one.cu: the guard is `i < n`.
// EXPECT-CLEAN
#include <cstdio>
#include <cuda_runtime.h>

__global__ void scale(float *a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    a[i] = a[i] * 2.0f; // @access
}

int main() {
  const int n = 40;
  float h[n];
  for (int i = 0; i < n; ++i)
    h[i] = float(i);
  float *a;
  cudaMalloc(&a, n * sizeof(float));
  cudaMemcpy(a, h, sizeof h, cudaMemcpyHostToDevice);
  scale<<<2, 32>>>(a, n);
  cudaError_t e = cudaDeviceSynchronize();
  std::printf("launch: %s\n", cudaGetErrorString(e));
  return 0;
}
