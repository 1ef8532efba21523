// A double-buffered tile loop with Ampere async copies: each thread copies
// the next tile's element with __pipeline_memcpy_async while the block sums
// the current tile, and waits for it (__pipeline_wait_prior(1) keeps one
// batch in flight) and for the block (__syncthreads) before reading it.
// EXPECT-CLEAN
#include <cstdio>
#include <cuda_pipeline.h>
#include <cuda_runtime.h>

constexpr int kTile = 64;

__global__ void tiles(const int *in, int *out, int ntiles) {
  __shared__ int buf[2][kTile];
  const int t = threadIdx.x;
  int sum = 0;
  __pipeline_memcpy_async(&buf[0][t], &in[t], sizeof(int));
  __pipeline_commit();
  for (int i = 0; i < ntiles; ++i) {
    if (i + 1 < ntiles)
      __pipeline_memcpy_async(&buf[(i + 1) % 2][t], &in[(i + 1) * kTile + t], sizeof(int));
    __pipeline_commit();
    __pipeline_wait_prior(1); // tile i has landed
    __syncthreads();
    sum += buf[i % 2][(t + 1) % kTile];
    __syncthreads(); // everyone has read tile i before it is refilled
  }
  out[t] = sum;
}

int main() {
  const int ntiles = 4;
  int h[ntiles * kTile], *in, *out;
  for (int i = 0; i < ntiles * kTile; ++i)
    h[i] = i;
  cudaMalloc(&in, sizeof h);
  cudaMalloc(&out, kTile * sizeof(int));
  cudaMemcpy(in, h, sizeof h, cudaMemcpyHostToDevice);
  tiles<<<1, kTile>>>(in, out, ntiles);
  cudaMemcpy(h, out, kTile * sizeof(int), cudaMemcpyDeviceToHost);
  int bad = 0;
  for (int t = 0; t < kTile; ++t) {
    int want = 0;
    for (int i = 0; i < ntiles; ++i)
      want += i * kTile + (t + 1) % kTile;
    bad += h[t] != want;
  }
  printf("%s\n", bad ? "FAIL" : "PASS");
  return bad ? 1 : 0;
}
