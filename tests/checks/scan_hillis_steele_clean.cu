// Clean twin of race_scan_hillis_steele.cu: a barrier between read and write.
// EXPECT-CLEAN
#include <cstdio>
#include <cuda_runtime.h>

__global__ void scan(const int *in, int *out) {
  __shared__ int s[64];
  int t = threadIdx.x;
  s[t] = in[t];
  __syncthreads();
  for (int offset = 1; offset < 64; offset *= 2) {
    int v = t >= offset ? s[t - offset] : 0;
    __syncthreads();
    s[t] += v;
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
  scan<<<1, 64>>>(in, out);
  cudaMemcpy(r, out, sizeof r, cudaMemcpyDeviceToHost);
  std::printf("last %d\n", r[63]);
  return r[63] == 64 ? 0 : 1;
}
