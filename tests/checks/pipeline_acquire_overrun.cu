// pipeline_tiles_clean.cu prefetching one tile too many: the block tries to
// keep kStages + 1 tiles in flight, so the last producer_acquire waits for a
// stage no consumer has released (it never will: the consumers are the same
// threads). libcu++ leaves this undefined; the GPU hangs. warpsim ends the
// launch with the deadlock report, naming the stage's mbarrier.
// EXPECT: deadlock - error at=@acquire
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
    for (; fetched < ntiles && fetched <= i + kStages; ++fetched) { // BUG: <= (kStages + 1)
      pipe.producer_acquire(); // @acquire
      cuda::memcpy_async(block, buf[fetched % kStages], row + fetched * kTile,
                         cuda::aligned_size_t<16>(sizeof(float) * kTile), pipe);
      pipe.producer_commit();
    }
    pipe.consumer_wait();
    sum += buf[i % kStages][(t + 1) % kTile];
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
