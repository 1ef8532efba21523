// Buggy twin of race_waw_same_value_blocks.cu: each thread stores a value
// of its own (A's plus its thread and block index) into the first n
// elements of the __shared__ B and the global G, so the racing writes store
// different values: errors whatever n, the schedule and --jobs.
// EXPECT: race shared error hazard=WAW at=@shared
// EXPECT: race global error hazard=WAW at=@global
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void copy_rows(const float *A, float *G, int n) {
  __shared__ float B[256];
  for (int i = 0; i < n; i++)
    B[i] = A[i] + threadIdx.x; // @shared
  for (int i = 0; i < n; i++)
    G[i] = A[i] + threadIdx.x + blockIdx.x * blockDim.x; // @global
}

int main(int argc, char **argv) {
  const int n = argc > 1 ? std::atoi(argv[1]) : 8;
  float h[256], *a, *g;
  for (float &v : h)
    v = 2.5f;
  cudaMalloc(&a, sizeof h);
  cudaMalloc(&g, sizeof h);
  cudaMemcpy(a, h, sizeof h, cudaMemcpyHostToDevice);
  copy_rows<<<2, 64>>>(a, g, n);
  cudaMemcpy(h, g, sizeof h, cudaMemcpyDeviceToHost);
  // Which thread's value is left is undefined: each is one of them.
  bool ok = true;
  for (int i = 0; i < n && i < 256; ++i) {
    const float d = h[i] - 2.5f;
    ok = ok && d >= 0 && d < 128 && d == static_cast<int>(d);
  }
  std::printf("n = %d: %s\n", n, ok ? "PASS" : "FAIL");
  cudaFree(a);
  cudaFree(g);
  return ok ? 0 : 1;
}
