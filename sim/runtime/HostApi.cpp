// The CUDA runtime API on the host side. Kernels run when launched (eagerly,
// to completion), so every stream is trivially in order and every
// synchronisation only reports errors. Error state follows the real runtime:
// launch-configuration errors are reported once by cudaGetLastError; errors
// during a kernel (illegal address, device assert) are sticky.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <new>
#include <string>

#include <cuda_runtime.h>

#include "CudaGraphs.h"
#include "HostCopy.h"
#include "Runtime.h"
#include "StreamClocks.h"
#include "warpsim/model/LaunchValidation.h"

using namespace warpsim;
using namespace warpsim::sim;

namespace {

Runtime &rt() { return Runtime::get(); }

model::Dim3 toDim(const dim3 &d) { return model::Dim3{d.x, d.y, d.z}; }

struct StreamObj {
  unsigned flags;
  int priority;
};
// cudaDeviceGetStreamPriorityRange on an H100: lower numbers are higher
// priorities. Work runs when issued, so a priority changes nothing here.
constexpr int kLeastPriority = 0;
constexpr int kGreatestPriority = -5;
struct EventObj {
  unsigned flags;
  bool recorded;
};

bool isDevice(std::uintptr_t a, std::size_t n) { return rt().memory.isDeviceRange(a, n); }

// A copy or set issued on a stream (operation `op`): its device reads and
// writes, for the checker of work on two streams that nothing orders
// (StreamRaceChecker), as a library call's are.
void streamOpAccess(std::uint64_t op, const void *p, std::size_t n, bool write, const char *what,
                    void *caller) {
  const auto a = reinterpret_cast<std::uintptr_t>(p);
  if (n == 0 || p == nullptr || !isDevice(a, n))
    return;
  const LibraryAccess acc{a, n, write, what, reinterpret_cast<std::uintptr_t>(caller), op};
  for (Observer *o : rt().observers)
    o->onLibraryAccess(acc);
}

} // namespace

namespace warpsim::sim {

// With unified addressing, cudaMemcpyDefault (and a wrong kind) resolve by
// where the pointers actually are.
cudaError_t validateCopy(const void *dst, const void *src, std::size_t n, cudaMemcpyKind kind) {
  if (rt().stickyError != cudaSuccess)
    return rt().setError(rt().stickyError);
  if (n == 0)
    return cudaSuccess;
  if (dst == nullptr || src == nullptr)
    return rt().setError(cudaErrorInvalidValue);
  auto d = reinterpret_cast<std::uintptr_t>(dst);
  auto s = reinterpret_cast<std::uintptr_t>(src);
  bool dDev = isDevice(d, n), sDev = isDevice(s, n);
  bool dInDevRegion = rt().memory.inGlobalReserve(d) || rt().memory.findSymbol(d) != nullptr;
  bool sInDevRegion = rt().memory.inGlobalReserve(s) || rt().memory.findSymbol(s) != nullptr;
  // A range that starts in device memory but does not fit in its allocation.
  if ((dInDevRegion && !dDev) || (sInDevRegion && !sDev))
    return rt().setError(cudaErrorInvalidValue);
  switch (kind) {
  case cudaMemcpyHostToDevice:
    if (!dDev)
      return rt().setError(cudaErrorInvalidValue);
    break;
  case cudaMemcpyDeviceToHost:
    if (!sDev)
      return rt().setError(cudaErrorInvalidValue);
    break;
  case cudaMemcpyDeviceToDevice:
    if (!dDev || !sDev)
      return rt().setError(cudaErrorInvalidValue);
    break;
  case cudaMemcpyHostToHost:
  case cudaMemcpyDefault:
    break;
  default:
    return rt().setError(cudaErrorInvalidMemcpyDirection);
  }
  return cudaSuccess;
}

void copyBytes(void *dst, const void *src, std::size_t n, const char *what) {
  std::memmove(dst, src, n);
  notifyHostWrite(dst, n, what);
}

void notifyHostWrite(void *dst, std::size_t n, const char *what) {
  auto d = reinterpret_cast<std::uintptr_t>(dst);
  if (n == 0 || !isDevice(d, n))
    return;
  HostWrite w{d, n, what};
  for (Observer *o : rt().observers)
    o->onHostWrite(w);
}

cudaError_t checkedCopy(void *dst, const void *src, std::size_t n, cudaMemcpyKind kind,
                        const char *what) {
  if (cudaError_t e = validateCopy(dst, src, n, kind); e != cudaSuccess || n == 0)
    return e;
  copyBytes(dst, src, n, what);
  return cudaSuccess;
}

// Says once why an allocation the GPU would have made failed: the host
// cannot back it (MemoryMap::hostBudget).
void noteHostBudget(std::size_t size) {
  static bool said = false;
  if (said || rt().memory.bytesInUse() + size <= MemoryMap::hostBudget())
    return;
  said = true;
  std::fflush(stdout);
  std::fprintf(stderr,
               "warpsim: note: device memory is host memory here: an allocation of %zu bytes "
               "with %zu in use would pass this host's limit of %zu bytes (3/4 of its memory, or "
               "half of ulimit -d); "
               "it fails with cudaErrorMemoryAllocation\n",
               size, rt().memory.bytesInUse(), MemoryMap::hostBudget());
}

} // namespace warpsim::sim

extern "C" {

// --------------------------------------------------------------- memory

static cudaError_t mallocFrom(void **ptr, std::size_t size, std::uintptr_t caller) {
  if (ptr == nullptr)
    return rt().setError(cudaErrorInvalidValue);
  if (rt().stickyError != cudaSuccess)
    return rt().setError(rt().stickyError);
  if (size == 0) {
    *ptr = nullptr;
    return cudaSuccess;
  }
  if (size > rt().arch.total_global_mem - rt().memory.bytesInUse())
    return rt().setError(cudaErrorMemoryAllocation);
  void *p = rt().memory.allocate(size, MemorySpace::Global);
  if (p == nullptr) {
    noteHostBudget(size);
    return rt().setError(cudaErrorMemoryAllocation);
  }
  *ptr = p;
  rt().memory.noteCaller(p, caller);
  for (Observer *o : rt().observers)
    o->onAlloc(reinterpret_cast<std::uintptr_t>(p), size, MemorySpace::Global);
  return cudaSuccess;
}

static cudaError_t mallocManagedFrom(void **ptr, std::size_t size, std::uintptr_t caller) {
  if (ptr == nullptr || size == 0)
    return rt().setError(cudaErrorInvalidValue);
  void *p = rt().memory.allocate(size, MemorySpace::Managed);
  if (p == nullptr) {
    noteHostBudget(size);
    return rt().setError(cudaErrorMemoryAllocation);
  }
  *ptr = p;
  rt().memory.noteCaller(p, caller);
  for (Observer *o : rt().observers)
    o->onAlloc(reinterpret_cast<std::uintptr_t>(p), size, MemorySpace::Managed);
  // Managed memory is host memory too: it starts initialised, as zeros.
  HostWrite w{reinterpret_cast<std::uintptr_t>(p), size, "cudaMallocManaged"};
  for (Observer *o : rt().observers)
    o->onHostWrite(w);
  return cudaSuccess;
}

cudaError_t cudaMalloc(void **ptr, std::size_t size) {
  return mallocFrom(ptr, size, reinterpret_cast<std::uintptr_t>(__builtin_return_address(0)));
}
cudaError_t cudaMallocManaged(void **ptr, std::size_t size, unsigned int) {
  return mallocManagedFrom(ptr, size,
                           reinterpret_cast<std::uintptr_t>(__builtin_return_address(0)));
}
cudaError_t warpsim_malloc_from(void **ptr, std::size_t size, bool managed, unsigned int,
                                const void *caller) {
  const auto at = reinterpret_cast<std::uintptr_t>(caller);
  return managed ? mallocManagedFrom(ptr, size, at) : mallocFrom(ptr, size, at);
}

cudaError_t cudaFree(void *ptr) {
  if (ptr == nullptr)
    return cudaSuccess;
  if (rt().stickyError != cudaSuccess)
    return rt().setError(rt().stickyError);
  const Allocation *a = rt().memory.release(ptr);
  if (a == nullptr)
    return rt().setError(cudaErrorInvalidValue);
  for (Observer *o : rt().observers)
    o->onFree(a->base, a->size);
  hostWaitsDevice(); // cudaFree synchronises the device
  return cudaSuccess;
}

cudaError_t cudaMemcpy(void *dst, const void *src, std::size_t count, cudaMemcpyKind kind) {
  // On the legacy stream (work of non-blocking streams is not ordered
  // with it), and the host waits for it.
  const std::uint64_t op = streamIssue(nullptr);
  const cudaError_t e = checkedCopy(dst, src, count, kind, "cudaMemcpy");
  if (e == cudaSuccess) {
    streamOpAccess(op, src, count, false, "cudaMemcpy", __builtin_return_address(0));
    streamOpAccess(op, dst, count, true, "cudaMemcpy", __builtin_return_address(0));
  }
  hostWaitsStream(nullptr);
  return e;
}
cudaError_t cudaMemcpyAsync(void *dst, const void *src, std::size_t count, cudaMemcpyKind kind,
                            cudaStream_t stream) {
  if (captureCopy(stream, dst, src, count, kind))
    return cudaSuccess;
  const std::uint64_t op = streamIssue(stream);
  const cudaError_t e = checkedCopy(dst, src, count, kind, "cudaMemcpyAsync");
  if (e == cudaSuccess) {
    streamOpAccess(op, src, count, false, "cudaMemcpyAsync", __builtin_return_address(0));
    streamOpAccess(op, dst, count, true, "cudaMemcpyAsync", __builtin_return_address(0));
  }
  return e;
}

cudaError_t cudaMemset(void *ptr, int value, std::size_t count) {
  if (rt().stickyError != cudaSuccess)
    return rt().setError(rt().stickyError);
  if (count == 0)
    return cudaSuccess;
  auto a = reinterpret_cast<std::uintptr_t>(ptr);
  if (ptr == nullptr || !isDevice(a, count))
    return rt().setError(cudaErrorInvalidValue);
  std::memset(ptr, value, count);
  HostWrite w{a, count, "cudaMemset"};
  for (Observer *o : rt().observers)
    o->onHostWrite(w);
  return cudaSuccess;
}
cudaError_t cudaMemsetAsync(void *ptr, int value, std::size_t count, cudaStream_t stream) {
  if (captureSet(stream, ptr, count, value, count, 1))
    return cudaSuccess;
  const std::uint64_t op = streamIssue(stream);
  const cudaError_t e = cudaMemset(ptr, value, count);
  if (e == cudaSuccess)
    streamOpAccess(op, ptr, count, true, "cudaMemsetAsync", __builtin_return_address(0));
  return e;
}

cudaError_t cudaMemcpyToSymbol_impl(const void *symbol, const void *src, std::size_t count,
                                    std::size_t offset, cudaMemcpyKind kind) {
  const Symbol *s = rt().memory.symbolAt(reinterpret_cast<std::uintptr_t>(symbol));
  if (s == nullptr)
    return rt().setError(cudaErrorInvalidSymbol);
  if (offset > s->size || count > s->size - offset)
    return rt().setError(cudaErrorInvalidValue);
  if (kind != cudaMemcpyHostToDevice && kind != cudaMemcpyDeviceToDevice &&
      kind != cudaMemcpyDefault)
    return rt().setError(cudaErrorInvalidMemcpyDirection);
  return checkedCopy(reinterpret_cast<char *>(s->base) + offset, src, count, cudaMemcpyDefault,
                     "cudaMemcpyToSymbol");
}

cudaError_t cudaMemcpyFromSymbol_impl(void *dst, const void *symbol, std::size_t count,
                                      std::size_t offset, cudaMemcpyKind kind) {
  const Symbol *s = rt().memory.symbolAt(reinterpret_cast<std::uintptr_t>(symbol));
  if (s == nullptr)
    return rt().setError(cudaErrorInvalidSymbol);
  if (offset > s->size || count > s->size - offset)
    return rt().setError(cudaErrorInvalidValue);
  if (kind != cudaMemcpyDeviceToHost && kind != cudaMemcpyDeviceToDevice &&
      kind != cudaMemcpyDefault)
    return rt().setError(cudaErrorInvalidMemcpyDirection);
  return checkedCopy(dst, reinterpret_cast<const char *>(s->base) + offset, count,
                     cudaMemcpyDefault, "cudaMemcpyFromSymbol");
}

cudaError_t cudaGetSymbolAddress_impl(void **ptr, const void *symbol) {
  const Symbol *s = rt().memory.symbolAt(reinterpret_cast<std::uintptr_t>(symbol));
  if (s == nullptr || ptr == nullptr)
    return rt().setError(cudaErrorInvalidSymbol);
  *ptr = reinterpret_cast<void *>(s->base);
  return cudaSuccess;
}

cudaError_t cudaGetSymbolSize_impl(std::size_t *size, const void *symbol) {
  const Symbol *s = rt().memory.symbolAt(reinterpret_cast<std::uintptr_t>(symbol));
  if (s == nullptr || size == nullptr)
    return rt().setError(cudaErrorInvalidSymbol);
  *size = s->size;
  return cudaSuccess;
}

cudaError_t cudaMemGetInfo(std::size_t *freeBytes, std::size_t *total) {
  if (freeBytes == nullptr || total == nullptr)
    return rt().setError(cudaErrorInvalidValue);
  *total = rt().arch.total_global_mem;
  *freeBytes = *total - rt().memory.bytesInUse();
  return cudaSuccess;
}

void warpsim_register_symbol(const void *addr, std::size_t size, const char *name,
                             MemorySpace space, const char *file, unsigned line) {
  Symbol s;
  s.base = reinterpret_cast<std::uintptr_t>(addr);
  s.size = size;
  s.name = name;
  s.space = space;
  s.file = file;
  s.line = line;
  rt().memory.registerSymbol(std::move(s));
}

// ---------------------------------------------------------- device state

cudaError_t cudaDeviceSynchronize(void) {
  hostWaitsDevice();
  return rt().stickyError != cudaSuccess ? rt().setError(rt().stickyError) : cudaSuccess;
}
cudaError_t cudaThreadSynchronize(void) { return cudaDeviceSynchronize(); }
cudaError_t cudaDeviceReset(void) {
  // The device heap goes with the context: what is still allocated leaked.
  if (rt().stickyError == cudaSuccess)
    for (Observer *o : rt().observers)
      o->onDeviceReset();
  rt().heap.reset();
  rt().stickyError = cudaSuccess;
  rt().lastError = cudaSuccess;
  return cudaSuccess;
}
cudaError_t cudaGetLastError(void) {
  cudaError_t e = rt().lastError;
  rt().lastError = rt().stickyError;
  return e;
}
cudaError_t cudaPeekAtLastError(void) { return rt().lastError; }

cudaError_t cudaGetDeviceCount(int *count) {
  if (count == nullptr)
    return rt().setError(cudaErrorInvalidValue);
  *count = 1;
  return cudaSuccess;
}
cudaError_t cudaGetDevice(int *device) {
  if (device == nullptr)
    return rt().setError(cudaErrorInvalidValue);
  *device = 0;
  return cudaSuccess;
}
cudaError_t cudaSetDevice(int device) {
  return device == 0 ? cudaSuccess : rt().setError(cudaErrorInvalidDevice);
}
// Scheduling and mapping flags change nothing observable here (host threads
// never wait on a running GPU); they are kept for cudaGetDeviceFlags, which
// always includes cudaDeviceMapHost as CUDA 13's does.
cudaError_t cudaSetDeviceFlags(unsigned int flags) {
  const unsigned sched = flags & cudaDeviceScheduleMask;
  if ((flags & ~static_cast<unsigned>(cudaDeviceMask)) != 0 ||
      (sched != 0 && (sched & (sched - 1)) != 0))
    return rt().setError(cudaErrorInvalidValue);
  rt().deviceFlags = flags | cudaDeviceMapHost;
  return cudaSuccess;
}
cudaError_t cudaGetDeviceFlags(unsigned int *flags) {
  if (flags == nullptr)
    return rt().setError(cudaErrorInvalidValue);
  *flags = rt().deviceFlags;
  return cudaSuccess;
}

// Limits are kept and reported; the stack size does not resize warpsim's
// fiber stacks (--stack-size does) and no printf FIFO fills up.
static std::size_t *limitSlot(cudaLimit limit) {
  Runtime &r = rt();
  switch (limit) {
  case cudaLimitStackSize:
    return &r.stackLimit;
  case cudaLimitPrintfFifoSize:
    return &r.printfFifoLimit;
  case cudaLimitMallocHeapSize:
    return &r.heapLimit;
  case cudaLimitDevRuntimePendingLaunchCount:
    return &r.pendingLaunchLimit;
  case cudaLimitMaxL2FetchGranularity:
    return &r.l2FetchLimit;
  case cudaLimitPersistingL2CacheSize:
    return &r.persistingL2Limit;
  default:
    return nullptr;
  }
}
cudaError_t cudaDeviceSetLimit(cudaLimit limit, std::size_t value) {
  if (limit == cudaLimitDevRuntimeSyncDepth) // not on sm_90, as on the H100
    return rt().setError(cudaErrorUnsupportedLimit);
  std::size_t *slot = limitSlot(limit);
  if (slot == nullptr)
    return rt().setError(cudaErrorInvalidValue);
  // CUDA: the heap size must be set before device code first calls malloc.
  if (limit == cudaLimitMallocHeapSize && rt().heap.used())
    return rt().setError(cudaErrorInvalidValue);
  // The H100 keeps the printf FIFO in 128-byte units.
  *slot = limit == cudaLimitPrintfFifoSize ? (value + 127) / 128 * 128 : value;
  return cudaSuccess;
}
cudaError_t cudaDeviceGetLimit(std::size_t *value, cudaLimit limit) {
  if (value == nullptr)
    return rt().setError(cudaErrorInvalidValue);
  if (limit == cudaLimitDevRuntimeSyncDepth)
    return rt().setError(cudaErrorUnsupportedLimit);
  std::size_t *slot = limitSlot(limit);
  if (slot == nullptr)
    return rt().setError(cudaErrorInvalidValue);
  *value = *slot;
  return cudaSuccess;
}
cudaError_t cudaDeviceSetCacheConfig(cudaFuncCache) { return cudaSuccess; }
cudaError_t cudaDeviceSetSharedMemConfig(cudaSharedMemConfig) { return cudaSuccess; }
cudaError_t cudaRuntimeGetVersion(int *v) {
  if (v == nullptr)
    return rt().setError(cudaErrorInvalidValue);
  *v = CUDART_VERSION;
  return cudaSuccess;
}
cudaError_t cudaDriverGetVersion(int *v) { return cudaRuntimeGetVersion(v); }

// ------------------------------------------------------- streams, events
// Work runs when it is issued, so a stream has nothing left to wait for.

cudaError_t cudaStreamCreate(cudaStream_t *s) { return cudaStreamCreateWithFlags(s, 0); }
cudaError_t cudaStreamCreateWithFlags(cudaStream_t *s, unsigned int flags) {
  return cudaStreamCreateWithPriority(s, flags, kLeastPriority);
}
cudaError_t cudaStreamCreateWithPriority(cudaStream_t *s, unsigned int flags, int priority) {
  if (s == nullptr || (flags & ~static_cast<unsigned>(cudaStreamNonBlocking)) != 0)
    return rt().setError(cudaErrorInvalidValue);
  priority = std::clamp(priority, kGreatestPriority, kLeastPriority);
  *s = reinterpret_cast<cudaStream_t>(new StreamObj{flags, priority});
  streamCreated(*s, (flags & cudaStreamNonBlocking) != 0);
  return cudaSuccess;
}
cudaError_t cudaDeviceGetStreamPriorityRange(int *least, int *greatest) {
  if (least != nullptr)
    *least = kLeastPriority;
  if (greatest != nullptr)
    *greatest = kGreatestPriority;
  return cudaSuccess;
}
cudaError_t cudaStreamGetPriority(cudaStream_t s, int *priority) {
  if (priority == nullptr)
    return rt().setError(cudaErrorInvalidValue);
  *priority = s == nullptr ? kLeastPriority : reinterpret_cast<StreamObj *>(s)->priority;
  return cudaSuccess;
}
cudaError_t cudaStreamGetFlags(cudaStream_t s, unsigned int *flags) {
  if (flags == nullptr)
    return rt().setError(cudaErrorInvalidValue);
  *flags = s == nullptr ? 0u : reinterpret_cast<StreamObj *>(s)->flags;
  return cudaSuccess;
}
cudaError_t cudaStreamDestroy(cudaStream_t s) {
  if (s == nullptr)
    return rt().setError(cudaErrorInvalidResourceHandle);
  delete reinterpret_cast<StreamObj *>(s);
  streamDestroyed(s);
  return cudaSuccess;
}
cudaError_t cudaStreamSynchronize(cudaStream_t s) {
  if (cudaError_t e = refuseInCapture(s, "cudaStreamSynchronize"); e != cudaSuccess)
    return e;
  hostWaitsStream(s);
  return cudaDeviceSynchronize();
}
cudaError_t cudaStreamQuery(cudaStream_t s) {
  if (cudaError_t e = refuseInCapture(s, "cudaStreamQuery"); e != cudaSuccess)
    return e;
  hostWaitsStream(s); // it answers "finished"
  return cudaDeviceSynchronize();
}
cudaError_t cudaStreamWaitEvent(cudaStream_t s, cudaEvent_t e, unsigned int) {
  captureStreamWait(s, e); // a fork or join of a stream capture
  streamWaitsEvent(s, e);
  return cudaSuccess;
}

cudaError_t cudaEventCreate(cudaEvent_t *e) { return cudaEventCreateWithFlags(e, 0); }
cudaError_t cudaEventCreateWithFlags(cudaEvent_t *e, unsigned int flags) {
  if (e == nullptr)
    return rt().setError(cudaErrorInvalidValue);
  *e = reinterpret_cast<cudaEvent_t>(new EventObj{flags, false});
  return cudaSuccess;
}
cudaError_t cudaEventDestroy(cudaEvent_t e) {
  if (e == nullptr)
    return rt().setError(cudaErrorInvalidResourceHandle);
  delete reinterpret_cast<EventObj *>(e);
  eventDestroyed(e);
  return cudaSuccess;
}
cudaError_t cudaEventRecord(cudaEvent_t e, cudaStream_t s) {
  if (e == nullptr)
    return rt().setError(cudaErrorInvalidResourceHandle);
  if (captureEventRecord(e, s))
    return cudaSuccess;
  reinterpret_cast<EventObj *>(e)->recorded = true;
  eventRecorded(e, s);
  return cudaSuccess;
}
cudaError_t cudaEventSynchronize(cudaEvent_t e) {
  if (e == nullptr)
    return rt().setError(cudaErrorInvalidResourceHandle);
  hostWaitsEvent(e);
  return cudaDeviceSynchronize();
}
cudaError_t cudaEventQuery(cudaEvent_t e) {
  if (e == nullptr)
    return rt().setError(cudaErrorInvalidResourceHandle);
  hostWaitsEvent(e); // it answers "finished"
  return cudaSuccess;
}
// Simulated time is not modelled: recorded events are 0 ms apart.
cudaError_t cudaEventElapsedTime(float *ms, cudaEvent_t start, cudaEvent_t end) {
  if (ms == nullptr)
    return rt().setError(cudaErrorInvalidValue);
  if (start == nullptr || end == nullptr)
    return rt().setError(cudaErrorInvalidResourceHandle);
  auto *s = reinterpret_cast<EventObj *>(start);
  auto *e = reinterpret_cast<EventObj *>(end);
  if (!s->recorded || !e->recorded || (s->flags & cudaEventDisableTiming) ||
      (e->flags & cudaEventDisableTiming))
    return rt().setError(cudaErrorInvalidResourceHandle);
  *ms = 0.0f;
  return cudaSuccess;
}

// ---------------------------------------------------------------- launch

void *warpsim_param_buffer(std::size_t size, std::size_t align) {
  if (size > rt().arch.max_kernel_param_bytes || align > 4096) {
    rt().setError(cudaErrorInvalidValue);
    return nullptr;
  }
  rt().paramBytes = size;
  return reinterpret_cast<void *>(rt().memory.paramBase());
}

// A launch the GPU would refuse: the program gets the error code, as from
// CUDA, and the report says why, where (like compute-sanitizer's "Program
// hit cudaErrorInvalidValue ... on CUDA API call to cudaLaunchKernel").
static void reportInvalidLaunch(const KernelSite &site, const model::LaunchRequest &req,
                                const model::LaunchVerdict &v, cudaError_t err) {
  Finding f;
  f.kind = "invalid-launch";
  f.message = std::string("launch of kernel '") + site.kernel_name + "' fails with " +
              cudaGetErrorName(err) + ": " + v.reason;
  if (req.static_smem > rt().arch.static_shared_per_block && site.static_smem_vars != nullptr)
    f.message += std::string(" for ") + rt().arch.name +
                 "; its static __shared__ variables: " + site.static_smem_vars;
  FindingSite at;
  at.role = "launch";
  at.detail = "launch";
  at.file = site.file;
  at.line = site.line;
  at.col = site.col;
  f.sites.push_back(std::move(at));
  rt().findings.add(f);
}

cudaError_t warpsim_launch_refused(const KernelSite *site, cudaError_t error, unsigned attribute) {
  if (error == cudaErrorNotSupported) {
    const std::string why = "launch attribute " + std::to_string(attribute) + " (kernel '" +
                            site->kernel_name + "') is not simulated";
    return rt().unsupported("cudaLaunchKernelEx", why.c_str());
  }
  return rt().setError(error);
}

// The launch's thread block clusters: __cluster_dims__ or the launch
// attribute, checked as CUDA 13 does on an H100
// (tests/runtime/cluster/probe_clusters.h100.txt). Returns the reason a
// launch is refused with cudaErrorInvalidClusterSize, or "".
static std::string clusterShape(const KernelSite &site, const LaunchConfig &cfg,
                                const model::Dim3 &grid, LaunchInfo &info) {
  Runtime &r = rt();
  const bool compiled = site.cluster_dims[0] != 0;
  const model::Dim3 fixed{site.cluster_dims[0], site.cluster_dims[1], site.cluster_dims[2]};
  const model::Dim3 given{cfg.cluster[0], cfg.cluster[1], cfg.cluster[2]};
  auto text = [](const model::Dim3 &d) {
    return "(" + std::to_string(d.x) + "," + std::to_string(d.y) + "," + std::to_string(d.z) + ")";
  };
  if (compiled && site.kernel_addr != nullptr)
    r.kernelClusterDims[site.kernel_addr] = fixed;
  if (!compiled && !cfg.cluster_given)
    return "";
  if (cfg.cluster_given && given.volume() == 0)
    return "a cluster dimension is 0";
  if (compiled && cfg.cluster_given && !(fixed == given))
    return "the kernel's __cluster_dims__" + text(fixed) + " differ from the launch's cluster " +
           text(given);
  const model::Dim3 c = compiled ? fixed : given;
  auto np = r.nonPortableClusters.find(site.kernel_addr);
  const bool nonPortable = np != r.nonPortableClusters.end() && np->second;
  const std::uint64_t limit = nonPortable ? 16 : 8;
  if (c.volume() > limit)
    return "a cluster of " + std::to_string(c.volume()) + " blocks; at most " +
           (nonPortable
                ? std::string("16 (non-portable size allowed)")
                : std::string("8 (16 with cudaFuncAttributeNonPortableClusterSizeAllowed)"));
  if (grid.x % c.x != 0 || grid.y % c.y != 0 || grid.z % c.z != 0)
    return "the grid " + text(grid) + " is not a whole number of clusters " + text(c);
  if (c.volume() > r.options.resident_blocks)
    return "a cluster of " + std::to_string(c.volume()) +
           " blocks must be resident at once; warpsim keeps " +
           std::to_string(r.options.resident_blocks) + " (--resident-blocks)";
  info.cluster = c;
  info.explicit_cluster = true;
  return "";
}

// The parameter limit before CUDA 12.1; smaller blocks fit any stack.
constexpr std::size_t kClassicParamBytes = 4096;

cudaError_t warpsim_launch(const KernelSite *site, const LaunchConfig *cfg, void (*entry)(void *),
                           void *closure) {
  Runtime &r = rt();
  if (r.stickyError != cudaSuccess)
    return r.setError(r.stickyError);
  model::LaunchRequest req;
  req.grid = toDim(cfg->grid);
  req.block = toDim(cfg->block);
  req.static_smem = site->static_smem == kUnknownSmem ? 0 : site->static_smem;
  req.dynamic_smem = cfg->smem;
  req.max_threads_bound = site->max_threads_bound;
  if (site->kernel_addr != nullptr && site->static_smem != kUnknownSmem)
    r.kernelStaticSmem[site->kernel_addr] = site->static_smem;
  if (auto it = r.maxDynamicSmem.find(site->kernel_addr);
      site->kernel_addr != nullptr && it != r.maxDynamicSmem.end())
    req.max_dynamic_smem_optin = static_cast<std::uint64_t>(it->second);
  model::LaunchVerdict v = model::validateLaunch(r.arch, req);
  if (v.ok() && cfg->cooperative) {
    // Every block must be resident at once: the GPU's occupancy limit
    // (warpsim's resident slots and stacks hold that many).
    int perSm = 0;
    cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags_impl(
        &perSm, site->kernel_addr, static_cast<int>(req.block.volume()), cfg->smem, 0);
    const std::uint64_t gpu = std::uint64_t(perSm) * r.arch.multiprocessor_count;
    const std::uint64_t blocks = req.grid.volume();
    if (blocks > gpu) {
      v.error = model::LaunchError::OutOfResources;
      v.reason = "a cooperative launch of " + std::to_string(blocks) +
                 " blocks needs them all resident at once; " + std::to_string(gpu) + " fit on " +
                 r.arch.name + " (" + std::to_string(perSm) + " per SM x " +
                 std::to_string(r.arch.multiprocessor_count) + " SMs)";
      reportInvalidLaunch(*site, req, v, cudaErrorCooperativeLaunchTooLarge);
      return r.setError(cudaErrorCooperativeLaunchTooLarge);
    }
  }
  if (!v.ok()) {
    // The CUDA 13 runtime reports every bad launch configuration (too many
    // threads, a zero or oversized grid, too much shared memory) as
    // cudaErrorInvalidValue; CUDA 12 said cudaErrorInvalidConfiguration for
    // the first kinds. Measured on an H100: tests/runtime/native-h100.txt.
    const cudaError_t err = v.error == model::LaunchError::OutOfResources
                                ? cudaErrorLaunchOutOfResources
                                : cudaErrorInvalidValue;
    reportInvalidLaunch(*site, req, v, err);
    return r.setError(err);
  }
  // A kernel takes its by-value parameters on its thread's stack (the
  // launch closure copies them there): give each stack room for them, so a
  // __grid_constant__ struct of 32 KB does not overflow the default stack.
  if (r.paramBytes > kClassicParamBytes)
    r.stacks.grow(r.options.stack_size + 2 * r.paramBytes);
  LaunchInfo info{r.launches + 1, site, req.grid, req.block, cfg->smem, 0, r.laneCount, &r.arch};
  info.cooperative = cfg->cooperative;
  if (const std::string why = clusterShape(*site, *cfg, req.grid, info); !why.empty()) {
    v.reason = why;
    reportInvalidLaunch(*site, req, v, cudaErrorInvalidClusterSize);
    return r.setError(cudaErrorInvalidClusterSize);
  }
  ++r.launches;
  info.stream_op = streamIssue(cfg->stream);
  cudaError_t err = r.grid.run(info, entry, closure);
  if (!r.devicePrintf.empty()) {
    std::fflush(stdout);
    std::fwrite(r.devicePrintf.data(), 1, r.devicePrintf.size(), stdout);
    std::fflush(stdout);
    r.devicePrintf.clear();
  }
  if (err != cudaSuccess) {
    r.stickyError = err;
    r.setError(err);
  }
  return err;
}

} // extern "C"

// What the front end could not rewrite (the kernel is reached through a
// pointer variable, so its parameter types are unknown here): the launcher
// registered for its address knows them.
cudaError_t cudaLaunchCooperativeKernel(const void *func, dim3 grid, dim3 block, void **args,
                                        std::size_t smem, cudaStream_t stream) {
  return launchByAddress(func, grid, block, args, smem, stream, true,
                         "cudaLaunchCooperativeKernel");
}
cudaError_t cudaLaunchKernel(const void *func, dim3 grid, dim3 block, void **args, std::size_t smem,
                             cudaStream_t stream) {
  return launchByAddress(func, grid, block, args, smem, stream, false, "cudaLaunchKernel");
}

// cudaProfilerStart/Stop (cuda_profiler_api.h) mark a range for an external
// profiler; warpsim's own profile covers every launch regardless.
extern "C" cudaError_t cudaProfilerStart(void) { return cudaSuccess; }
extern "C" cudaError_t cudaProfilerStop(void) { return cudaSuccess; }
