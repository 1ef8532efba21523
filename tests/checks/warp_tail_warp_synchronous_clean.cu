// race_warp_tail_its.cu under the warp-synchronous thread model (pre-Volta
// lockstep warps): later warp instructions see earlier ones, no race.
// OPTIONS: --thread-model warp-synchronous
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
