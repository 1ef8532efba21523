// p12's scan of a large array in two kernels: each block scans its tile and
// writes its total; a second kernel adds the totals of earlier blocks. The
// second kernel reads what other blocks of the first wrote: ordered by the
// kernel boundary, not a race.
// EXPECT-CLEAN
#include <cstdio>
#include <cuda_runtime.h>

constexpr int TPB = 32;

__global__ void scan_tiles(const int *in, int *out, int *totals) {
  __shared__ int s[TPB];
  int t = threadIdx.x, i = blockIdx.x * TPB + t;
  s[t] = in[i];
  __syncthreads();
  for (int offset = 1; offset < TPB; offset *= 2) {
    int v = t >= offset ? s[t - offset] : 0;
    __syncthreads();
    s[t] += v;
    __syncthreads();
  }
  out[i] = s[t];
  if (t == TPB - 1)
    totals[blockIdx.x] = s[t];
}

__global__ void add_totals(int *out, const int *totals) {
  int sum = 0;
  for (int b = 0; b < (int)blockIdx.x; ++b)
    sum += totals[b];
  out[blockIdx.x * TPB + threadIdx.x] += sum;
}

int main() {
  const int n = 4 * TPB;
  int h[n], r[n];
  for (int i = 0; i < n; ++i)
    h[i] = 1;
  int *in, *out, *totals;
  cudaMalloc(&in, sizeof h);
  cudaMalloc(&out, sizeof r);
  cudaMalloc(&totals, 4 * sizeof(int));
  cudaMemcpy(in, h, sizeof h, cudaMemcpyHostToDevice);
  scan_tiles<<<4, TPB>>>(in, out, totals);
  add_totals<<<4, TPB>>>(out, totals);
  cudaMemcpy(r, out, sizeof r, cudaMemcpyDeviceToHost);
  std::printf("last %d\n", r[n - 1]);
  return r[n - 1] == n ? 0 : 1;
}
