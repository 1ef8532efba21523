// libcu++ atomics as users write them: cuda::atomic_ref<T, Scope>,
// cuda::atomic<T, Scope>, cuda::std::atomic<T>, cuda::std::atomic_ref<T>,
// cuda::std::atomic_flag, every memory order, cuda::atomic_thread_fence and
// cuda::std::atomic_thread_fence. One thread runs every member on int,
// unsigned, long long, unsigned long long, float, double and a pointer and
// prints each result; then 4 blocks of 128 threads count, add and publish
// with release/acquire. Self-checking (PASS), and its output is compared
// with cuda_atomics.h100.txt (recorded on an H100, CUDA 13.0). Builds with nvcc too:
// nvcc -arch=sm_90 -std=c++17 -o p cuda_atomics.cu && ./p
#include <cstdio>
#include <cuda/atomic>
#include <cuda/std/atomic>
#include <cuda_runtime.h>

struct Cells {
  int i[4];
  unsigned u[2];
  long long ll[2];
  unsigned long long ull[2];
  float f[2];
  double d[2];
  int arr[8];
  int *ptr;
  int flag;
};

// Results of the single-thread kernel: 'r' values in call order.
constexpr int kResults = 96;

__global__ void members(Cells *c, double *r) {
  int n = 0;
  // int, block scope: every member.
  cuda::atomic_ref<int, cuda::thread_scope_block> a(c->i[0]);
  a.store(10, cuda::memory_order_relaxed);
  r[n++] = a.load(cuda::memory_order_acquire);             // 10
  r[n++] = a.exchange(20, cuda::memory_order_acq_rel);     // 10
  int expected = 5;
  r[n++] = a.compare_exchange_strong(expected, 30) ? 1 : 0; // 0
  r[n++] = expected;                                        // 20
  r[n++] = a.compare_exchange_strong(expected, 30, cuda::memory_order_release,
                                     cuda::memory_order_relaxed)
               ? 1
               : 0; // 1
  expected = 30;
  while (!a.compare_exchange_weak(expected, 31, cuda::memory_order_seq_cst)) {
  }
  r[n++] = a.load(); // 31
  r[n++] = a.fetch_add(4);                                // 31
  r[n++] = a.fetch_sub(5, cuda::memory_order_consume);    // 35
  r[n++] = a.fetch_and(0x1c);                             // 30
  r[n++] = a.fetch_or(0x40);                              // 28
  r[n++] = a.fetch_xor(0x0f);                             // 92
  r[n++] = a.fetch_min(-7);                               // 83
  r[n++] = a.fetch_max(3);                                // -7
  r[n++] = ++a;                                           // 4
  r[n++] = a++;                                           // 4
  r[n++] = --a;                                           // 4
  r[n++] = a--;                                           // 4
  r[n++] = (a += 10);                                     // 13
  r[n++] = (a -= 3);                                      // 10
  r[n++] = (a &= 6);                                      // 2
  r[n++] = (a |= 5);                                      // 7
  r[n++] = (a ^= 1);                                      // 6
  r[n++] = (a = 99);                                      // 99
  r[n++] = static_cast<int>(a);                           // 99
  // unsigned, device scope: wrap-around.
  cuda::atomic_ref<unsigned, cuda::thread_scope_device> u(c->u[0]);
  r[n++] = u.fetch_sub(2u);           // 1
  r[n++] = u.load();                  // 4294967295
  r[n++] = u.fetch_max(7u);           // 4294967295
  r[n++] = u.fetch_min(7u);           // 4294967295
  r[n++] = u.load();                  // 7
  // long long, system scope; unsigned long long via cuda::std::atomic_ref.
  cuda::atomic_ref<long long, cuda::thread_scope_system> ll(c->ll[0]);
  r[n++] = static_cast<double>(ll.fetch_add(1LL << 40)); // 1
  r[n++] = static_cast<double>(ll.fetch_min(-(1LL << 41)));
  r[n++] = static_cast<double>(ll.load());
  cuda::std::atomic_ref<unsigned long long> ull(c->ull[0]);
  r[n++] = static_cast<double>(ull.fetch_add(0xffffffffull)); // 1
  r[n++] = static_cast<double>(ull.exchange(3ull));           // 4294967296
  r[n++] = static_cast<double>(ull.fetch_or(8ull));           // 3
  r[n++] = static_cast<double>(ull.load(cuda::std::memory_order_relaxed)); // 11
  // float and double: add, sub, exchange, compare-exchange, min/max.
  cuda::atomic_ref<float, cuda::thread_scope_device> f(c->f[0]);
  r[n++] = f.fetch_add(0.5f);  // 1
  r[n++] = f.fetch_sub(0.25f); // 1.5
  r[n++] = (f += 2.0f);        // 3.25
  r[n++] = (f -= 0.25f);       // 3
  r[n++] = f.fetch_max(8.0f);  // 3
  r[n++] = f.fetch_min(-1.5f); // 8
  float fe = -1.5f;
  r[n++] = f.compare_exchange_strong(fe, 2.5f) ? 1 : 0; // 1
  r[n++] = f.load();                                    // 2.5
  cuda::std::atomic_ref<double> d(c->d[0]);
  r[n++] = d.fetch_add(0.125); // 1
  r[n++] = d.exchange(-4.0);   // 1.125
  r[n++] = (d += 1.0);         // -3
  // A pointer: steps by elements.
  cuda::atomic_ref<int *, cuda::thread_scope_device> p(c->ptr);
  p.store(&c->arr[0]);
  r[n++] = static_cast<double>(p.fetch_add(3) - &c->arr[0]); // 0
  r[n++] = static_cast<double>(p.load() - &c->arr[0]);       // 3
  r[n++] = static_cast<double>(p++ - &c->arr[0]);            // 3
  r[n++] = static_cast<double>(--p - &c->arr[0]);            // 3
  r[n++] = static_cast<double>((p += 2) - &c->arr[0]);       // 5
  r[n++] = static_cast<double>(p.fetch_sub(4) - &c->arr[0]); // 5
  r[n++] = static_cast<double>(p.load() - &c->arr[0]);       // 1
  // cuda::atomic<T, Scope> over device memory, cuda::std::atomic<T> and
  // atomic_flag as thread-local objects.
  auto *obj = reinterpret_cast<cuda::atomic<int, cuda::thread_scope_device> *>(&c->i[1]);
  r[n++] = obj->fetch_add(7); // 0
  r[n++] = obj->load();       // 7
  cuda::std::atomic<int> local(40);
  r[n++] = local.fetch_add(2); // 40
  r[n++] = local.exchange(1);  // 42
  r[n++] = local.load();       // 1
  cuda::std::atomic_flag flag;
  flag.clear();
  r[n++] = flag.test_and_set() ? 1 : 0; // 0
  r[n++] = flag.test_and_set() ? 1 : 0; // 1
  flag.clear(cuda::std::memory_order_release);
  r[n++] = flag.test_and_set(cuda::std::memory_order_acquire) ? 1 : 0; // 0
  // Fences at every scope and order.
  cuda::atomic_thread_fence(cuda::memory_order_seq_cst, cuda::thread_scope_block);
  cuda::atomic_thread_fence(cuda::memory_order_acq_rel, cuda::thread_scope_device);
  cuda::atomic_thread_fence(cuda::memory_order_release, cuda::thread_scope_system);
  cuda::atomic_thread_fence(cuda::memory_order_acquire);
  cuda::atomic_thread_fence(cuda::memory_order_relaxed, cuda::thread_scope_thread);
  cuda::std::atomic_thread_fence(cuda::std::memory_order_seq_cst);
  // wait returns at once when the value already differs.
  a.wait(0);
  r[n++] = a.load(); // 99
  // thread scope: atomic for this thread only.
  cuda::atomic_ref<int, cuda::thread_scope_thread> t(c->i[2]);
  r[n++] = t.fetch_add(3); // 0
  r[n++] = t.load();       // 3
  r[kResults - 1] = n; // how many results
}

// Many threads: device-scope counters, block-scope counters in shared
// memory, float sums that are exact, a CAS loop, and message passing
// between blocks with release/acquire (block b waits for block b-1).
__global__ void many(int *counter, float *fsum, unsigned *casCount, int *maxId, int *perBlock,
                     int *data, int *flags, int *got) {
  __shared__ int blockCount;
  const int id = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.x == 0)
    blockCount = 0;
  __syncthreads();
  cuda::atomic_ref<int, cuda::thread_scope_device>(*counter).fetch_add(1,
                                                                       cuda::memory_order_relaxed);
  cuda::atomic_ref<int, cuda::thread_scope_block>(blockCount).fetch_add(2);
  cuda::atomic_ref<float, cuda::thread_scope_device>(*fsum).fetch_add(0.5f);
  cuda::atomic_ref<int, cuda::thread_scope_device>(*maxId).fetch_max(id);
  cuda::atomic_ref<unsigned, cuda::thread_scope_device> cas(*casCount);
  unsigned old = cas.load(cuda::memory_order_relaxed);
  while (!cas.compare_exchange_weak(old, old + 3u, cuda::memory_order_relaxed)) {
  }
  __syncthreads();
  if (threadIdx.x == 0)
    perBlock[blockIdx.x] = blockCount;
  if (threadIdx.x != 0)
    return;
  // Block 0 starts the chain; block b reads block b-1's data once its flag
  // is set (acquire), adds its own and publishes (release).
  int prev = 0;
  if (blockIdx.x > 0) {
    cuda::atomic_ref<int, cuda::thread_scope_device> in(flags[blockIdx.x - 1]);
    while (in.load(cuda::memory_order_acquire) == 0) {
    }
    prev = data[blockIdx.x - 1];
  }
  data[blockIdx.x] = prev + static_cast<int>(blockIdx.x) + 1;
  cuda::atomic_ref<int, cuda::thread_scope_device> out(flags[blockIdx.x]);
  out.store(1, cuda::memory_order_release);
  out.notify_all();
  got[blockIdx.x] = prev;
}

#define CHECK(cond)                                                                                \
  do {                                                                                             \
    if (!(cond)) {                                                                                 \
      std::printf("FAIL %s:%d: %s\n", __FILE__, __LINE__, #cond);                                  \
      return 1;                                                                                    \
    }                                                                                              \
  } while (0)

int main() {
  Cells h{};
  h.u[0] = 1;
  h.ll[0] = 1;
  h.ull[0] = 1;
  h.f[0] = 1.0f;
  h.d[0] = 1.0;
  Cells *dc;
  double *dr;
  cudaMalloc(&dc, sizeof(Cells));
  cudaMalloc(&dr, kResults * sizeof(double));
  cudaMemcpy(dc, &h, sizeof h, cudaMemcpyHostToDevice);
  cudaMemset(dr, 0, kResults * sizeof(double));
  members<<<1, 1>>>(dc, dr);
  CHECK(cudaDeviceSynchronize() == cudaSuccess);
  double r[kResults];
  cudaMemcpy(r, dr, sizeof r, cudaMemcpyDeviceToHost);
  const int n = static_cast<int>(r[kResults - 1]);
  CHECK(n > 0 && n < kResults - 1);
  for (int k = 0; k < n; ++k)
    std::printf("r%02d %.17g\n", k, r[k]);
  const double want[] = {10, 10, 0,  20, 1,  31, 31, 35, 30, 28, 92, 83, -7, 4,  4,  4, 4,
                         13, 10, 2,  7,  6,  99, 99, 1,  4294967295.0, 4294967295.0,
                         4294967295.0, 7, 1};
  for (int k = 0; k < static_cast<int>(sizeof want / sizeof want[0]); ++k)
    CHECK(r[k] == want[k]);

  const int blocks = 4, threads = 128;
  int *counter, *maxId, *perBlock, *data, *flags, *got;
  float *fsum;
  unsigned *casCount;
  cudaMalloc(&counter, sizeof(int));
  cudaMalloc(&maxId, sizeof(int));
  cudaMalloc(&fsum, sizeof(float));
  cudaMalloc(&casCount, sizeof(unsigned));
  cudaMalloc(&perBlock, blocks * sizeof(int));
  cudaMalloc(&data, blocks * sizeof(int));
  cudaMalloc(&flags, blocks * sizeof(int));
  cudaMalloc(&got, blocks * sizeof(int));
  cudaMemset(counter, 0, sizeof(int));
  cudaMemset(maxId, 0, sizeof(int));
  cudaMemset(fsum, 0, sizeof(float));
  cudaMemset(casCount, 0, sizeof(unsigned));
  cudaMemset(flags, 0, blocks * sizeof(int));
  many<<<blocks, threads>>>(counter, fsum, casCount, maxId, perBlock, data, flags, got);
  CHECK(cudaDeviceSynchronize() == cudaSuccess);
  int hc = 0, hm = 0, hp[blocks], hd[blocks], hg[blocks];
  float hf = 0;
  unsigned hcas = 0;
  cudaMemcpy(&hc, counter, sizeof hc, cudaMemcpyDeviceToHost);
  cudaMemcpy(&hm, maxId, sizeof hm, cudaMemcpyDeviceToHost);
  cudaMemcpy(&hf, fsum, sizeof hf, cudaMemcpyDeviceToHost);
  cudaMemcpy(&hcas, casCount, sizeof hcas, cudaMemcpyDeviceToHost);
  cudaMemcpy(hp, perBlock, sizeof hp, cudaMemcpyDeviceToHost);
  cudaMemcpy(hd, data, sizeof hd, cudaMemcpyDeviceToHost);
  cudaMemcpy(hg, got, sizeof hg, cudaMemcpyDeviceToHost);
  std::printf("counter %d\nfsum %.1f\ncas %u\nmax_id %d\n", hc, hf, hcas, hm);
  for (int b = 0; b < blocks; ++b)
    std::printf("block%d count %d data %d got %d\n", b, hp[b], hd[b], hg[b]);
  CHECK(hc == blocks * threads);
  CHECK(hf == 0.5f * blocks * threads);
  CHECK(hcas == 3u * blocks * threads);
  CHECK(hm == blocks * threads - 1);
  for (int b = 0; b < blocks; ++b) {
    CHECK(hp[b] == 2 * threads);
    CHECK(hd[b] == (b + 1) * (b + 2) / 2);
    CHECK(hg[b] == b * (b + 1) / 2);
  }
  std::printf("PASS\n");
  return 0;
}
