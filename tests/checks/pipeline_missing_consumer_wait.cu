// pipeline_tiles_clean.cu without its consumer_wait: the block reads each
// stage while the copies into it may still be in flight (the bytes from
// before the copy; here never written), with nothing ordering the thread
// that copied an element and the neighbour that reads it. The next commit
// to a stage arrives on its `produced` mbarrier before any wait saw the
// previous phase complete, and a refill overwrites a copy still in flight.
// EXPECT: async-copy shared error at=@read at=@copy
// EXPECT: mbarrier shared error at=@commit
// EXPECT: race shared error hazard=RAW at=@read at=@copy
// EXPECT: uninitialized-read shared error at=@read
#include <cooperative_groups.h>
#include <cstdio>
#include <cuda/pipeline>
#include <cuda_runtime.h>

namespace cg = cooperative_groups;

constexpr int kTile = 128;
constexpr int kStages = 3;

__global__ void rowSums(const float *in, float *out, int ntiles) {
  __shared__ __align__(16) float buf[kStages][kTile];
  __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, kStages> state;
  auto block = cg::this_thread_block();
  auto pipe = cuda::make_pipeline(block, &state);
  const int t = threadIdx.x;
  const float *row = in + static_cast<size_t>(blockIdx.x) * ntiles * kTile;
  float sum = 0.0f;
  int fetched = 0;
  for (int i = 0; i < ntiles; ++i) {
    // Keep up to kStages tiles in flight.
    for (; fetched < ntiles && fetched < i + kStages; ++fetched) {
      pipe.producer_acquire();
      cuda::memcpy_async(block, buf[fetched % kStages], row + fetched * kTile, // @copy
                         cuda::aligned_size_t<16>(sizeof(float) * kTile), pipe);
      pipe.producer_commit(); // @commit
    }
    // BUG: no pipe.consumer_wait(): the stage may still be in flight
    sum += buf[i % kStages][(t + 1) % kTile]; // @read
    pipe.consumer_release();
  }
  out[blockIdx.x * kTile + t] = sum;
}

int main() {
  const int blocks = 2, ntiles = 7, n = blocks * ntiles * kTile;
  float *h = new float[n], *in, *out, res[blocks * kTile];
  for (int i = 0; i < n; ++i)
    h[i] = static_cast<float>(i % 97);
  cudaMalloc(&in, n * sizeof(float));
  cudaMalloc(&out, sizeof res);
  cudaMemcpy(in, h, n * sizeof(float), cudaMemcpyHostToDevice);
  rowSums<<<blocks, kTile>>>(in, out, ntiles);
  cudaMemcpy(res, out, sizeof res, cudaMemcpyDeviceToHost);
  int bad = 0;
  for (int b = 0; b < blocks; ++b)
    for (int t = 0; t < kTile; ++t) {
      float want = 0.0f;
      for (int i = 0; i < ntiles; ++i)
        want += h[(b * ntiles + i) * kTile + (t + 1) % kTile];
      bad += res[b * kTile + t] != want;
    }
  printf("%s\n", bad ? "FAIL" : "PASS");
  delete[] h;
  return bad ? 1 : 0;
}
