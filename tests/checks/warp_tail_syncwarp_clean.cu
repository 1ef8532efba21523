// Clean twin of race_warp_tail_its.cu under independent thread scheduling:
// __syncwarp() between each read and write of the tail.
// EXPECT-CLEAN
#include <cstdio>
#include <cuda_runtime.h>

__global__ void warp_tail(const int *in, int *out) {
  __shared__ int s[64];
  int t = threadIdx.x;
  s[t] = in[t];
  __syncthreads();
  if (t < 32)
    s[t] += s[t + 32];
  __syncthreads();
  if (t < 32) {
    for (int off = 16; off > 0; off /= 2) {
      int x = s[t] + s[t + off];
      __syncwarp();
      s[t] = x;
      __syncwarp();
    }
  }
  if (t == 0)
    out[0] = s[0];
}

int main() {
  int h[64], r = 0;
  for (int i = 0; i < 64; ++i)
    h[i] = 1;
  int *in, *out;
  cudaMalloc(&in, sizeof h);
  cudaMalloc(&out, sizeof(int));
  cudaMemcpy(in, h, sizeof h, cudaMemcpyHostToDevice);
  warp_tail<<<1, 64>>>(in, out);
  cudaMemcpy(&r, out, sizeof r, cudaMemcpyDeviceToHost);
  std::printf("sum %d\n", r);
  return 0;
}
