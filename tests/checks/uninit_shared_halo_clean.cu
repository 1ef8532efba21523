// Clean twin of uninit_shared_halo.cu: the halo is zero-filled.
// EXPECT-CLEAN
#include <cstdio>
#include <cuda_runtime.h>

constexpr int TPB = 32, K = 3;

__global__ void conv1d(const float *a, const float *b, float *out, int n) {
  __shared__ float sa[TPB + K - 1];
  __shared__ float sb[K];
  int i = blockIdx.x * TPB + threadIdx.x, t = threadIdx.x;
  if (i < n)
    sa[t] = a[i];
  if (t < K - 1) {
    if (i + TPB < n)
      sa[TPB + t] = a[i + TPB];
    else
      sa[TPB + t] = 0;
  }
  if (t < K)
    sb[t] = b[t];
  __syncthreads();
  if (i < n) {
    float acc = 0;
    for (int k = 0; k < K; ++k)
      acc += sa[t + k] * sb[k]; // @read
    out[i] = acc;
  }
}

int main() {
  const int n = TPB;
  float ha[n], hb[K] = {1, 1, 1}, r[n];
  for (int i = 0; i < n; ++i)
    ha[i] = 1;
  float *a, *b, *out;
  cudaMalloc(&a, sizeof ha);
  cudaMalloc(&b, sizeof hb);
  cudaMalloc(&out, sizeof r);
  cudaMemcpy(a, ha, sizeof ha, cudaMemcpyHostToDevice);
  cudaMemcpy(b, hb, sizeof hb, cudaMemcpyHostToDevice);
  conv1d<<<1, TPB>>>(a, b, out, n);
  cudaMemcpy(r, out, sizeof r, cudaMemcpyDeviceToHost);
  std::printf("last %g\n", r[n - 1]);
  return 0;
}
