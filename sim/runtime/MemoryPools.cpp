// Stream-ordered allocation and memory pools (cudaMallocAsync, cudaFreeAsync,
// cudaMemPool*). Work runs when issued, so stream order is program order:
// an allocation is a cudaMalloc (same memory, redzones and checker events)
// and a free a cudaFree, made when called. Each pool counts what CUDA
// reports: bytes in use and their high-water mark; bytes reserved (in use,
// or freed and kept for reuse) and theirs. CUDA releases kept bytes above
// the release threshold at the next synchronisation; every operation has
// completed by the time a free returns here, so they are released at the
// free. Reserved figures count bytes as requested: the H100 reserves in
// granules of 2 MiB or more (docs/device-api.md).
#include <cstdint>
#include <cstring>
#include <map>
#include <memory>
#include <vector>

#include <cuda_runtime.h>

#include "CudaGraphs.h"
#include "Runtime.h"

using namespace warpsim;
using namespace warpsim::sim;

struct CUmemPoolHandle_st {
  cudaMemPoolProps props{};
  bool isDefault = false;
  std::uint64_t releaseThreshold = 0;
  int followEvents = 1, opportunistic = 1, internalDeps = 1;
  std::uint64_t used = 0, usedHigh = 0;
  std::uint64_t kept = 0; // freed, still reserved
  std::uint64_t reservedHigh = 0;
  std::uint64_t reserved() const { return used + kept; }
};

namespace {

Runtime &rt() { return Runtime::get(); }

struct Pools {
  CUmemPoolHandle_st defaultPool;
  cudaMemPool_t current = nullptr; // cudaDeviceSetMemPool
  std::vector<std::unique_ptr<CUmemPoolHandle_st>> created;
  // Live stream-ordered allocations: base -> (pool, bytes).
  std::map<std::uintptr_t, std::pair<cudaMemPool_t, std::size_t>> live;
  Pools() {
    defaultPool.isDefault = true;
    defaultPool.props.allocType = cudaMemAllocationTypePinned;
    defaultPool.props.location = {cudaMemLocationTypeDevice, 0};
    current = &defaultPool;
  }
  bool valid(cudaMemPool_t p) const {
    if (p == &defaultPool)
      return true;
    for (const auto &c : created)
      if (c.get() == p)
        return true;
    return false;
  }
};

Pools &pools() {
  static Pools p;
  return p;
}

cudaError_t allocate(void **ptr, std::size_t size, cudaMemPool_t pool) {
  Pools &ps = pools();
  if (ptr == nullptr || !ps.valid(pool))
    return rt().setError(cudaErrorInvalidValue);
  if (size == 0) { // CUDA: no allocation, a null pointer
    *ptr = nullptr;
    return cudaSuccess;
  }
  if (pool->props.maxSize != 0 && pool->used + size > pool->props.maxSize)
    return rt().setError(cudaErrorMemoryAllocation);
  const cudaError_t e = cudaMalloc(ptr, size);
  if (e != cudaSuccess)
    return e;
  ps.live[reinterpret_cast<std::uintptr_t>(*ptr)] = {pool, size};
  pool->used += size;
  pool->kept = pool->kept > size ? pool->kept - size : 0; // reuses kept bytes first
  if (pool->used > pool->usedHigh)
    pool->usedHigh = pool->used;
  if (pool->reserved() > pool->reservedHigh)
    pool->reservedHigh = pool->reserved();
  return cudaSuccess;
}

} // namespace

extern "C" {

// In a stream capture these would be allocation nodes: refused (and the
// capture invalidated), never made at once.
// The user's call, which a leak report names (--leak-check full).
static cudaError_t noted(cudaError_t e, void **ptr, void *caller, const char *api) {
  if (e == cudaSuccess && *ptr != nullptr)
    rt().memory.noteCaller(*ptr, reinterpret_cast<std::uintptr_t>(caller), api);
  return e;
}

cudaError_t cudaMallocAsync(void **ptr, std::size_t size, cudaStream_t stream) {
  if (cudaError_t e = refuseInCapture(stream, "cudaMallocAsync"); e != cudaSuccess)
    return e;
  return noted(allocate(ptr, size, pools().current), ptr, __builtin_return_address(0),
               "cudaMallocAsync");
}

cudaError_t cudaMallocFromPoolAsync(void **ptr, std::size_t size, cudaMemPool_t pool,
                                    cudaStream_t stream) {
  if (cudaError_t e = refuseInCapture(stream, "cudaMallocFromPoolAsync"); e != cudaSuccess)
    return e;
  return noted(allocate(ptr, size, pool), ptr, __builtin_return_address(0),
               "cudaMallocFromPoolAsync");
}

cudaError_t cudaFreeAsync(void *ptr, cudaStream_t stream) {
  if (cudaError_t e = refuseInCapture(stream, "cudaFreeAsync"); e != cudaSuccess)
    return e;
  if (ptr == nullptr)
    return cudaSuccess;
  Pools &ps = pools();
  auto it = ps.live.find(reinterpret_cast<std::uintptr_t>(ptr));
  const cudaError_t e = cudaFree(ptr); // also memory from cudaMalloc, as CUDA allows
  if (e != cudaSuccess || it == ps.live.end())
    return e;
  cudaMemPool_t pool = it->second.first;
  pool->used -= it->second.second;
  pool->kept += it->second.second;
  if (pool->reserved() > pool->releaseThreshold) // released at the next synchronisation
    pool->kept = pool->used >= pool->releaseThreshold ? 0 : pool->releaseThreshold - pool->used;
  ps.live.erase(it);
  return cudaSuccess;
}

cudaError_t cudaDeviceGetDefaultMemPool(cudaMemPool_t *pool, int device) {
  if (pool == nullptr || device != 0)
    return rt().setError(device != 0 ? cudaErrorInvalidDevice : cudaErrorInvalidValue);
  *pool = &pools().defaultPool;
  return cudaSuccess;
}

cudaError_t cudaDeviceGetMemPool(cudaMemPool_t *pool, int device) {
  if (pool == nullptr || device != 0)
    return rt().setError(device != 0 ? cudaErrorInvalidDevice : cudaErrorInvalidValue);
  *pool = pools().current;
  return cudaSuccess;
}

cudaError_t cudaDeviceSetMemPool(int device, cudaMemPool_t pool) {
  if (device != 0)
    return rt().setError(cudaErrorInvalidDevice);
  if (!pools().valid(pool))
    return rt().setError(cudaErrorInvalidValue);
  pools().current = pool;
  return cudaSuccess;
}

cudaError_t cudaMemPoolCreate(cudaMemPool_t *pool, const cudaMemPoolProps *props) {
  if (pool == nullptr || props == nullptr)
    return rt().setError(cudaErrorInvalidValue);
  if (props->allocType != cudaMemAllocationTypePinned)
    return props->allocType == cudaMemAllocationTypeManaged
               ? rt().unsupported("cudaMemPoolCreate with cudaMemAllocationTypeManaged")
               : rt().setError(cudaErrorInvalidValue);
  if (props->location.type != cudaMemLocationTypeDevice || props->location.id != 0)
    return props->location.type == cudaMemLocationTypeDevice
               ? rt().setError(cudaErrorInvalidDevice)
               : rt().unsupported("cudaMemPoolCreate for host memory");
  if (props->handleTypes != cudaMemHandleTypeNone)
    return rt().unsupported("cudaMemPoolCreate with exportable handles (IPC)");
  auto p = std::make_unique<CUmemPoolHandle_st>();
  p->props = *props;
  *pool = p.get();
  pools().created.push_back(std::move(p));
  return cudaSuccess;
}

cudaError_t cudaMemPoolDestroy(cudaMemPool_t pool) {
  Pools &ps = pools();
  if (pool == &ps.defaultPool || !ps.valid(pool))
    return rt().setError(cudaErrorInvalidValue);
  // CUDA frees the pool's memory once its allocations are freed; any still
  // live stay usable until then (they are ordinary allocations here).
  for (auto &[base, what] : ps.live)
    if (what.first == pool)
      what.first = &ps.defaultPool;
  if (ps.current == pool)
    ps.current = &ps.defaultPool;
  std::erase_if(ps.created, [&](const auto &c) { return c.get() == pool; });
  return cudaSuccess;
}

cudaError_t cudaMemPoolSetAttribute(cudaMemPool_t pool, cudaMemPoolAttr attr, void *value) {
  if (!pools().valid(pool) || value == nullptr)
    return rt().setError(cudaErrorInvalidValue);
  switch (attr) {
  case cudaMemPoolReuseFollowEventDependencies:
    pool->followEvents = *static_cast<int *>(value);
    return cudaSuccess;
  case cudaMemPoolReuseAllowOpportunistic:
    pool->opportunistic = *static_cast<int *>(value);
    return cudaSuccess;
  case cudaMemPoolReuseAllowInternalDependencies:
    pool->internalDeps = *static_cast<int *>(value);
    return cudaSuccess;
  case cudaMemPoolAttrReleaseThreshold:
    pool->releaseThreshold = *static_cast<std::uint64_t *>(value);
    return cudaSuccess;
  case cudaMemPoolAttrReservedMemHigh: // only resetting to 0 is allowed
    if (*static_cast<std::uint64_t *>(value) != 0)
      return rt().setError(cudaErrorInvalidValue);
    pool->reservedHigh = pool->reserved();
    return cudaSuccess;
  case cudaMemPoolAttrUsedMemHigh:
    if (*static_cast<std::uint64_t *>(value) != 0)
      return rt().setError(cudaErrorInvalidValue);
    pool->usedHigh = pool->used;
    return cudaSuccess;
  default: // the current figures are read-only
    return rt().setError(cudaErrorInvalidValue);
  }
}

cudaError_t cudaMemPoolGetAttribute(cudaMemPool_t pool, cudaMemPoolAttr attr, void *value) {
  if (!pools().valid(pool) || value == nullptr)
    return rt().setError(cudaErrorInvalidValue);
  auto u64 = [&](std::uint64_t v) {
    std::memcpy(value, &v, sizeof v);
    return cudaSuccess;
  };
  auto i32 = [&](int v) {
    std::memcpy(value, &v, sizeof v);
    return cudaSuccess;
  };
  switch (attr) {
  case cudaMemPoolReuseFollowEventDependencies:
    return i32(pool->followEvents);
  case cudaMemPoolReuseAllowOpportunistic:
    return i32(pool->opportunistic);
  case cudaMemPoolReuseAllowInternalDependencies:
    return i32(pool->internalDeps);
  case cudaMemPoolAttrReleaseThreshold:
    return u64(pool->releaseThreshold);
  case cudaMemPoolAttrReservedMemCurrent:
    return u64(pool->reserved());
  case cudaMemPoolAttrReservedMemHigh:
    return u64(pool->reservedHigh);
  case cudaMemPoolAttrUsedMemCurrent:
    return u64(pool->used);
  case cudaMemPoolAttrUsedMemHigh:
    return u64(pool->usedHigh);
  }
  return rt().setError(cudaErrorInvalidValue);
}

cudaError_t cudaMemPoolTrimTo(cudaMemPool_t pool, std::size_t minBytesToKeep) {
  if (!pools().valid(pool))
    return rt().setError(cudaErrorInvalidValue);
  // Releases kept bytes until at most max(minBytesToKeep, used) stay reserved.
  const std::uint64_t keep = minBytesToKeep > pool->used ? minBytesToKeep - pool->used : 0;
  if (pool->kept > keep)
    pool->kept = keep;
  return cudaSuccess;
}

// One device: access from it is always read-write.
cudaError_t cudaMemPoolSetAccess(cudaMemPool_t pool, const cudaMemAccessDesc *descs,
                                 std::size_t count) {
  if (!pools().valid(pool) || (count != 0 && descs == nullptr))
    return rt().setError(cudaErrorInvalidValue);
  for (std::size_t i = 0; i < count; ++i)
    if (descs[i].location.type != cudaMemLocationTypeDevice || descs[i].location.id != 0)
      return rt().setError(cudaErrorInvalidDevice);
    else if (descs[i].flags != cudaMemAccessFlagsProtReadWrite)
      return rt().setError(cudaErrorInvalidValue); // the owning device keeps read-write
  return cudaSuccess;
}

cudaError_t cudaMemPoolGetAccess(cudaMemAccessFlags *flags, cudaMemPool_t pool,
                                 cudaMemLocation *location) {
  if (flags == nullptr || location == nullptr || !pools().valid(pool))
    return rt().setError(cudaErrorInvalidValue);
  if (location->type != cudaMemLocationTypeDevice || location->id != 0)
    return rt().setError(cudaErrorInvalidDevice);
  *flags = cudaMemAccessFlagsProtReadWrite;
  return cudaSuccess;
}

} // extern "C"
