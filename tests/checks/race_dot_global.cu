// Dot product where every thread accumulates into out[0] with a plain +=:
// a read-modify-write race on global memory, across threads of one block and
// across blocks.
// EXPECT: race global error hazard=RAW at=@acc
// EXPECT: race global error hazard=WAW at=@acc
// EXPECT: race global error hazard=WAR at=@acc
#include <cstdio>
#include <cuda_runtime.h>

__global__ void dot_racy(const float *a, const float *b, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[0] += a[i] * b[i]; // @acc
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
  dot_racy<<<2, 64>>>(a, b, out, n);
  cudaMemcpy(&r, out, sizeof r, cudaMemcpyDeviceToHost);
  std::printf("dot %g (expected %d)\n", r, n);
  return 0;
}
