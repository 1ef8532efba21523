// CUDA 12's __nv_atomic_* builtins: every function with each memory order
// and scope, on int, unsigned, long long, unsigned long long, float and
// double, from 256 threads of 4 blocks; results checked against what the
// operations must give whatever the interleaving (sums, minima, the
// exchange chain, one winner per compare-exchange). Prints PASS, also when
// built with nvcc -arch=sm_90 (CUDA 12.8 or later).
#include <cstdio>
#include <cuda_runtime.h>

struct Results {
  int add_i, sub_i, and_i, or_i, xor_i, min_i, max_i;
  unsigned add_u, max_u;
  long long min_ll;
  unsigned long long add_ull, or_ull;
  float add_f;
  double add_d;
  int fetched_sum; // sum of the values fetch_add returned
  int cas_winners, cas_target;
  int exch, exch_seen;
  int store_n, store_v;
  int loads_ok;
  int fence_flag, fence_data, fence_ok;
};

__global__ void ops(Results *r) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  __nv_atomic_add(&r->add_i, 1, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
  // Every value fetch_add returns is a distinct multiple of 2 below 2n.
  const unsigned before =
      __nv_atomic_fetch_add(&r->add_u, 2u, __NV_ATOMIC_SEQ_CST, __NV_THREAD_SCOPE_SYSTEM);
  atomicAdd(&r->fetched_sum, static_cast<int>(before));
  __nv_atomic_fetch_sub(&r->sub_i, 3, __NV_ATOMIC_ACQ_REL);
  __nv_atomic_and(&r->and_i, ~(1 << (t % 31)), __NV_ATOMIC_RELEASE, __NV_THREAD_SCOPE_DEVICE);
  __nv_atomic_fetch_or(&r->or_i, 1 << (t % 31), __NV_ATOMIC_ACQUIRE, __NV_THREAD_SCOPE_DEVICE);
  __nv_atomic_xor(&r->xor_i, t, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
  __nv_atomic_fetch_min(&r->min_i, 1000 - t, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
  __nv_atomic_max(&r->max_i, t - 1000, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
  __nv_atomic_fetch_max(&r->max_u, 3u * t, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
  __nv_atomic_min(&r->min_ll, -(1LL << 40) - t, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
  __nv_atomic_fetch_add(&r->add_ull, 1ULL << 33, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
  __nv_atomic_or(&r->or_ull, 1ULL << (t % 64), __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
  __nv_atomic_add(&r->add_f, 0.5f, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
  __nv_atomic_fetch_add(&r->add_d, 0.25, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
  // Exactly one thread turns cas_target from 0 to 1.
  int expected = 0;
  if (__nv_atomic_compare_exchange_n(&r->cas_target, &expected, 1, false, __NV_ATOMIC_ACQ_REL,
                                     __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE))
    atomicAdd(&r->cas_winners, 1);
  else if (expected != 1)
    atomicAdd(&r->cas_winners, 100); // a failure must report the value found
  int desired = 1, want = 0;
  if (__nv_atomic_compare_exchange(&r->cas_target, &want, &desired, true, __NV_ATOMIC_SEQ_CST,
                                   __NV_ATOMIC_SEQ_CST))
    atomicAdd(&r->cas_winners, 100); // already 1: must fail
  // Exchange: every thread swaps in its id + 1; the values seen are the
  // other ids (and the initial 0), so their sum plus the last value is the
  // sum of 1..N.
  const int old =
      __nv_atomic_exchange_n(&r->exch, t + 1, __NV_ATOMIC_ACQ_REL, __NV_THREAD_SCOPE_DEVICE);
  atomicAdd(&r->exch_seen, old);
  // Loads and stores.
  if (t == 7) {
    __nv_atomic_store_n(&r->store_n, 77, __NV_ATOMIC_RELEASE, __NV_THREAD_SCOPE_DEVICE);
    int v = 88;
    __nv_atomic_store(&r->store_v, &v, __NV_ATOMIC_SEQ_CST, __NV_THREAD_SCOPE_SYSTEM);
    int a = __nv_atomic_load_n(&r->store_n, __NV_ATOMIC_ACQUIRE, __NV_THREAD_SCOPE_BLOCK);
    int b = 0;
    __nv_atomic_load(&r->store_v, &b, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_THREAD);
    r->loads_ok = a == 77 && b == 88;
  }
  // Message passing through a fence pair at cluster and device scope.
  if (t == 0) {
    r->fence_data = 5;
    __nv_atomic_thread_fence(__NV_ATOMIC_RELEASE, __NV_THREAD_SCOPE_DEVICE);
    __nv_atomic_store_n(&r->fence_flag, 1, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
  }
  if (t == blockDim.x) { // thread 0 of block 1
    while (__nv_atomic_load_n(&r->fence_flag, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE) == 0) {
    }
    __nv_atomic_thread_fence(__NV_ATOMIC_ACQUIRE, __NV_THREAD_SCOPE_DEVICE);
    r->fence_ok = r->fence_data == 5;
  }
  __nv_atomic_thread_fence(__NV_ATOMIC_SEQ_CST, __NV_THREAD_SCOPE_CLUSTER);
}

int main() {
  const int blocks = 4, threads = 64, n = blocks * threads;
  Results *r;
  cudaMallocManaged(&r, sizeof(Results));
  Results init{};
  init.and_i = -1;
  init.min_i = 1 << 30;
  init.max_i = -(1 << 30);
  init.min_ll = 0;
  *r = init;
  ops<<<blocks, threads>>>(r);
  cudaError_t e = cudaDeviceSynchronize();
  int bad = e != cudaSuccess;
  auto check = [&](const char *what, long long got, long long want) {
    if (got != want) {
      std::printf("%s: %lld, expected %lld\n", what, got, want);
      ++bad;
    }
  };
  int xr = 0;
  for (int t = 0; t < n; ++t)
    xr ^= t;
  check("add_i", r->add_i, n);
  check("add_u", r->add_u, 2 * n);
  check("fetched_sum", r->fetched_sum, static_cast<long long>(n) * (n - 1));
  check("sub_i", r->sub_i, -3 * n);
  check("and_i", r->and_i, 1 << 31);
  check("or_i", r->or_i, 0x7fffffff);
  check("xor_i", r->xor_i, xr);
  check("min_i", r->min_i, 1000 - (n - 1));
  check("max_i", r->max_i, n - 1 - 1000);
  check("max_u", r->max_u, 3 * (n - 1));
  check("min_ll", r->min_ll, -(1LL << 40) - (n - 1));
  check("add_ull", static_cast<long long>(r->add_ull >> 33), n);
  check("or_ull", r->or_ull == ~0ULL, 1);
  check("add_f", static_cast<long long>(r->add_f * 2), n);
  check("add_d", static_cast<long long>(r->add_d * 4), n);
  check("cas_winners", r->cas_winners, 1);
  check("cas_target", r->cas_target, 1);
  check("exchange", r->exch_seen + r->exch, static_cast<long long>(n) * (n + 1) / 2);
  check("loads", r->loads_ok, 1);
  check("fence", r->fence_ok, 1);
  std::printf("%s\n", bad == 0 ? "PASS" : "FAIL");
  return bad == 0 ? 0 : 1;
}
