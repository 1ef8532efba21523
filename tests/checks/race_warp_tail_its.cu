// Warp-synchronous reduction tail without __syncwarp(): under independent
// thread scheduling (Volta and later, the default) the lanes of the last warp
// read each other's partial sums with nothing ordering them.
// EXPECT: race shared error hazard=RAW at=@tail
// EXPECT: race shared error hazard=WAR at=@tail
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
    volatile int *v = s;
    v[t] += v[t + 16]; // @tail
    v[t] += v[t + 8];
    v[t] += v[t + 4];
    v[t] += v[t + 2];
    v[t] += v[t + 1];
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
