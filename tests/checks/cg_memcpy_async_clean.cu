// cg::memcpy_async: the block stages a tile in shared memory, every thread
// issuing cp.async for its share; cg::wait(block) waits for the thread's
// own copies and then syncs the block, so each thread may read the
// elements its neighbours copied.
// EXPECT-CLEAN
#include <cooperative_groups.h>
#include <cooperative_groups/memcpy_async.h>
#include <cstdio>
#include <cuda_runtime.h>

namespace cg = cooperative_groups;

constexpr int kTile = 256;

__global__ void blur(const float *in, float *out) {
  __shared__ float tile[kTile];
  auto block = cg::this_thread_block();
  cg::memcpy_async(block, tile, in + blockIdx.x * kTile, sizeof(float) * kTile);
  cg::wait(block);
  const int t = threadIdx.x;
  out[blockIdx.x * kTile + t] = 0.5f * (tile[t] + tile[(t + 1) % kTile]);
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
