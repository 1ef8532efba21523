// A shared-memory race the test expects, and an off-by-one guard it does not:
// thread n writes one element past the end of `a` (out-of-bounds).
#include <cstdio>
#include <cuda_runtime.h>

__global__ void scale(float *a, int n) {
  __shared__ float s[64];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  s[threadIdx.x] = 2.0f;
  float f = s[(threadIdx.x + 1) % blockDim.x]; // race: no barrier after the store
  if (i <= n)
    a[i] = a[i] * f; // out-of-bounds for i == n
}

int main() {
  const int n = 40;
  float h[n];
  for (int i = 0; i < n; ++i)
    h[i] = float(i);
  float *a;
  cudaMalloc(&a, n * sizeof(float));
  cudaMemcpy(a, h, sizeof h, cudaMemcpyHostToDevice);
  scale<<<1, 64>>>(a, n);
  cudaError_t e = cudaDeviceSynchronize();
  std::printf("launch: %s\n", cudaGetErrorString(e));
  return 0;
}
