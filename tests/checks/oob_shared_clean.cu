// Clean twin of oob_shared.cu: the tile has room for the shifted element.
// EXPECT-CLEAN
#include <cstdio>
#include <cuda_runtime.h>

__global__ void shift(const int *in, int *out) {
  __shared__ int tile[33];
  int t = threadIdx.x;
  tile[t + 1] = in[t];
  if (t == 0)
    tile[0] = 0;
  __syncthreads();
  out[t] = tile[t];
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
