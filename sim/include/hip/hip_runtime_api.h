// warpsim's hip/hip_runtime_api.h: HIP's host API on warpsim's CUDA runtime
// (docs/hip.md). hipError_t is cudaError_t: HIP's error codes have CUDA's
// values (hipErrorInvalidValue 1, hipErrorOutOfMemory 2, ...), so the
// runtime's results and strings serve both. Types and constants are CUDA's
// under HIP's names; calls are inline wrappers, and those whose place in the
// report matters (hipMalloc: --leak-check names its line) hand the runtime
// their caller as cudaMalloc does.
#pragma once

#include <cstddef>
#include <cstring>

#include <cuda_runtime.h>

#include "hip/hip_version.h"

#ifndef __HIP_PLATFORM_AMD__
#define __HIP_PLATFORM_AMD__ 1
#endif

// ------------------------------------------------------------------ types
typedef cudaError_t hipError_t;
typedef cudaStream_t hipStream_t;
typedef cudaEvent_t hipEvent_t;
typedef cudaMemcpyKind hipMemcpyKind;
typedef cudaFuncAttributes hipFuncAttributes;

// HIP's error codes: CUDA's values.
inline constexpr hipError_t hipSuccess = cudaSuccess;
inline constexpr hipError_t hipErrorInvalidValue = cudaErrorInvalidValue;
inline constexpr hipError_t hipErrorOutOfMemory = cudaErrorMemoryAllocation;
inline constexpr hipError_t hipErrorMemoryAllocation = cudaErrorMemoryAllocation;
inline constexpr hipError_t hipErrorNotInitialized = cudaErrorInitializationError;
inline constexpr hipError_t hipErrorInitializationError = cudaErrorInitializationError;
inline constexpr hipError_t hipErrorDeinitialized = cudaErrorCudartUnloading;
inline constexpr hipError_t hipErrorInvalidConfiguration = cudaErrorInvalidConfiguration;
inline constexpr hipError_t hipErrorInvalidPitchValue = cudaErrorInvalidPitchValue;
inline constexpr hipError_t hipErrorInvalidSymbol = cudaErrorInvalidSymbol;
inline constexpr hipError_t hipErrorInvalidDevicePointer = cudaErrorInvalidDevicePointer;
inline constexpr hipError_t hipErrorInvalidMemcpyDirection = cudaErrorInvalidMemcpyDirection;
inline constexpr hipError_t hipErrorInvalidDeviceFunction = cudaErrorInvalidDeviceFunction;
inline constexpr hipError_t hipErrorNoDevice = cudaErrorNoDevice;
inline constexpr hipError_t hipErrorInvalidDevice = cudaErrorInvalidDevice;
inline constexpr hipError_t hipErrorInvalidImage = cudaErrorInvalidKernelImage;
inline constexpr hipError_t hipErrorInvalidHandle = cudaErrorInvalidResourceHandle;
inline constexpr hipError_t hipErrorInvalidResourceHandle = cudaErrorInvalidResourceHandle;
inline constexpr hipError_t hipErrorNotReady = cudaErrorNotReady;
inline constexpr hipError_t hipErrorIllegalAddress = cudaErrorIllegalAddress;
inline constexpr hipError_t hipErrorLaunchOutOfResources = cudaErrorLaunchOutOfResources;
inline constexpr hipError_t hipErrorLaunchTimeOut = cudaErrorLaunchTimeout;
inline constexpr hipError_t hipErrorAssert = cudaErrorAssert;
inline constexpr hipError_t hipErrorLaunchFailure = cudaErrorLaunchFailure;
inline constexpr hipError_t hipErrorCooperativeLaunchTooLarge = cudaErrorCooperativeLaunchTooLarge;
inline constexpr hipError_t hipErrorNotSupported = cudaErrorNotSupported;
inline constexpr hipError_t hipErrorUnknown = cudaErrorUnknown;

inline constexpr hipMemcpyKind hipMemcpyHostToHost = cudaMemcpyHostToHost;
inline constexpr hipMemcpyKind hipMemcpyHostToDevice = cudaMemcpyHostToDevice;
inline constexpr hipMemcpyKind hipMemcpyDeviceToHost = cudaMemcpyDeviceToHost;
inline constexpr hipMemcpyKind hipMemcpyDeviceToDevice = cudaMemcpyDeviceToDevice;
inline constexpr hipMemcpyKind hipMemcpyDefault = cudaMemcpyDefault;

#define hipStreamDefault cudaStreamDefault
#define hipStreamNonBlocking cudaStreamNonBlocking
#define hipEventDefault cudaEventDefault
#define hipEventBlockingSync cudaEventBlockingSync
#define hipEventDisableTiming cudaEventDisableTiming
#define hipHostMallocDefault cudaHostAllocDefault
#define hipHostMallocPortable cudaHostAllocPortable
#define hipHostMallocMapped cudaHostAllocMapped
#define hipHostMallocWriteCombined cudaHostAllocWriteCombined
#define hipHostAllocDefault cudaHostAllocDefault
#define hipHostAllocPortable cudaHostAllocPortable
#define hipHostAllocMapped cudaHostAllocMapped
#define hipHostAllocWriteCombined cudaHostAllocWriteCombined
#define hipMemAttachGlobal cudaMemAttachGlobal
#define hipStreamPerThread cudaStreamPerThread
// On AMD, HIP_SYMBOL(x) is the symbol's address (hipMemcpyToSymbol below
// takes either).
#define HIP_SYMBOL(X) (&(X))
// The spelling that protects a template kernel's commas inside
// hipLaunchKernelGGL (whose uses the front end lowers itself, docs/hip.md).
#define HIP_KERNEL_NAME(...) __VA_ARGS__

// hipDeviceArch_t: the feature bits a CDNA3 device reports.
struct hipDeviceArch_t {
  unsigned hasGlobalInt32Atomics : 1;
  unsigned hasGlobalFloatAtomicExch : 1;
  unsigned hasSharedInt32Atomics : 1;
  unsigned hasSharedFloatAtomicExch : 1;
  unsigned hasFloatAtomicAdd : 1;
  unsigned hasGlobalInt64Atomics : 1;
  unsigned hasSharedInt64Atomics : 1;
  unsigned hasDoubles : 1;
  unsigned hasWarpVote : 1;
  unsigned hasWarpBallot : 1;
  unsigned hasWarpShuffle : 1;
  unsigned hasFunnelShift : 1;
  unsigned hasThreadFenceSystem : 1;
  unsigned hasSyncThreadsExt : 1;
  unsigned hasSurfaceFuncs : 1;
  unsigned has3dGrid : 1;
  unsigned hasDynamicParallelism : 1;
};

// hipDeviceProp_t: cudaDeviceProp's fields (HIP's have the same names) and
// HIP's own. The values are the simulated architecture's
// (model/arch/cdna3.arch under --arch cdna3: warpSize 64, 304 CUs, 64 KiB of
// LDS per block, 1024 threads per block).
struct hipDeviceProp_t : cudaDeviceProp {
  int clockRate;       // kHz
  int memoryClockRate; // kHz
  int clockInstructionRate;
  int computeMode;
  int kernelExecTimeoutEnabled;
  std::size_t maxSharedMemoryPerMultiProcessor;
  int cooperativeMultiDeviceLaunch;
  int isLargeBar;
  int asicRevision;
  hipDeviceArch_t arch;
  char gcnArchName[256]; // "gfx942:sramecc+:xnack-" for a CDNA3 (MI300X) target
};

enum hipDeviceAttribute_t {
  hipDeviceAttributeWarpSize,
  hipDeviceAttributeMaxThreadsPerBlock,
  hipDeviceAttributeMaxBlockDimX,
  hipDeviceAttributeMaxBlockDimY,
  hipDeviceAttributeMaxBlockDimZ,
  hipDeviceAttributeMaxGridDimX,
  hipDeviceAttributeMaxGridDimY,
  hipDeviceAttributeMaxGridDimZ,
  hipDeviceAttributeMaxSharedMemoryPerBlock,
  hipDeviceAttributeSharedMemPerBlockOptin,
  hipDeviceAttributeMaxSharedMemoryPerMultiprocessor,
  hipDeviceAttributeTotalConstantMemory,
  hipDeviceAttributeMaxRegistersPerBlock,
  hipDeviceAttributeMaxRegistersPerMultiprocessor,
  hipDeviceAttributeClockRate,
  hipDeviceAttributeMemoryClockRate,
  hipDeviceAttributeMemoryBusWidth,
  hipDeviceAttributeMultiprocessorCount,
  hipDeviceAttributeL2CacheSize,
  hipDeviceAttributeMaxThreadsPerMultiProcessor,
  hipDeviceAttributeMaxBlocksPerMultiProcessor,
  hipDeviceAttributeComputeCapabilityMajor,
  hipDeviceAttributeComputeCapabilityMinor,
  hipDeviceAttributeConcurrentKernels,
  hipDeviceAttributeCooperativeLaunch,
  hipDeviceAttributeManagedMemory,
  hipDeviceAttributeIntegrated,
  hipDeviceAttributeEccEnabled,
  hipDeviceAttributePciBusId,
  hipDeviceAttributePciDeviceId,
  hipDeviceAttributePciDomainID,
  hipDeviceAttributeWallClockRate,
};

namespace warpsim::hip {
// The CUDA attribute that answers a HIP one; false for one HIP alone has.
inline bool cudaAttribute(hipDeviceAttribute_t a, cudaDeviceAttr &out) {
  switch (a) {
  case hipDeviceAttributeWarpSize:
    out = cudaDevAttrWarpSize;
    return true;
  case hipDeviceAttributeMaxThreadsPerBlock:
    out = cudaDevAttrMaxThreadsPerBlock;
    return true;
  case hipDeviceAttributeMaxBlockDimX:
    out = cudaDevAttrMaxBlockDimX;
    return true;
  case hipDeviceAttributeMaxBlockDimY:
    out = cudaDevAttrMaxBlockDimY;
    return true;
  case hipDeviceAttributeMaxBlockDimZ:
    out = cudaDevAttrMaxBlockDimZ;
    return true;
  case hipDeviceAttributeMaxGridDimX:
    out = cudaDevAttrMaxGridDimX;
    return true;
  case hipDeviceAttributeMaxGridDimY:
    out = cudaDevAttrMaxGridDimY;
    return true;
  case hipDeviceAttributeMaxGridDimZ:
    out = cudaDevAttrMaxGridDimZ;
    return true;
  case hipDeviceAttributeMaxSharedMemoryPerBlock:
    out = cudaDevAttrMaxSharedMemoryPerBlock;
    return true;
  case hipDeviceAttributeSharedMemPerBlockOptin:
    out = cudaDevAttrMaxSharedMemoryPerBlockOptin;
    return true;
  case hipDeviceAttributeMaxSharedMemoryPerMultiprocessor:
    out = cudaDevAttrMaxSharedMemoryPerMultiprocessor;
    return true;
  case hipDeviceAttributeTotalConstantMemory:
    out = cudaDevAttrTotalConstantMemory;
    return true;
  case hipDeviceAttributeMaxRegistersPerBlock:
    out = cudaDevAttrMaxRegistersPerBlock;
    return true;
  case hipDeviceAttributeMaxRegistersPerMultiprocessor:
    out = cudaDevAttrMaxRegistersPerMultiprocessor;
    return true;
  case hipDeviceAttributeClockRate:
    out = cudaDevAttrClockRate;
    return true;
  case hipDeviceAttributeMemoryClockRate:
    out = cudaDevAttrMemoryClockRate;
    return true;
  case hipDeviceAttributeMemoryBusWidth:
    out = cudaDevAttrGlobalMemoryBusWidth;
    return true;
  case hipDeviceAttributeMultiprocessorCount:
    out = cudaDevAttrMultiProcessorCount;
    return true;
  case hipDeviceAttributeL2CacheSize:
    out = cudaDevAttrL2CacheSize;
    return true;
  case hipDeviceAttributeMaxThreadsPerMultiProcessor:
    out = cudaDevAttrMaxThreadsPerMultiProcessor;
    return true;
  case hipDeviceAttributeMaxBlocksPerMultiProcessor:
    out = cudaDevAttrMaxBlocksPerMultiprocessor;
    return true;
  case hipDeviceAttributeComputeCapabilityMajor:
    out = cudaDevAttrComputeCapabilityMajor;
    return true;
  case hipDeviceAttributeComputeCapabilityMinor:
    out = cudaDevAttrComputeCapabilityMinor;
    return true;
  case hipDeviceAttributeConcurrentKernels:
    out = cudaDevAttrConcurrentKernels;
    return true;
  case hipDeviceAttributeCooperativeLaunch:
    out = cudaDevAttrCooperativeLaunch;
    return true;
  case hipDeviceAttributeManagedMemory:
    out = cudaDevAttrManagedMemory;
    return true;
  case hipDeviceAttributeIntegrated:
    out = cudaDevAttrIntegrated;
    return true;
  case hipDeviceAttributeEccEnabled:
    out = cudaDevAttrEccEnabled;
    return true;
  case hipDeviceAttributePciBusId:
    out = cudaDevAttrPciBusId;
    return true;
  case hipDeviceAttributePciDeviceId:
    out = cudaDevAttrPciDeviceId;
    return true;
  case hipDeviceAttributePciDomainID:
    out = cudaDevAttrPciDomainId;
    return true;
  default:
    return false;
  }
}
} // namespace warpsim::hip

// ------------------------------------------------------------ device, errors
inline hipError_t hipInit(unsigned int) { return hipSuccess; }
inline hipError_t hipDeviceSynchronize() { return cudaDeviceSynchronize(); }
inline hipError_t hipDeviceReset() { return cudaDeviceReset(); }
inline hipError_t hipGetLastError() { return cudaGetLastError(); }
inline hipError_t hipPeekAtLastError() { return cudaPeekAtLastError(); }
inline hipError_t hipExtGetLastError() { return cudaGetLastError(); }
inline const char *hipGetErrorString(hipError_t e) { return cudaGetErrorString(e); }
// HIP's name: the CUDA enumerator's with hip for cuda, and HIP's spelling
// where it differs.
inline const char *hipGetErrorName(hipError_t e) {
  switch (e) {
  case hipErrorOutOfMemory:
    return "hipErrorOutOfMemory";
  case hipErrorNotInitialized:
    return "hipErrorNotInitialized";
  case hipErrorDeinitialized:
    return "hipErrorDeinitialized";
  case hipErrorInvalidImage:
    return "hipErrorInvalidImage";
  case hipErrorInvalidHandle:
    return "hipErrorInvalidHandle";
  case hipErrorLaunchTimeOut:
    return "hipErrorLaunchTimeOut";
  default:
    break;
  }
  static thread_local char name[96];
  const char *c = cudaGetErrorName(e);
  if (c == nullptr || std::strncmp(c, "cuda", 4) != 0)
    return c;
  std::snprintf(name, sizeof name, "hip%s", c + 4);
  return name;
}
inline hipError_t hipGetDeviceCount(int *count) { return cudaGetDeviceCount(count); }
inline hipError_t hipGetDevice(int *device) { return cudaGetDevice(device); }
inline hipError_t hipSetDevice(int device) { return cudaSetDevice(device); }
inline hipError_t hipSetDeviceFlags(unsigned int flags) { return cudaSetDeviceFlags(flags); }
inline hipError_t hipRuntimeGetVersion(int *v) {
  if (v == nullptr)
    return hipErrorInvalidValue;
  *v = HIP_VERSION;
  return hipSuccess;
}
inline hipError_t hipDriverGetVersion(int *v) { return hipRuntimeGetVersion(v); }
inline hipError_t hipMemGetInfo(std::size_t *free, std::size_t *total) {
  return cudaMemGetInfo(free, total);
}
inline hipError_t hipDeviceGetAttribute(int *value, hipDeviceAttribute_t attr, int device) {
  cudaDeviceAttr c;
  if (value == nullptr)
    return hipErrorInvalidValue;
  if (attr == hipDeviceAttributeWallClockRate) {
    // MI300X's constant 100 MHz wall clock (s_memrealtime), in kHz.
    int count = 0;
    if (cudaGetDeviceCount(&count) != cudaSuccess || device < 0 || device >= count)
      return hipErrorInvalidDevice;
    *value = 100000;
    return hipSuccess;
  }
  if (!warpsim::hip::cudaAttribute(attr, c))
    return hipErrorInvalidValue;
  return cudaDeviceGetAttribute(value, c, device);
}
inline hipError_t hipGetDeviceProperties(hipDeviceProp_t *prop, int device) {
  if (prop == nullptr)
    return hipErrorInvalidValue;
  cudaDeviceProp c;
  std::memset(&c, 0, sizeof c);
  hipError_t e = cudaGetDeviceProperties(&c, device);
  if (e != hipSuccess)
    return e;
  std::memset(prop, 0, sizeof *prop);
  static_cast<cudaDeviceProp &>(*prop) = c;
  cudaDeviceGetAttribute(&prop->clockRate, cudaDevAttrClockRate, device);
  cudaDeviceGetAttribute(&prop->memoryClockRate, cudaDevAttrMemoryClockRate, device);
  prop->clockInstructionRate = prop->clockRate;
  prop->maxSharedMemoryPerMultiProcessor = c.sharedMemPerMultiprocessor;
  prop->cooperativeMultiDeviceLaunch = 0;
  prop->arch = hipDeviceArch_t{1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 1, 0};
#ifdef __WARPSIM_HIP_GCN_ARCH_NAME__
  // The target the unit was compiled for (--offload-arch; the driver's
  // define), as a HIP binary's code object names it.
  std::snprintf(prop->gcnArchName, sizeof prop->gcnArchName, "%s", __WARPSIM_HIP_GCN_ARCH_NAME__);
#endif
  return hipSuccess;
}
#define hipGetDevicePropertiesR0600 hipGetDeviceProperties
typedef hipDeviceProp_t hipDeviceProp_tR0600;

// ------------------------------------------------------------------ memory
template <class T> __attribute__((noinline)) hipError_t hipMalloc(T **ptr, std::size_t size) {
  return warpsim_malloc_from(reinterpret_cast<void **>(ptr), size, false, 0,
                             __builtin_return_address(0));
}
template <class T>
__attribute__((noinline)) hipError_t hipMallocManaged(T **ptr, std::size_t size,
                                                      unsigned int flags = cudaMemAttachGlobal) {
  return warpsim_malloc_from(reinterpret_cast<void **>(ptr), size, true, flags,
                             __builtin_return_address(0));
}
template <class T>
__attribute__((noinline)) hipError_t hipHostMalloc(T **ptr, std::size_t size,
                                                   unsigned int flags = 0) {
  return warpsim_host_alloc_from(reinterpret_cast<void **>(ptr), size, flags,
                                 __builtin_return_address(0), "hipHostMalloc");
}
template <class T>
__attribute__((noinline)) hipError_t hipHostAlloc(T **ptr, std::size_t size,
                                                  unsigned int flags = 0) {
  return warpsim_host_alloc_from(reinterpret_cast<void **>(ptr), size, flags,
                                 __builtin_return_address(0), "hipHostAlloc");
}
template <class T> __attribute__((noinline)) hipError_t hipMallocHost(T **ptr, std::size_t size) {
  return warpsim_host_alloc_from(reinterpret_cast<void **>(ptr), size, 0,
                                 __builtin_return_address(0), "hipMallocHost");
}
inline hipError_t hipFree(void *p) { return cudaFree(p); }
inline hipError_t hipHostFree(void *p) { return cudaFreeHost(p); }
inline hipError_t hipFreeHost(void *p) { return cudaFreeHost(p); }
inline hipError_t hipMemcpy(void *dst, const void *src, std::size_t n, hipMemcpyKind kind) {
  return cudaMemcpy(dst, src, n, kind);
}
inline hipError_t hipMemcpyAsync(void *dst, const void *src, std::size_t n, hipMemcpyKind kind,
                                 hipStream_t stream = nullptr) {
  return cudaMemcpyAsync(dst, src, n, kind, stream);
}
inline hipError_t hipMemcpyHtoD(void *dst, const void *src, std::size_t n) {
  return cudaMemcpy(dst, src, n, cudaMemcpyHostToDevice);
}
inline hipError_t hipMemcpyDtoH(void *dst, const void *src, std::size_t n) {
  return cudaMemcpy(dst, src, n, cudaMemcpyDeviceToHost);
}
inline hipError_t hipMemcpyDtoD(void *dst, const void *src, std::size_t n) {
  return cudaMemcpy(dst, src, n, cudaMemcpyDeviceToDevice);
}
inline hipError_t hipMemcpy2D(void *dst, std::size_t dpitch, const void *src, std::size_t spitch,
                              std::size_t width, std::size_t height, hipMemcpyKind kind) {
  return cudaMemcpy2D(dst, dpitch, src, spitch, width, height, kind);
}
inline hipError_t hipMemset(void *p, int value, std::size_t n) { return cudaMemset(p, value, n); }
inline hipError_t hipMemsetAsync(void *p, int value, std::size_t n, hipStream_t stream = nullptr) {
  return cudaMemsetAsync(p, value, n, stream);
}
inline hipError_t hipMemsetD32(void *p, int value, std::size_t count) {
  // Words, not bytes: a byte-wise memset only when all four bytes agree.
  unsigned char b = static_cast<unsigned char>(value);
  if (static_cast<unsigned>(value) != b * 0x01010101u)
    return hipErrorNotSupported;
  return cudaMemset(p, b, count * 4);
}
// hipMemcpyToSymbol(HIP_SYMBOL(x), ...) and hipMemcpyToSymbol(x, ...): the
// address, or the symbol itself (an lvalue, so an address stays an address).
inline hipError_t hipMemcpyToSymbol(const void *symbol, const void *src, std::size_t n,
                                    std::size_t offset = 0,
                                    hipMemcpyKind kind = hipMemcpyHostToDevice) {
  return cudaMemcpyToSymbol_impl(symbol, src, n, offset, kind);
}
template <class T>
hipError_t hipMemcpyToSymbol(T &symbol, const void *src, std::size_t n, std::size_t offset = 0,
                             hipMemcpyKind kind = hipMemcpyHostToDevice) {
  return cudaMemcpyToSymbol_impl(&symbol, src, n, offset, kind);
}
inline hipError_t hipMemcpyToSymbolAsync(const void *symbol, const void *src, std::size_t n,
                                         std::size_t offset, hipMemcpyKind kind,
                                         hipStream_t = nullptr) {
  return cudaMemcpyToSymbol_impl(symbol, src, n, offset, kind);
}
template <class T>
hipError_t hipMemcpyToSymbolAsync(T &symbol, const void *src, std::size_t n, std::size_t offset,
                                  hipMemcpyKind kind, hipStream_t = nullptr) {
  return cudaMemcpyToSymbol_impl(&symbol, src, n, offset, kind);
}
inline hipError_t hipMemcpyFromSymbol(void *dst, const void *symbol, std::size_t n,
                                      std::size_t offset = 0,
                                      hipMemcpyKind kind = hipMemcpyDeviceToHost) {
  return cudaMemcpyFromSymbol_impl(dst, symbol, n, offset, kind);
}
template <class T>
hipError_t hipMemcpyFromSymbol(void *dst, T &symbol, std::size_t n, std::size_t offset = 0,
                               hipMemcpyKind kind = hipMemcpyDeviceToHost) {
  return cudaMemcpyFromSymbol_impl(dst, &symbol, n, offset, kind);
}
inline hipError_t hipGetSymbolAddress(void **ptr, const void *symbol) {
  return cudaGetSymbolAddress_impl(ptr, symbol);
}
template <class T> hipError_t hipGetSymbolAddress(void **ptr, T &symbol) {
  return cudaGetSymbolAddress_impl(ptr, &symbol);
}

// ---------------------------------------------------------- streams, events
inline hipError_t hipStreamCreate(hipStream_t *s) { return cudaStreamCreate(s); }
inline hipError_t hipStreamCreateWithFlags(hipStream_t *s, unsigned int flags) {
  return cudaStreamCreateWithFlags(s, flags);
}
inline hipError_t hipStreamCreateWithPriority(hipStream_t *s, unsigned int flags, int priority) {
  return cudaStreamCreateWithPriority(s, flags, priority);
}
inline hipError_t hipStreamDestroy(hipStream_t s) { return cudaStreamDestroy(s); }
inline hipError_t hipStreamSynchronize(hipStream_t s) { return cudaStreamSynchronize(s); }
inline hipError_t hipStreamQuery(hipStream_t s) { return cudaStreamQuery(s); }
inline hipError_t hipStreamWaitEvent(hipStream_t s, hipEvent_t e, unsigned int flags = 0) {
  return cudaStreamWaitEvent(s, e, flags);
}
inline hipError_t hipEventCreate(hipEvent_t *e) { return cudaEventCreate(e); }
inline hipError_t hipEventCreateWithFlags(hipEvent_t *e, unsigned int flags) {
  return cudaEventCreateWithFlags(e, flags);
}
inline hipError_t hipEventDestroy(hipEvent_t e) { return cudaEventDestroy(e); }
inline hipError_t hipEventRecord(hipEvent_t e, hipStream_t s = nullptr) {
  return cudaEventRecord(e, s);
}
inline hipError_t hipEventSynchronize(hipEvent_t e) { return cudaEventSynchronize(e); }
inline hipError_t hipEventQuery(hipEvent_t e) { return cudaEventQuery(e); }
inline hipError_t hipEventElapsedTime(float *ms, hipEvent_t start, hipEvent_t stop) {
  return cudaEventElapsedTime(ms, start, stop);
}

// ------------------------------------------------------------- launches
// hipLaunchKernel / hipLaunchCooperativeKernel with a kernel the front end
// can name are rewritten into ::warpsim::launchWithArgs, as CUDA's
// cudaLaunchKernel is (docs/frontend.md); what stays (a kernel reached
// through a pointer variable) is CUDA's call.
inline hipError_t hipLaunchKernel(const void *func, dim3 grid, dim3 block, void **args,
                                  std::size_t smem = 0, hipStream_t stream = nullptr) {
  return cudaLaunchKernel(func, grid, block, args, smem, stream);
}
inline hipError_t hipLaunchCooperativeKernel(const void *func, dim3 grid, dim3 block, void **args,
                                             unsigned int smem = 0, hipStream_t stream = nullptr) {
  return cudaLaunchCooperativeKernel(func, grid, block, args, smem, stream);
}
template <class... P>
hipError_t hipLaunchKernel(void (*func)(P...), dim3 grid, dim3 block, void **args,
                           std::size_t smem = 0, hipStream_t stream = nullptr) {
  return cudaLaunchKernel(reinterpret_cast<const void *>(func), grid, block, args, smem, stream);
}
template <class... P>
hipError_t hipLaunchCooperativeKernel(void (*func)(P...), dim3 grid, dim3 block, void **args,
                                      unsigned int smem = 0, hipStream_t stream = nullptr) {
  return cudaLaunchCooperativeKernel(reinterpret_cast<const void *>(func), grid, block, args, smem,
                                     stream);
}

// ------------------------------------------------------------- functions
template <class F> hipError_t hipFuncGetAttributes(hipFuncAttributes *attr, F *func) {
  return cudaFuncGetAttributes_impl(attr, reinterpret_cast<const void *>(func));
}
template <class F>
hipError_t hipOccupancyMaxActiveBlocksPerMultiprocessor(int *numBlocks, F func, int blockSize,
                                                        std::size_t dynamicSmem) {
  return cudaOccupancyMaxActiveBlocksPerMultiprocessor(numBlocks, func, blockSize, dynamicSmem);
}
template <class F>
hipError_t hipOccupancyMaxPotentialBlockSize(int *minGridSize, int *blockSize, F func,
                                             std::size_t dynamicSmem = 0, int blockSizeLimit = 0) {
  return cudaOccupancyMaxPotentialBlockSize(minGridSize, blockSize, func, dynamicSmem,
                                            blockSizeLimit);
}
