// Clean twin of race_dot_global.cu: every thread adds with atomicAdd.
// EXPECT-CLEAN
#include <cstdio>
#include <cuda_runtime.h>

__global__ void dot_atomic(const float *a, const float *b, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    atomicAdd(out, a[i] * b[i]);
}

int main() {
  const int n = 128;
  float h[n], r = 0;
  for (int i = 0; i < n; ++i)
    h[i] = 1.0f;
  float *a, *b, *out;
  cudaMalloc(&a, sizeof h);
  cudaMalloc(&b, sizeof h);
  cudaMalloc(&out, sizeof(float));
  cudaMemcpy(a, h, sizeof h, cudaMemcpyHostToDevice);
  cudaMemcpy(b, h, sizeof h, cudaMemcpyHostToDevice);
  cudaMemset(out, 0, sizeof(float));
  dot_atomic<<<2, 64>>>(a, b, out, n);
  cudaMemcpy(&r, out, sizeof r, cudaMemcpyDeviceToHost);
  std::printf("dot %g\n", r);
  return r == n ? 0 : 1;
}
