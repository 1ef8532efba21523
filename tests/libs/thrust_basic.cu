// Thrust's CUDA backend (libthrust-dev): device_vector, transform, reduce,
// sort, sort_by_key, inclusive_scan, copy_if, unique, with thrust::device and
// a CUDA stream, each checked against a host computation. Builds with nvcc.
#include <thrust/copy.h>
#include <thrust/device_vector.h>
#include <thrust/execution_policy.h>
#include <thrust/functional.h>
#include <thrust/host_vector.h>
#include <thrust/reduce.h>
#include <thrust/scan.h>
#include <thrust/sort.h>
#include <thrust/transform.h>
#include <thrust/unique.h>

#include <algorithm>
#include <cstdio>
#include <numeric>
#include <vector>

struct Square {
  __host__ __device__ int operator()(int x) const { return x * x; }
};
struct Positive {
  __host__ __device__ bool operator()(int x) const { return x > 0; }
};

int main() {
  const int n = 500;
  std::vector<int> h(n);
  for (int i = 0; i < n; ++i)
    h[i] = (i * 37) % 101 - 50;
  int bad = 0;
  auto expect = [&](bool ok, const char *what) {
    if (!ok) {
      printf("%s: wrong result\n", what);
      ++bad;
    }
  };

  thrust::device_vector<int> d(h.begin(), h.end());
  thrust::device_vector<int> sq(n);
  thrust::transform(thrust::device, d.begin(), d.end(), sq.begin(), Square());
  std::vector<int> hsq(n);
  thrust::copy(sq.begin(), sq.end(), hsq.begin());
  bool ok = true;
  for (int i = 0; i < n; ++i)
    ok = ok && hsq[i] == h[i] * h[i];
  expect(ok, "transform");

  int sum = thrust::reduce(thrust::device, d.begin(), d.end(), 0, thrust::plus<int>());
  expect(sum == std::accumulate(h.begin(), h.end(), 0), "reduce");

  thrust::device_vector<int> scan(n);
  thrust::inclusive_scan(d.begin(), d.end(), scan.begin());
  std::vector<int> hscan(n), want(n);
  thrust::copy(scan.begin(), scan.end(), hscan.begin());
  std::partial_sum(h.begin(), h.end(), want.begin());
  expect(hscan == want, "inclusive_scan");

  thrust::device_vector<int> pos(n);
  auto end = thrust::copy_if(thrust::device, d.begin(), d.end(), pos.begin(), Positive());
  std::vector<int> wpos;
  std::copy_if(h.begin(), h.end(), std::back_inserter(wpos), [](int x) { return x > 0; });
  thrust::host_vector<int> hpos(pos.begin(), end);
  expect(std::vector<int>(hpos.begin(), hpos.end()) == wpos, "copy_if");

  cudaStream_t s;
  cudaStreamCreate(&s);
  thrust::device_vector<int> keys = d;
  thrust::device_vector<int> vals(n);
  thrust::sequence(vals.begin(), vals.end());
  thrust::sort_by_key(thrust::cuda::par.on(s), keys.begin(), keys.end(), vals.begin());
  cudaStreamSynchronize(s);
  std::vector<int> hk(n), hv(n);
  thrust::copy(keys.begin(), keys.end(), hk.begin());
  thrust::copy(vals.begin(), vals.end(), hv.begin());
  ok = std::is_sorted(hk.begin(), hk.end());
  for (int i = 0; i < n; ++i)
    ok = ok && h[hv[i]] == hk[i];
  expect(ok, "sort_by_key on a stream");

  thrust::sort(thrust::device, d.begin(), d.end());
  auto uend = thrust::unique(thrust::device, d.begin(), d.end());
  std::vector<int> u = h;
  std::sort(u.begin(), u.end());
  u.erase(std::unique(u.begin(), u.end()), u.end());
  thrust::host_vector<int> hu(d.begin(), uend);
  expect(std::vector<int>(hu.begin(), hu.end()) == u, "sort + unique");
  cudaStreamDestroy(s);

  printf("sum %d, %zu positive, %zu distinct\n", sum, wpos.size(), u.size());
  printf(bad ? "FAIL\n" : "PASS\n");
  return bad ? 1 : 0;
}
