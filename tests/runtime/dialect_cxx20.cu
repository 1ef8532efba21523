// A program written for C++20 (a concept and std::span): it needs
// --std c++20 (nvcc: -std=c++20), as with nvcc; the default C++17 rejects it.
#include <concepts>
#include <cstdio>
#include <span>
#include <cuda_runtime.h>

template <std::integral T> __device__ T twice(T v) { return v + v; }

__global__ void doubleAll(int *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    p[i] = twice(p[i]);
}

int main() {
  int h[64];
  for (int i = 0; i < 64; ++i)
    h[i] = i;
  int *d;
  cudaMalloc(&d, sizeof h);
  cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
  doubleAll<<<2, 32>>>(d, 64);
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  std::span<const int> all(h);
  int bad = 0;
  for (std::size_t i = 0; i < all.size(); ++i)
    bad += all[i] != 2 * static_cast<int>(i);
  std::printf("__cplusplus %ld\n%s\n", static_cast<long>(__cplusplus), bad ? "FAIL" : "PASS");
  return bad ? 1 : 0;
}
