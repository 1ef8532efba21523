// cg_memcpy_async_clean.cu with block.sync() where cg::wait(block) belongs:
// the barrier orders the threads, but no thread waited for its copies, so
// the tile is read while they are still in flight (the bytes from before
// the copy).
// EXPECT: async-copy shared error at=@read at=@copy
#include <cooperative_groups.h>
#include <cooperative_groups/memcpy_async.h>
#include <cstdio>
#include <cuda_runtime.h>

namespace cg = cooperative_groups;

constexpr int kTile = 256;

__global__ void blur(const float *in, float *out) {
  __shared__ float tile[kTile];
  auto block = cg::this_thread_block();
  cg::memcpy_async(block, tile, in + blockIdx.x * kTile, sizeof(float) * kTile); // @copy
  block.sync(); // BUG: cg::wait(block) is missing
  const int t = threadIdx.x;
  out[blockIdx.x * kTile + t] = 0.5f * (tile[t] + tile[(t + 1) % kTile]); // @read
}

int main() {
  const int blocks = 2, n = blocks * kTile;
  float h[n], res[n], *in, *out;
  for (int i = 0; i < n; ++i)
    h[i] = static_cast<float>(i % 50);
  cudaMalloc(&in, sizeof h);
  cudaMalloc(&out, sizeof res);
  cudaMemcpy(in, h, sizeof h, cudaMemcpyHostToDevice);
  blur<<<blocks, kTile>>>(in, out);
  cudaMemcpy(res, out, sizeof res, cudaMemcpyDeviceToHost);
  int bad = 0;
  for (int b = 0; b < blocks; ++b)
    for (int t = 0; t < kTile; ++t)
      bad += res[b * kTile + t] != 0.5f * (h[b * kTile + t] + h[b * kTile + (t + 1) % kTile]);
  printf("%s\n", bad ? "FAIL" : "PASS");
  return bad ? 1 : 0;
}
