// The direct path counts the warp instructions the lockstep schedule would
// issue (LockstepCount): warps whose lanes take different paths, loops with
// lane-dependent trip counts, calls, early returns and a partial last warp.
// engine.sh compares the summary's counts and the report's stats with fibers.
// ENGINE-EXPECT: paths: compiled, direct
#include <cstdio>
#include <cuda_runtime.h>

__device__ int mix(const int *in, int i, int n, int v) {
  int acc = 0;
  for (int k = 0; k < (v & 3); ++k)
    acc += in[(i + k) % n];
  return acc - v;
}

__global__ void paths(const int *in, int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  int v = in[i];
  if (v % 3 == 0) {
    out[i] = v * 2;
  } else if (v % 3 == 1) {
    int s = 0;
    for (int k = 0; k < v % 7; ++k)
      s += in[(i * 7 + k) % n];
    out[i] = s;
  } else {
    out[i] = mix(in, i, n, v);
    if (v & 8)
      return;
    out[i] += 1;
  }
}

int main() {
  const int n = 1000; // the last warp is partial
  static int h[n], r[n];
  for (int i = 0; i < n; ++i)
    h[i] = (i * 37 + 11) % 101;
  int *in, *out;
  cudaMalloc(&in, sizeof h);
  cudaMalloc(&out, sizeof h);
  cudaMemcpy(in, h, sizeof h, cudaMemcpyHostToDevice);
  paths<<<(n + 127) / 128, 128>>>(in, out, n);
  cudaMemcpy(r, out, sizeof r, cudaMemcpyDeviceToHost);
  long long sum = 0;
  for (int i = 0; i < n; ++i)
    sum += r[i] * (i % 5 + 1);
  std::printf("checksum %lld\n", sum);
  return 0;
}
