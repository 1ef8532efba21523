// tile[threadIdx.x + 1] of a 32-element __shared__ tile: out of bounds; and tile[0], never written, is read (check goes on past the first).
// EXPECT: out-of-bounds shared error at=@store
// EXPECT: uninitialized-read shared error at=@read
#include <cstdio>
#include <cuda_runtime.h>

__global__ void shift(const int *in, int *out) {
  __shared__ int tile[32];
  int t = threadIdx.x;
  tile[t + 1] = in[t]; // @store
  __syncthreads();
  out[t] = tile[t]; // @read
}

int main() {
  int h[32], *in, *out;
  for (int i = 0; i < 32; ++i)
    h[i] = i;
  cudaMalloc(&in, sizeof h);
  cudaMalloc(&out, sizeof h);
  cudaMemcpy(in, h, sizeof h, cudaMemcpyHostToDevice);
  shift<<<1, 32>>>(in, out);
  std::printf("launch: %s\n", cudaGetErrorString(cudaDeviceSynchronize()));
  return 0;
}
