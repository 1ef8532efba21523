// Scale benchmark: per-block shared-memory reduction with 1024-thread blocks
// (the largest block CUDA allows), so that a grid of 1024 blocks is 1M
// threads. Each thread loads one element into shared memory, then a
// stride-halving tree with one __syncthreads() per step (10 steps); thread 0
// writes the block's sum. The host checks every block's sum exactly (small
// integer inputs) and prints PASS.
// Optional argv[1] sets the number of blocks (default 1024: 1M threads).
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#include "cuda_check.h"

constexpr int THREADS_PER_BLOCK = 1024;

__global__ void wide_reduce(int *sums, const int *in) {
  __shared__ int sdata[THREADS_PER_BLOCK];
  int tid = threadIdx.x;
  sdata[tid] = in[blockIdx.x * blockDim.x + tid];
  __syncthreads();
  for (int stride = THREADS_PER_BLOCK / 2; stride > 0; stride /= 2) {
    if (tid < stride) sdata[tid] += sdata[tid + stride];
    __syncthreads();
  }
  if (tid == 0) sums[blockIdx.x] = sdata[0];
}

int main(int argc, char **argv) {
  const int blocks = argc > 1 ? std::atoi(argv[1]) : 1024;
  if (blocks <= 0 || blocks > (1 << 16)) {
    std::printf("FAIL: bad block count (1..65536)\n");
    return 1;
  }
  const size_t n = size_t(blocks) * THREADS_PER_BLOCK;
  int *h_in = static_cast<int *>(std::malloc(n * sizeof(int)));
  int *h_sums = static_cast<int *>(std::malloc(blocks * sizeof(int)));
  if (!h_in || !h_sums) {
    std::printf("FAIL: host allocation\n");
    return 1;
  }
  for (size_t i = 0; i < n; ++i) h_in[i] = int(i % 13);

  int *d_in = nullptr, *d_sums = nullptr;
  CUDA_CHECK(cudaMalloc(&d_in, n * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&d_sums, blocks * sizeof(int)));
  CUDA_CHECK(cudaMemcpy(d_in, h_in, n * sizeof(int), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemset(d_sums, 0, blocks * sizeof(int)));

  wide_reduce<<<blocks, THREADS_PER_BLOCK>>>(d_sums, d_in);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  CUDA_CHECK(cudaMemcpy(h_sums, d_sums, blocks * sizeof(int), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaFree(d_in));
  CUDA_CHECK(cudaFree(d_sums));

  int bad = 0;
  long long total = 0;
  for (int b = 0; b < blocks; ++b) {
    long long want = 0;
    for (int t = 0; t < THREADS_PER_BLOCK; ++t) want += h_in[size_t(b) * THREADS_PER_BLOCK + t];
    total += h_sums[b];
    if (h_sums[b] != want) {
      if (bad < 8) std::printf("mismatch in block %d: got %d, expected %lld\n", b, h_sums[b], want);
      ++bad;
    }
  }
  std::printf("wide_reduce: blocks=%d threads_per_block=%d threads=%zu sum=%lld\n", blocks,
              THREADS_PER_BLOCK, n, total);
  std::free(h_in);
  std::free(h_sums);
  if (bad) {
    std::printf("FAIL: %d of %d block sums wrong\n", bad, blocks);
    return 1;
  }
  std::printf("PASS\n");
  return 0;
}
