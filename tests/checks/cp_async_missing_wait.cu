// cp_async_tiles_clean.cu without its __pipeline_wait_prior(1): the block
// reads tiles whose async copies have not landed (under --async-completion
// late it reads the old bytes, and the sums are wrong), and refills a
// buffer whose previous copy is still in flight.
// EXPECT: async-copy shared error at=@read at=@copy0
// EXPECT: async-copy shared error at=@read at=@copy
#include <cstdio>
#include <cuda_pipeline.h>
#include <cuda_runtime.h>

constexpr int kTile = 64;

__global__ void tiles(const int *in, int *out, int ntiles) {
  __shared__ int buf[2][kTile];
  const int t = threadIdx.x;
  int sum = 0;
  __pipeline_memcpy_async(&buf[0][t], &in[t], sizeof(int)); // @copy0
  __pipeline_commit();
  for (int i = 0; i < ntiles; ++i) {
    if (i + 1 < ntiles)
      __pipeline_memcpy_async(&buf[(i + 1) % 2][t], &in[(i + 1) * kTile + t], sizeof(int)); // @copy
    __pipeline_commit();
    // BUG: no __pipeline_wait_prior(1): tile i may still be in flight
    __syncthreads();
    sum += buf[i % 2][(t + 1) % kTile]; // @read
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
