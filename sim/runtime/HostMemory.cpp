// Page-locked host memory: cudaMallocHost / cudaHostAlloc (allocated with
// managed memory, which kernels reach at the host's address, as with UVA on
// a GPU) and cudaHostRegister (the program's own memory, made reachable from
// kernels at the same address: the H100 reports
// canUseHostPointerForRegisteredMem). Device pointers of mapped memory are
// the host pointers.
#include <cstdint>

#include <cuda_runtime.h>

#include "Runtime.h"

using namespace warpsim;
using namespace warpsim::sim;

namespace {

Runtime &rt() { return Runtime::get(); }

constexpr unsigned kHostAllocFlags =
    cudaHostAllocPortable | cudaHostAllocMapped | cudaHostAllocWriteCombined;
constexpr unsigned kHostRegisterFlags = cudaHostRegisterPortable | cudaHostRegisterMapped |
                                        cudaHostRegisterIoMemory | cudaHostRegisterReadOnly;

} // namespace

extern "C" {

// `caller`, `api`: the user's call, which a leak report names.
static cudaError_t hostAllocFrom(void **ptr, std::size_t size, unsigned int flags, void *caller,
                                 const char *api) {
  if ((flags & ~kHostAllocFlags) != 0)
    return rt().setError(cudaErrorInvalidValue);
  cudaError_t e = cudaMallocManaged(ptr, size, cudaMemAttachGlobal);
  if (e == cudaSuccess) {
    rt().hostAllocFlags[reinterpret_cast<std::uintptr_t>(*ptr)] = flags;
    rt().memory.noteCaller(*ptr, reinterpret_cast<std::uintptr_t>(caller), api);
  }
  return e;
}

cudaError_t warpsim_host_alloc_from(void **ptr, std::size_t size, unsigned int flags,
                                    const void *caller, const char *api) {
  return hostAllocFrom(ptr, size, flags, const_cast<void *>(caller), api);
}

cudaError_t cudaHostAlloc(void **ptr, std::size_t size, unsigned int flags) {
  return hostAllocFrom(ptr, size, flags, __builtin_return_address(0), "cudaHostAlloc");
}

cudaError_t cudaMallocHost(void **ptr, std::size_t size) {
  return hostAllocFrom(ptr, size, cudaHostAllocDefault, __builtin_return_address(0),
                       "cudaMallocHost");
}

cudaError_t cudaFreeHost(void *ptr) {
  rt().hostAllocFlags.erase(reinterpret_cast<std::uintptr_t>(ptr));
  return cudaFree(ptr);
}

cudaError_t cudaHostRegister(void *ptr, std::size_t size, unsigned int flags) {
  Runtime &r = rt();
  if (ptr == nullptr || size == 0 || (flags & ~kHostRegisterFlags) != 0)
    return r.setError(cudaErrorInvalidValue);
  if ((flags & cudaHostRegisterReadOnly) != 0)
    return r.unsupported("cudaHostRegister with cudaHostRegisterReadOnly",
                         "read-only mappings are not enforced");
  if ((flags & cudaHostRegisterIoMemory) != 0)
    return r.unsupported("cudaHostRegister with cudaHostRegisterIoMemory");
  const auto a = reinterpret_cast<std::uintptr_t>(ptr);
  // Overlap with a registered range (the one at or below the end).
  auto it = r.hostRegistered.lower_bound(a + size);
  if (it != r.hostRegistered.begin() && std::prev(it)->first + std::prev(it)->second.size > a)
    return r.setError(cudaErrorHostMemoryAlreadyRegistered);
  if (r.memory.inGlobalReserve(a) || r.memory.findSymbol(a) != nullptr)
    return r.setError(cudaErrorInvalidValue); // device memory
  r.hostRegistered[a] = Runtime::HostRange{size, flags};
  return cudaSuccess;
}

cudaError_t cudaHostUnregister(void *ptr) {
  Runtime &r = rt();
  if (r.hostRegistered.erase(reinterpret_cast<std::uintptr_t>(ptr)) == 0)
    return r.setError(cudaErrorHostMemoryNotRegistered);
  return cudaSuccess;
}

cudaError_t cudaHostGetDevicePointer(void **device, void *host, unsigned int flags) {
  Runtime &r = rt();
  if (device == nullptr || host == nullptr || flags != 0)
    return r.setError(cudaErrorInvalidValue);
  const auto a = reinterpret_cast<std::uintptr_t>(host);
  bool pinned = r.hostRegisteredRange(a, 1) != nullptr;
  if (!pinned) {
    const Allocation *al = r.memory.findAllocation(a);
    pinned = al != nullptr && !al->freed && a - al->base < al->size &&
             r.hostAllocFlags.count(al->base) != 0;
  }
  if (!pinned)
    return r.setError(cudaErrorInvalidValue);
  *device = host;
  return cudaSuccess;
}

cudaError_t cudaHostGetFlags(unsigned int *flags, void *host) {
  Runtime &r = rt();
  if (flags == nullptr || host == nullptr)
    return r.setError(cudaErrorInvalidValue);
  const auto a = reinterpret_cast<std::uintptr_t>(host);
  if (const auto *range = r.hostRegisteredRange(a, 1)) {
    *flags = range->second.flags;
    return cudaSuccess;
  }
  const Allocation *al = r.memory.findAllocation(a);
  if (al == nullptr || al->freed || a - al->base >= al->size)
    return r.setError(cudaErrorInvalidValue);
  auto f = r.hostAllocFlags.find(al->base);
  if (f == r.hostAllocFlags.end())
    return r.setError(cudaErrorInvalidValue);
  *flags = f->second;
  return cudaSuccess;
}

} // extern "C"
