// cudaHostAlloc with each flag and through its C++ overloads, mapped device
// pointers, cudaHostRegister; cudaMallocAsync / cudaFreeAsync on the default
// pool and on created pools, pool attributes and trimming. Self-checking:
// prints PASS, also when built with nvcc -arch=sm_90 (figures that depend on
// the H100's allocation granularity are checked as bounds, not values).
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

static int bad = 0;
#define CHECK(cond)                                                                                \
  do {                                                                                             \
    if (!(cond)) {                                                                                 \
      std::printf("line %d: %s\n", __LINE__, #cond);                                               \
      ++bad;                                                                                       \
    }                                                                                              \
  } while (0)

__global__ void scale(int *p, int n, int k) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    p[i] *= k;
}

int main() {
  const int n = 1000;
  // Every flag, through the template overload (no void** cast).
  const unsigned flags[] = {cudaHostAllocDefault, cudaHostAllocPortable, cudaHostAllocMapped,
                            cudaHostAllocWriteCombined,
                            cudaHostAllocMapped | cudaHostAllocPortable};
  for (unsigned f : flags) {
    int *h = nullptr;
    CHECK(cudaHostAlloc(&h, n * sizeof(int), f) == cudaSuccess);
    unsigned got = 99;
    CHECK(cudaHostGetFlags(&got, h) == cudaSuccess);
    // CUDA 13 maps every allocation (cudaDeviceMapHost is always on).
    CHECK((got & ~cudaHostAllocMapped) == (f & ~cudaHostAllocMapped));
    for (int i = 0; i < n; ++i)
      h[i] = i;
    int *d = nullptr;
    CHECK(cudaHostGetDevicePointer(&d, h, 0) == cudaSuccess); // template overload
    scale<<<(n + 255) / 256, 256>>>(d, n, 3);
    CHECK(cudaDeviceSynchronize() == cudaSuccess);
    int wrong = 0;
    for (int i = 0; i < n; ++i)
      wrong += h[i] != 3 * i;
    CHECK(wrong == 0);
    CHECK(cudaFreeHost(h) == cudaSuccess);
  }
  void *unused = nullptr;
  CHECK(cudaHostAlloc(&unused, 16, 0x80) == cudaErrorInvalidValue); // not a flag
  cudaGetLastError();
  // cudaMallocHost with flags (a C++ overload in CUDA's header).
  float *hf = nullptr;
  CHECK(cudaMallocHost(&hf, 64 * sizeof(float), cudaHostAllocMapped) == cudaSuccess);
  CHECK(cudaFreeHost(hf) == cudaSuccess);
  // Registered host memory, used by a kernel through its device pointer.
  int *mine = static_cast<int *>(std::malloc(n * sizeof(int)));
  for (int i = 0; i < n; ++i)
    mine[i] = i;
  CHECK(cudaHostRegister(mine, n * sizeof(int), cudaHostRegisterMapped) == cudaSuccess);
  int *dm = nullptr;
  CHECK(cudaHostGetDevicePointer(&dm, mine, 0) == cudaSuccess);
  scale<<<(n + 255) / 256, 256>>>(dm, n, 5);
  CHECK(cudaDeviceSynchronize() == cudaSuccess);
  CHECK(mine[7] == 35 && mine[n - 1] == 5 * (n - 1));
  CHECK(cudaHostUnregister(mine) == cudaSuccess);
  CHECK(cudaHostUnregister(mine) == cudaErrorHostMemoryNotRegistered);
  cudaGetLastError();
  std::free(mine);

  // Stream-ordered allocation on the default pool.
  cudaStream_t s;
  CHECK(cudaStreamCreate(&s) == cudaSuccess);
  cudaMemPool_t def = nullptr, cur = nullptr;
  CHECK(cudaDeviceGetDefaultMemPool(&def, 0) == cudaSuccess);
  CHECK(cudaDeviceGetMemPool(&cur, 0) == cudaSuccess);
  CHECK(def != nullptr && def == cur);
  unsigned long long used0 = 1, thr = 1;
  CHECK(cudaMemPoolGetAttribute(def, cudaMemPoolAttrUsedMemCurrent, &used0) == cudaSuccess);
  CHECK(used0 == 0);
  CHECK(cudaMemPoolGetAttribute(def, cudaMemPoolAttrReleaseThreshold, &thr) == cudaSuccess);
  CHECK(thr == 0);
  int *a = nullptr;
  CHECK(cudaMallocAsync(&a, n * sizeof(int), s) == cudaSuccess); // template overload
  CHECK(cudaMemsetAsync(a, 0, n * sizeof(int), s) == cudaSuccess);
  scale<<<4, 256, 0, s>>>(a, n, 2);
  int back[4] = {1, 1, 1, 1};
  CHECK(cudaMemcpyAsync(back, a, sizeof back, cudaMemcpyDeviceToHost, s) == cudaSuccess);
  unsigned long long used = 0, usedHigh = 0, reserved = 0;
  CHECK(cudaMemPoolGetAttribute(def, cudaMemPoolAttrUsedMemCurrent, &used) == cudaSuccess);
  CHECK(cudaMemPoolGetAttribute(def, cudaMemPoolAttrReservedMemCurrent, &reserved) == cudaSuccess);
  CHECK(used >= n * sizeof(int) && reserved >= used);
  CHECK(cudaFreeAsync(a, s) == cudaSuccess);
  CHECK(cudaStreamSynchronize(s) == cudaSuccess);
  CHECK(back[0] == 0 && back[3] == 0);
  CHECK(cudaMemPoolGetAttribute(def, cudaMemPoolAttrUsedMemCurrent, &used) == cudaSuccess);
  CHECK(cudaMemPoolGetAttribute(def, cudaMemPoolAttrUsedMemHigh, &usedHigh) == cudaSuccess);
  CHECK(used == 0 && usedHigh >= n * sizeof(int));
  // Release threshold 0: the freed memory goes back at the synchronisation.
  CHECK(cudaMemPoolGetAttribute(def, cudaMemPoolAttrReservedMemCurrent, &reserved) == cudaSuccess);
  CHECK(reserved == 0);

  // A pool of its own, with a release threshold, trimmed explicitly.
  cudaMemPoolProps props = {};
  props.allocType = cudaMemAllocationTypePinned;
  props.handleTypes = cudaMemHandleTypeNone;
  props.location.type = cudaMemLocationTypeDevice;
  props.location.id = 0;
  cudaMemPool_t pool = nullptr;
  CHECK(cudaMemPoolCreate(&pool, &props) == cudaSuccess);
  unsigned long long keep = 1ULL << 30;
  CHECK(cudaMemPoolSetAttribute(pool, cudaMemPoolAttrReleaseThreshold, &keep) == cudaSuccess);
  double *x = nullptr, *y = nullptr;
  CHECK(cudaMallocFromPoolAsync(&x, 1 << 20, pool, s) == cudaSuccess);
  CHECK(cudaMallocAsync(&y, 1 << 20, pool, s) == cudaSuccess); // the pool overload
  CHECK(x != nullptr && y != nullptr && x != y);
  CHECK(cudaFreeAsync(x, s) == cudaSuccess);
  CHECK(cudaFreeAsync(y, s) == cudaSuccess);
  CHECK(cudaStreamSynchronize(s) == cudaSuccess);
  CHECK(cudaMemPoolGetAttribute(pool, cudaMemPoolAttrUsedMemCurrent, &used) == cudaSuccess);
  CHECK(cudaMemPoolGetAttribute(pool, cudaMemPoolAttrReservedMemCurrent, &reserved) == cudaSuccess);
  CHECK(used == 0 && reserved >= (2u << 20)); // kept: under the threshold
  CHECK(cudaMemPoolTrimTo(pool, 0) == cudaSuccess);
  CHECK(cudaMemPoolGetAttribute(pool, cudaMemPoolAttrReservedMemCurrent, &reserved) == cudaSuccess);
  CHECK(reserved == 0);
  unsigned long long zero = 0, high = 1;
  CHECK(cudaMemPoolSetAttribute(pool, cudaMemPoolAttrUsedMemHigh, &zero) == cudaSuccess);
  CHECK(cudaMemPoolGetAttribute(pool, cudaMemPoolAttrUsedMemHigh, &high) == cudaSuccess);
  CHECK(high == 0);
  int reuse = 7;
  CHECK(cudaMemPoolGetAttribute(pool, cudaMemPoolReuseAllowOpportunistic, &reuse) == cudaSuccess);
  CHECK(reuse == 1);
  // The device's current pool can be switched and switched back.
  CHECK(cudaDeviceSetMemPool(0, pool) == cudaSuccess);
  CHECK(cudaDeviceGetMemPool(&cur, 0) == cudaSuccess && cur == pool);
  CHECK(cudaDeviceSetMemPool(0, def) == cudaSuccess);
  CHECK(cudaMemPoolDestroy(pool) == cudaSuccess);
  CHECK(cudaMemPoolDestroy(def) == cudaErrorInvalidValue); // the default pool stays
  cudaGetLastError();
  CHECK(cudaStreamDestroy(s) == cudaSuccess);
  std::printf("%s\n", bad == 0 ? "PASS" : "FAIL");
  return bad == 0 ? 0 : 1;
}
