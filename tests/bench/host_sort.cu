// warpsim-golden: skip (4M keys by default; the bench.host_sort test runs it small)
// Host code at native speed (issue 25 item 7): the host shuffles and sorts n
// keys (default 4M, argv[1] overrides) with the standard library before and
// after one small kernel, which counts the adjacent pairs out of order in the
// sorted keys. Host-only functions are compiled without the device
// instrumentation, so the std::shuffle and std::sort take what they take
// natively; `warpsim run --timing` shows the host time next to the launch.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

#include "cuda_check.h"

__global__ void count_unsorted(const unsigned *keys, int n, unsigned *bad) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i + 1 < n && keys[i] > keys[i + 1])
    atomicAdd(bad, 1u);
}

int main(int argc, char **argv) {
  const int n = argc > 1 ? std::atoi(argv[1]) : (4 << 20);
  if (n <= 1) {
    std::printf("FAIL: bad key count\n");
    return 1;
  }
  std::vector<unsigned> keys(n);
  for (int i = 0; i < n; ++i)
    keys[i] = static_cast<unsigned>(i) * 2654435761u;
  std::mt19937 rng(42);
  std::shuffle(keys.begin(), keys.end(), rng);
  std::sort(keys.begin(), keys.end());

  unsigned *d_keys = nullptr, *d_bad = nullptr;
  CUDA_CHECK(cudaMalloc(&d_keys, sizeof(unsigned) * n));
  CUDA_CHECK(cudaMalloc(&d_bad, sizeof(unsigned)));
  CUDA_CHECK(cudaMemcpy(d_keys, keys.data(), sizeof(unsigned) * n, cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemset(d_bad, 0, sizeof(unsigned)));
  // A small launch: only the first 64K keys are checked on the device.
  const int m = std::min(n, 1 << 16);
  count_unsorted<<<(m + 255) / 256, 256>>>(d_keys, m, d_bad);
  CUDA_CHECK(cudaGetLastError());
  unsigned bad = 0;
  CUDA_CHECK(cudaMemcpy(&bad, d_bad, sizeof(unsigned), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaFree(d_keys));
  CUDA_CHECK(cudaFree(d_bad));

  // The host checks the rest, and that the sort kept every key.
  long host_bad = 0;
  unsigned long long sum = 0, expected = 0;
  for (int i = 0; i < n; ++i) {
    if (i + 1 < n && keys[i] > keys[i + 1])
      ++host_bad;
    sum += keys[i];
    expected += static_cast<unsigned>(i) * 2654435761u;
  }
  std::printf("host_sort: n=%d device_checked=%d\n", n, m);
  if (bad != 0 || host_bad != 0 || sum != expected) {
    std::printf("FAIL: %u (device) and %ld (host) pairs out of order, sum %s\n", bad, host_bad,
                sum == expected ? "ok" : "wrong");
    return 1;
  }
  std::printf("PASS\n");
  return 0;
}
