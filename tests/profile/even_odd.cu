// Even lanes take one branch, odd lanes the other: each store runs with
// half the warp active, so the SIMT efficiency is 50% and both stores are
// executed with a partial mask (docs/warp-model.md).
#include <cstdio>
#include <cuda_runtime.h>

__global__ void even_odd(float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.x % 2 == 0)
    out[i] = 1.0f;
  else
    out[i] = 2.0f;
}

int main() {
  const int n = 256;
  float *out;
  cudaMalloc(&out, n * sizeof(float));
  even_odd<<<n / 64, 64>>>(out);
  float h[n];
  cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
  int bad = 0;
  for (int i = 0; i < n; ++i)
    if (h[i] != (i % 2 == 0 ? 1.0f : 2.0f))
      ++bad;
  cudaFree(out);
  std::printf(bad ? "FAIL\n" : "PASS\n");
  return bad ? 1 : 0;
}
