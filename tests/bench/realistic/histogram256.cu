// warpsim-golden: skip (full size by default; the bench_small tests run it small)
// Realistic-size suite: 256-bin byte histogram with per-block privatised
// bins in shared memory (Podlozhnyuk, "Histogram calculation in CUDA").
// 64M / scale bytes (argv[1] = scale, default 1), read four at a time by a
// grid-stride loop of at most 1024 blocks of 256 threads; shared atomics
// per byte, then one global atomic per bin and block. The host counts too.
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "../cuda_check.h"

constexpr int kBins = 256, kThreads = 256, kMaxBlocks = 1024;

__global__ void histogram(const unsigned *words, long count, unsigned *bins) {
  __shared__ unsigned local[kBins];
  local[threadIdx.x] = 0;
  __syncthreads();
  for (long i = blockIdx.x * long(blockDim.x) + threadIdx.x; i < count;
       i += long(gridDim.x) * blockDim.x) {
    unsigned w = words[i];
    atomicAdd(&local[w & 0xff], 1u);
    atomicAdd(&local[(w >> 8) & 0xff], 1u);
    atomicAdd(&local[(w >> 16) & 0xff], 1u);
    atomicAdd(&local[w >> 24], 1u);
  }
  __syncthreads();
  if (local[threadIdx.x] != 0)
    atomicAdd(&bins[threadIdx.x], local[threadIdx.x]);
}

int main(int argc, char **argv) {
  const int scale = argc > 1 ? std::atoi(argv[1]) : 1;
  if (scale < 1 || (64 << 20) / scale < 1024) {
    std::printf("FAIL: bad scale\n");
    return 1;
  }
  const long bytes = (64L << 20) / scale, words = bytes / 4;
  // Skewed bytes: the sum of two uniform bytes' high halves favours the
  // middle bins, as image data favours some intensities.
  std::vector<unsigned> data(words);
  unsigned s = 31337;
  for (long i = 0; i < words; ++i) {
    unsigned w = 0;
    for (int b = 0; b < 4; ++b) {
      s = s * 1664525u + 1013904223u;
      w |= (((s >> 24) / 2 + ((s >> 16) & 0xff) / 2) & 0xff) << (8 * b);
    }
    data[i] = w;
  }
  unsigned *d_data, *d_bins;
  CUDA_CHECK(cudaMalloc(&d_data, sizeof(unsigned) * words));
  CUDA_CHECK(cudaMalloc(&d_bins, sizeof(unsigned) * kBins));
  CUDA_CHECK(cudaMemcpy(d_data, data.data(), sizeof(unsigned) * words, cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemset(d_bins, 0, sizeof(unsigned) * kBins));
  long blocks = (words + kThreads - 1) / kThreads;
  if (blocks > kMaxBlocks)
    blocks = kMaxBlocks;
  histogram<<<int(blocks), kThreads>>>(d_data, words, d_bins);
  CUDA_CHECK(cudaGetLastError());
  std::vector<unsigned> bins(kBins);
  CUDA_CHECK(cudaMemcpy(bins.data(), d_bins, sizeof(unsigned) * kBins, cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaFree(d_data));
  CUDA_CHECK(cudaFree(d_bins));

  std::vector<unsigned> want(kBins, 0);
  for (long i = 0; i < words; ++i)
    for (int b = 0; b < 4; ++b)
      ++want[(data[i] >> (8 * b)) & 0xff];
  long bad = 0, total = 0, fullest = 0;
  for (int b = 0; b < kBins; ++b) {
    total += bins[b];
    if (bins[b] > bins[fullest])
      fullest = b;
    if (bins[b] != want[b]) {
      if (bad < 5)
        std::printf("bin %d: got %u, expected %u\n", b, bins[b], want[b]);
      ++bad;
    }
  }
  std::printf("histogram256: bytes=%ld blocks=%ld counted=%ld fullest_bin=%ld\n", bytes, blocks,
              total, fullest);
  if (bad) {
    std::printf("FAIL: %ld of %d bins wrong\n", bad, kBins);
    return 1;
  }
  std::printf("PASS\n");
  return 0;
}
