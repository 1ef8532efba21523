// Hillis-Steele inclusive scan without the barrier between reading the
// neighbour and writing the own element: thread t overwrites s[t] while
// thread t+offset may still have to read it.
// EXPECT: race shared error hazard=WAR at=@write
#include <cstdio>
#include <cuda_runtime.h>

__global__ void scan_racy(const int *in, int *out) {
  __shared__ int s[64];
  int t = threadIdx.x;
  s[t] = in[t];
  __syncthreads();
  for (int offset = 1; offset < 64; offset *= 2) {
    int v = t >= offset ? s[t - offset] : 0;
    // missing: __syncthreads();
    s[t] += v; // @write
    __syncthreads();
  }
  out[t] = s[t];
}

int main() {
  int h[64], r[64];
  for (int i = 0; i < 64; ++i)
    h[i] = 1;
  int *in, *out;
  cudaMalloc(&in, sizeof h);
  cudaMalloc(&out, sizeof r);
  cudaMemcpy(in, h, sizeof h, cudaMemcpyHostToDevice);
  scan_racy<<<1, 64>>>(in, out);
  cudaMemcpy(r, out, sizeof r, cudaMemcpyDeviceToHost);
  std::printf("last %d\n", r[63]);
  return 0;
}
