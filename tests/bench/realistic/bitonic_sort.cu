// warpsim-golden: skip (full size by default; the bench_small tests run it small)
// Realistic-size suite: bitonic sort (Batcher; the CUDA samples' sortingNetworks)
// of n = 16M / scale unsigned keys (argv[1] = scale, default 1; n rounded
// down to a power of two, at least 1024). Tiles of 1024 keys are sorted in
// shared memory by 512-thread blocks; each later merge stage makes its
// strides of 1024 and more in global memory, one launch per stride, and its
// strides below 1024 in one shared-memory launch. The host sorts a copy with
// std::sort and compares every key.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "../cuda_check.h"

constexpr int kTile = 1024, kThreads = kTile / 2;

__device__ void compare_exchange(unsigned &a, unsigned &b, bool ascending) {
  if ((a > b) == ascending) {
    unsigned t = a;
    a = b;
    b = t;
  }
}

// Strides j = jmax .. 1 of merge stage k for this block's tile (k = 2, 4 ..
// up to kTile when called first with sort_all).
__device__ void tile_steps(unsigned *s, unsigned base, unsigned k, unsigned jmax) {
  for (unsigned j = jmax; j > 0; j /= 2) {
    unsigned t = threadIdx.x;
    unsigned i = (t / j) * 2 * j + t % j;
    compare_exchange(s[i], s[i + j], ((base + i) & k) == 0);
    __syncthreads();
  }
}

__global__ void sort_tiles(unsigned *keys) {
  __shared__ unsigned s[kTile];
  unsigned base = blockIdx.x * kTile;
  s[threadIdx.x] = keys[base + threadIdx.x];
  s[threadIdx.x + kThreads] = keys[base + threadIdx.x + kThreads];
  __syncthreads();
  for (unsigned k = 2; k <= kTile; k *= 2)
    tile_steps(s, base, k, k / 2);
  keys[base + threadIdx.x] = s[threadIdx.x];
  keys[base + threadIdx.x + kThreads] = s[threadIdx.x + kThreads];
}

__global__ void merge_tiles(unsigned *keys, unsigned k) {
  __shared__ unsigned s[kTile];
  unsigned base = blockIdx.x * kTile;
  s[threadIdx.x] = keys[base + threadIdx.x];
  s[threadIdx.x + kThreads] = keys[base + threadIdx.x + kThreads];
  __syncthreads();
  tile_steps(s, base, k, kTile / 2);
  keys[base + threadIdx.x] = s[threadIdx.x];
  keys[base + threadIdx.x + kThreads] = s[threadIdx.x + kThreads];
}

__global__ void merge_global(unsigned *keys, unsigned k, unsigned j) {
  unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned i = (t / j) * 2 * j + t % j;
  unsigned a = keys[i], b = keys[i + j];
  bool ascending = (i & k) == 0;
  if ((a > b) == ascending) {
    keys[i] = b;
    keys[i + j] = a;
  }
}

int main(int argc, char **argv) {
  const int scale = argc > 1 ? std::atoi(argv[1]) : 1;
  if (scale < 1 || (1 << 24) / scale < kTile) {
    std::printf("FAIL: bad scale\n");
    return 1;
  }
  unsigned n = kTile;
  while (n * 2 <= unsigned((1 << 24) / scale))
    n *= 2;
  std::vector<unsigned> keys(n);
  unsigned s = 4242;
  for (unsigned &k : keys)
    k = s = s * 1664525u + 1013904223u;
  unsigned *d_keys;
  CUDA_CHECK(cudaMalloc(&d_keys, sizeof(unsigned) * n));
  CUDA_CHECK(cudaMemcpy(d_keys, keys.data(), sizeof(unsigned) * n, cudaMemcpyHostToDevice));
  int launches = 1;
  sort_tiles<<<n / kTile, kThreads>>>(d_keys);
  CUDA_CHECK(cudaGetLastError());
  for (unsigned k = 2 * kTile; k <= n; k *= 2) {
    for (unsigned j = k / 2; j >= unsigned(kTile); j /= 2, ++launches) {
      merge_global<<<n / 2 / 256, 256>>>(d_keys, k, j);
      CUDA_CHECK(cudaGetLastError());
    }
    merge_tiles<<<n / kTile, kThreads>>>(d_keys, k);
    CUDA_CHECK(cudaGetLastError());
    ++launches;
  }
  std::vector<unsigned> got(n);
  CUDA_CHECK(cudaMemcpy(got.data(), d_keys, sizeof(unsigned) * n, cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaFree(d_keys));

  std::sort(keys.begin(), keys.end());
  long bad = 0;
  for (unsigned i = 0; i < n; ++i)
    if (got[i] != keys[i]) {
      if (bad < 5)
        std::printf("key %u: got %u, expected %u\n", i, got[i], keys[i]);
      ++bad;
    }
  std::printf("bitonic_sort: n=%u launches=%d\n", n, launches);
  if (bad) {
    std::printf("FAIL: %ld of %u keys out of place\n", bad, n);
    return 1;
  }
  std::printf("PASS\n");
  return 0;
}
