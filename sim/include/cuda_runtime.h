// warpsim's CUDA runtime header: what a .cu file sees instead of the CUDA
// toolkit's. Host API calls and device built-ins resolve to libwarpsim.
#pragma once

// The include guards and versions CUDA 13's own headers define, as nvcc sees
// them after `#include <cuda_runtime.h>`: programs (helper_cuda.h among them)
// test these to learn which parts of the toolkit they were given.
#define __CUDA_RUNTIME_H__
#define __CUDA_RUNTIME_API_H__
#define __CUDA_DEVICE_RUNTIME_API_H__
#define __DRIVER_TYPES_H__
#define __DRIVER_FUNCTIONS_H__
#define __VECTOR_TYPES_H__
#define __VECTOR_FUNCTIONS_H__
#define __DEVICE_TYPES_H__
#define __SURFACE_TYPES_H__
#define __TEXTURE_TYPES_H__
#define __LIBRARY_TYPES_H__
#define __CHANNEL_DESCRIPTOR_H__
#define __HOST_CONFIG_H__
#define __HOST_DEFINES_H__
#define __COMMON_FUNCTIONS_H__
#define __DEVICE_FUNCTIONS_H__
#define __DEVICE_LAUNCH_PARAMETERS_H__
#define __DEVICE_ATOMIC_FUNCTIONS_H__
#define __DEVICE_DOUBLE_FUNCTIONS_H__
#define __MATH_FUNCTIONS_H__
#define __SM_20_ATOMIC_FUNCTIONS_H__
#define __SM_20_INTRINSICS_H__
#define __SM_30_INTRINSICS_H__
#define __SM_32_ATOMIC_FUNCTIONS_H__
#define __SM_32_INTRINSICS_H__
#define __SM_35_ATOMIC_FUNCTIONS_H__
#define __SM_35_INTRINSICS_H__
#define __SM_60_ATOMIC_FUNCTIONS_H__
#define __SM_61_INTRINSICS_H__
#define __CUDA_API_VER_MAJOR__ 13
#define __CUDA_API_VER_MINOR__ 0
#define __CUDART_API_VERSION ((__CUDA_API_VER_MAJOR__ * 1000) + (__CUDA_API_VER_MINOR__ * 10))
#define CUDARTAPI
#define CUDART_CB
#define CUDA_IPC_HANDLE_SIZE 64

#include <cstddef>
#include <cstdint>
// What CUDA 13's cuda_runtime.h makes visible through its own includes in
// nvcc's host pass (crt/host_defines.h: <ctype.h>; driver_types.h:
// <limits.h>; crt/common_functions.h: <string.h>, <time.h>;
// crt/math_functions.h: <math.h>, <stdlib.h>, <cmath>, <cstdlib>;
// <utility>): programs use INT_MAX, memcpy or std::abs without including
// them, and nvcc accepts that. (<stdio.h>, <assert.h> and <new> come only in
// its device pass: a program relying on them fails nvcc's host pass.)
#include <ctype.h>
#include <limits.h>
#include <string.h>
#include <time.h>
#include <utility>

#include "warpsim/cuda_keywords.h"
#include "warpsim/cuda_types.h"
#include "warpsim/device_heap.h"
#include "warpsim/frontend_abi.h"
#include "warpsim/memory_pools.h"

// ---------------------------------------------------------------- host API
extern "C" {
cudaError_t cudaMalloc(void **ptr, std::size_t size);
cudaError_t cudaMallocManaged(void **ptr, std::size_t size,
                              unsigned int flags = cudaMemAttachGlobal);
cudaError_t cudaMallocHost(void **ptr, std::size_t size);
cudaError_t cudaHostAlloc(void **ptr, std::size_t size, unsigned int flags);
cudaError_t cudaFree(void *ptr);
cudaError_t cudaFreeHost(void *ptr);
cudaError_t cudaHostRegister(void *ptr, std::size_t size, unsigned int flags);
cudaError_t cudaHostUnregister(void *ptr);
cudaError_t cudaHostGetDevicePointer(void **device, void *host, unsigned int flags);
cudaError_t cudaHostGetFlags(unsigned int *flags, void *host);
cudaError_t cudaMallocPitch(void **ptr, std::size_t *pitch, std::size_t width, std::size_t height);
cudaError_t cudaMalloc3D(cudaPitchedPtr *pitched, cudaExtent extent);
cudaError_t cudaMemcpy2D(void *dst, std::size_t dpitch, const void *src, std::size_t spitch,
                         std::size_t width, std::size_t height, cudaMemcpyKind kind);
cudaError_t cudaMemcpy2DAsync(void *dst, std::size_t dpitch, const void *src, std::size_t spitch,
                              std::size_t width, std::size_t height, cudaMemcpyKind kind,
                              cudaStream_t stream = nullptr);
cudaError_t cudaMemcpy3D(const cudaMemcpy3DParms *p);
cudaError_t cudaMemcpy3DAsync(const cudaMemcpy3DParms *p, cudaStream_t stream = nullptr);
cudaError_t cudaMemset2D(void *ptr, std::size_t pitch, int value, std::size_t width,
                         std::size_t height);
cudaError_t cudaMemset2DAsync(void *ptr, std::size_t pitch, int value, std::size_t width,
                              std::size_t height, cudaStream_t stream = nullptr);
cudaError_t cudaMemset3D(cudaPitchedPtr p, int value, cudaExtent extent);
cudaError_t cudaMemset3DAsync(cudaPitchedPtr p, int value, cudaExtent extent,
                              cudaStream_t stream = nullptr);
cudaError_t cudaMemcpy(void *dst, const void *src, std::size_t count, cudaMemcpyKind kind);
cudaError_t cudaMemcpyAsync(void *dst, const void *src, std::size_t count, cudaMemcpyKind kind,
                            cudaStream_t stream = nullptr);
cudaError_t cudaMemset(void *ptr, int value, std::size_t count);
cudaError_t cudaMemsetAsync(void *ptr, int value, std::size_t count, cudaStream_t stream = nullptr);
cudaError_t cudaMemcpyToSymbol_impl(const void *symbol, const void *src, std::size_t count,
                                    std::size_t offset, cudaMemcpyKind kind);
cudaError_t cudaMemcpyFromSymbol_impl(void *dst, const void *symbol, std::size_t count,
                                      std::size_t offset, cudaMemcpyKind kind);
cudaError_t cudaGetSymbolAddress_impl(void **ptr, const void *symbol);
cudaError_t cudaGetSymbolSize_impl(std::size_t *size, const void *symbol);
cudaError_t cudaMemGetInfo(std::size_t *free, std::size_t *total);

cudaError_t cudaDeviceSynchronize(void);
cudaError_t cudaDeviceReset(void);
cudaError_t cudaThreadSynchronize(void);
cudaError_t cudaGetLastError(void);
cudaError_t cudaPeekAtLastError(void);
const char *cudaGetErrorString(cudaError_t error);
const char *cudaGetErrorName(cudaError_t error);
cudaError_t cudaGetDeviceCount(int *count);
cudaError_t cudaGetDevice(int *device);
cudaError_t cudaSetDevice(int device);
cudaError_t cudaGetDeviceProperties(cudaDeviceProp *prop, int device);
cudaError_t cudaDeviceGetAttribute(int *value, cudaDeviceAttr attr, int device);
cudaError_t cudaDeviceSetCacheConfig(cudaFuncCache config);
cudaError_t cudaDeviceSetSharedMemConfig(cudaSharedMemConfig config);
cudaError_t cudaSetDeviceFlags(unsigned int flags);
cudaError_t cudaGetDeviceFlags(unsigned int *flags);
cudaError_t cudaDeviceSetLimit(cudaLimit limit, std::size_t value);
cudaError_t cudaDeviceGetLimit(std::size_t *value, cudaLimit limit);
cudaError_t cudaDeviceGetStreamPriorityRange(int *leastPriority, int *greatestPriority);
cudaError_t cudaRuntimeGetVersion(int *version);
cudaError_t cudaDriverGetVersion(int *version);
// The driver functions warpsim provides (cuda.h: cuTensorMapEncodeTiled,
// cuInit, cuDriverGetVersion, cuGetErrorName, cuGetErrorString), by name;
// any other symbol is cudaDriverEntryPointSymbolNotFound.
cudaError_t cudaGetDriverEntryPoint(const char *symbol, void **funcPtr, unsigned long long flags,
                                    cudaDriverEntryPointQueryResult *driverStatus = nullptr);
cudaError_t
cudaGetDriverEntryPointByVersion(const char *symbol, void **funcPtr, unsigned int cudaVersion,
                                 unsigned long long flags,
                                 cudaDriverEntryPointQueryResult *driverStatus = nullptr);

cudaError_t cudaStreamCreate(cudaStream_t *stream);
cudaError_t cudaStreamCreateWithFlags(cudaStream_t *stream, unsigned int flags);
cudaError_t cudaStreamCreateWithPriority(cudaStream_t *stream, unsigned int flags, int priority);
cudaError_t cudaStreamGetPriority(cudaStream_t stream, int *priority);
cudaError_t cudaStreamGetFlags(cudaStream_t stream, unsigned int *flags);
cudaError_t cudaStreamDestroy(cudaStream_t stream);
cudaError_t cudaStreamSynchronize(cudaStream_t stream);
cudaError_t cudaStreamQuery(cudaStream_t stream);
cudaError_t cudaStreamWaitEvent(cudaStream_t stream, cudaEvent_t event, unsigned int flags = 0);
cudaError_t cudaEventCreate(cudaEvent_t *event);
cudaError_t cudaEventCreateWithFlags(cudaEvent_t *event, unsigned int flags);
cudaError_t cudaEventDestroy(cudaEvent_t event);
cudaError_t cudaEventRecord(cudaEvent_t event, cudaStream_t stream = nullptr);
cudaError_t cudaEventSynchronize(cudaEvent_t event);
cudaError_t cudaEventQuery(cudaEvent_t event);
cudaError_t cudaEventElapsedTime(float *ms, cudaEvent_t start, cudaEvent_t end);

cudaError_t cudaFuncSetAttribute_impl(const void *func, cudaFuncAttribute attr, int value);
cudaError_t cudaFuncSetCacheConfig_impl(const void *func, cudaFuncCache c);
cudaError_t cudaFuncGetAttributes_impl(cudaFuncAttributes *attr, const void *func);
cudaError_t cudaOccupancyMaxActiveClusters_impl(int *clusters, const void *func,
                                                const cudaLaunchConfig_t *config);
cudaError_t cudaOccupancyMaxPotentialClusterSize_impl(int *size, const void *func,
                                                      const cudaLaunchConfig_t *config);
cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags_impl(
    int *numBlocks, const void *func, int blockSize, std::size_t dynamicSmem, unsigned int flags);
cudaError_t cudaOccupancyAvailableDynamicSMemPerBlock_impl(std::size_t *bytes, const void *func,
                                                           int numBlocks, int blockSize);
// Hands the runtime a kernel's static __shared__ size before its first
// launch (for cudaFuncGetAttributes and occupancy).
void warpsim_register_kernel(const void *func, std::size_t staticSmem);
}

#define cudaOccupancyDefault 0x00
#define cudaOccupancyDisableCachingOverride 0x01

// The typed forms hand on their caller, so that --leak-check full names the
// user's line, not this one (noinline: an inlined body has no caller).
extern "C" cudaError_t warpsim_malloc_from(void **ptr, std::size_t size, bool managed,
                                           unsigned int flags, const void *caller);
template <class T> __attribute__((noinline)) cudaError_t cudaMalloc(T **ptr, std::size_t size) {
  return warpsim_malloc_from(reinterpret_cast<void **>(ptr), size, false, 0,
                             __builtin_return_address(0));
}
template <class T>
__attribute__((noinline)) cudaError_t cudaMallocManaged(T **ptr, std::size_t size,
                                                        unsigned int flags = cudaMemAttachGlobal) {
  return warpsim_malloc_from(reinterpret_cast<void **>(ptr), size, true, flags,
                             __builtin_return_address(0));
}
extern "C" cudaError_t warpsim_host_alloc_from(void **ptr, std::size_t size, unsigned int flags,
                                               const void *caller, const char *api);
extern "C" cudaError_t warpsim_malloc_pitch_from(void **ptr, std::size_t *pitch, std::size_t width,
                                                 std::size_t height, const void *caller);
template <class T> __attribute__((noinline)) cudaError_t cudaMallocHost(T **ptr, std::size_t size) {
  return warpsim_host_alloc_from(reinterpret_cast<void **>(ptr), size, 0,
                                 __builtin_return_address(0), "cudaMallocHost");
}
// cuda_runtime.h's C++ overloads: cudaMallocHost with flags is cudaHostAlloc.
__attribute__((noinline)) inline cudaError_t cudaMallocHost(void **ptr, std::size_t size,
                                                            unsigned int flags) {
  return warpsim_host_alloc_from(ptr, size, flags, __builtin_return_address(0), "cudaMallocHost");
}
template <class T>
__attribute__((noinline)) cudaError_t cudaMallocHost(T **ptr, std::size_t size,
                                                     unsigned int flags) {
  return warpsim_host_alloc_from(reinterpret_cast<void **>(ptr), size, flags,
                                 __builtin_return_address(0), "cudaMallocHost");
}
template <class T>
__attribute__((noinline)) cudaError_t cudaHostAlloc(T **ptr, std::size_t size, unsigned int flags) {
  return warpsim_host_alloc_from(reinterpret_cast<void **>(ptr), size, flags,
                                 __builtin_return_address(0), "cudaHostAlloc");
}
template <class T>
cudaError_t cudaHostGetDevicePointer(T **device, void *host, unsigned int flags) {
  return ::cudaHostGetDevicePointer(reinterpret_cast<void **>(device), host, flags);
}
template <class T>
__attribute__((noinline)) cudaError_t cudaMallocPitch(T **ptr, std::size_t *pitch,
                                                      std::size_t width, std::size_t height) {
  return warpsim_malloc_pitch_from(reinterpret_cast<void **>(ptr), pitch, width, height,
                                   __builtin_return_address(0));
}
template <class T>
cudaError_t cudaMemcpyToSymbol(const T &symbol, const void *src, std::size_t count,
                               std::size_t offset = 0,
                               cudaMemcpyKind kind = cudaMemcpyHostToDevice) {
  return cudaMemcpyToSymbol_impl(&symbol, src, count, offset, kind);
}
template <class T>
cudaError_t cudaMemcpyToSymbolAsync(const T &symbol, const void *src, std::size_t count,
                                    std::size_t offset = 0,
                                    cudaMemcpyKind kind = cudaMemcpyHostToDevice,
                                    cudaStream_t stream = nullptr) {
  if (warpsim_stream_capturing(stream))
    return warpsim_capture_refused(stream, "cudaMemcpyToSymbolAsync");
  return cudaMemcpyToSymbol_impl(&symbol, src, count, offset, kind);
}
template <class T>
cudaError_t cudaMemcpyFromSymbol(void *dst, const T &symbol, std::size_t count,
                                 std::size_t offset = 0,
                                 cudaMemcpyKind kind = cudaMemcpyDeviceToHost) {
  return cudaMemcpyFromSymbol_impl(dst, &symbol, count, offset, kind);
}
template <class T> cudaError_t cudaGetSymbolAddress(void **ptr, const T &symbol) {
  return cudaGetSymbolAddress_impl(ptr, &symbol);
}
template <class T> cudaError_t cudaGetSymbolSize(std::size_t *size, const T &symbol) {
  return cudaGetSymbolSize_impl(size, &symbol);
}
template <class F> cudaError_t cudaFuncSetAttribute(F *func, cudaFuncAttribute attr, int value) {
  return cudaFuncSetAttribute_impl(reinterpret_cast<const void *>(func), attr, value);
}
template <class F> cudaError_t cudaFuncSetCacheConfig(F *func, cudaFuncCache c) {
  return cudaFuncSetCacheConfig_impl(reinterpret_cast<const void *>(func), c);
}
template <class F> cudaError_t cudaFuncGetAttributes(cudaFuncAttributes *attr, F *func) {
  return cudaFuncGetAttributes_impl(attr, reinterpret_cast<const void *>(func));
}

// Occupancy. A kernel is taken to need few enough registers never to limit
// it (docs/device-api.md); every other limit is the architecture's.
template <class F>
cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int *numBlocks, F func,
                                                                   int blockSize,
                                                                   std::size_t dynamicSmem,
                                                                   unsigned int flags) {
  return cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags_impl(
      numBlocks, reinterpret_cast<const void *>(func), blockSize, dynamicSmem, flags);
}
template <class F>
cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *numBlocks, F func, int blockSize,
                                                          std::size_t dynamicSmem) {
  return cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(numBlocks, func, blockSize,
                                                                dynamicSmem, cudaOccupancyDefault);
}
template <class F>
cudaError_t cudaOccupancyAvailableDynamicSMemPerBlock(std::size_t *bytes, F func, int numBlocks,
                                                      int blockSize) {
  return cudaOccupancyAvailableDynamicSMemPerBlock_impl(bytes, reinterpret_cast<const void *>(func),
                                                        numBlocks, blockSize);
}
// Clusters of config's cluster dimension (1 without one) resident at once.
template <class F>
cudaError_t cudaOccupancyMaxActiveClusters(int *clusters, F func,
                                           const cudaLaunchConfig_t *config) {
  return cudaOccupancyMaxActiveClusters_impl(clusters, reinterpret_cast<const void *>(func),
                                             config);
}
template <class F>
cudaError_t cudaOccupancyMaxPotentialClusterSize(int *size, F func,
                                                 const cudaLaunchConfig_t *config) {
  return cudaOccupancyMaxPotentialClusterSize_impl(size, reinterpret_cast<const void *>(func),
                                                   config);
}

// The block size with the most resident threads per SM, the largest first
// among equals, trying multiples of the warp size from the limit down (as
// CUDA's header does); minGridSize fills every SM at that occupancy.
template <class F, class SmemOfBlockSize>
cudaError_t cudaOccupancyMaxPotentialBlockSizeVariableSMemWithFlags(int *minGridSize,
                                                                    int *blockSize, F func,
                                                                    SmemOfBlockSize smemOf,
                                                                    int blockSizeLimit = 0,
                                                                    unsigned int flags = 0) {
  if (minGridSize == nullptr || blockSize == nullptr || func == nullptr)
    return cudaErrorInvalidValue;
  int device = 0, perSm = 0, warp = 0, devMax = 0, sms = 0;
  cudaError_t e = cudaGetDevice(&device);
  if (e == cudaSuccess)
    e = cudaDeviceGetAttribute(&perSm, cudaDevAttrMaxThreadsPerMultiProcessor, device);
  if (e == cudaSuccess)
    e = cudaDeviceGetAttribute(&warp, cudaDevAttrWarpSize, device);
  if (e == cudaSuccess)
    e = cudaDeviceGetAttribute(&devMax, cudaDevAttrMaxThreadsPerBlock, device);
  if (e == cudaSuccess)
    e = cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device);
  cudaFuncAttributes attr;
  if (e == cudaSuccess)
    e = cudaFuncGetAttributes(&attr, func);
  if (e != cudaSuccess)
    return e;
  int limit = blockSizeLimit == 0 ? devMax : blockSizeLimit;
  limit = limit < devMax ? limit : devMax;
  limit = limit < attr.maxThreadsPerBlock ? limit : attr.maxThreadsPerBlock;
  int bestBlock = 0, bestBlocks = 0, bestThreads = 0;
  for (int aligned = (limit + warp - 1) / warp * warp; aligned > 0; aligned -= warp) {
    const int tryBlock = limit < aligned ? limit : aligned;
    int blocks = 0;
    e = cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
        &blocks, func, tryBlock, static_cast<std::size_t>(smemOf(tryBlock)), flags);
    if (e != cudaSuccess)
      return e;
    if (blocks * tryBlock > bestThreads) {
      bestBlock = tryBlock;
      bestBlocks = blocks;
      bestThreads = blocks * tryBlock;
    }
    if (bestThreads == perSm)
      break;
  }
  *minGridSize = bestBlocks * sms;
  *blockSize = bestBlock;
  return cudaSuccess;
}
template <class F, class SmemOfBlockSize>
cudaError_t cudaOccupancyMaxPotentialBlockSizeVariableSMem(int *minGridSize, int *blockSize, F func,
                                                           SmemOfBlockSize smemOf,
                                                           int blockSizeLimit = 0) {
  return cudaOccupancyMaxPotentialBlockSizeVariableSMemWithFlags(minGridSize, blockSize, func,
                                                                 smemOf, blockSizeLimit, 0);
}
namespace warpsim::detail {
struct FixedSmem {
  std::size_t bytes;
  std::size_t operator()(int) const { return bytes; }
};
} // namespace warpsim::detail
template <class F>
cudaError_t cudaOccupancyMaxPotentialBlockSizeWithFlags(int *minGridSize, int *blockSize, F func,
                                                        std::size_t dynamicSmem = 0,
                                                        int blockSizeLimit = 0,
                                                        unsigned int flags = 0) {
  return cudaOccupancyMaxPotentialBlockSizeVariableSMemWithFlags(
      minGridSize, blockSize, func, warpsim::detail::FixedSmem{dynamicSmem}, blockSizeLimit, flags);
}
template <class F>
cudaError_t cudaOccupancyMaxPotentialBlockSize(int *minGridSize, int *blockSize, F func,
                                               std::size_t dynamicSmem = 0,
                                               int blockSizeLimit = 0) {
  return cudaOccupancyMaxPotentialBlockSizeWithFlags(minGridSize, blockSize, func, dynamicSmem,
                                                     blockSizeLimit, 0);
}

// ----------------------------------------------------------- device built-ins
#include "warpsim/builtin_vars.h"

// Synchronisation. Defined in libwarpsim; each takes its call site from its
// own return address.
void __syncthreads(void);
int __syncthreads_count(int predicate);
int __syncthreads_and(int predicate);
int __syncthreads_or(int predicate);
// cooperative_groups::grid_group (a grid barrier exists only in a
// cooperative launch); grid.sync() passes its caller, the user's line.
void warpsim_grid_sync(const void *caller);
// thread_block::sync() likewise (a __syncthreads at the caller's line).
void warpsim_block_sync(const void *caller);
bool warpsim_grid_is_valid(void);
// Thread block clusters: barrier.cluster (op 0 arrive, 1 arrive.relaxed,
// 2 wait; `caller` is the user's call site), mapa / map_shared_rank, getctarank /
// query_shared_rank, and the cluster's shape {x, y, z, explicit}.
void warpsim_cluster_barrier(unsigned op, const void *caller);
void *warpsim_cluster_map_shared(const void *addr, unsigned rank);
unsigned warpsim_cluster_shared_rank(const void *addr);
void warpsim_cluster_shape(unsigned *out);
void __threadfence(void);
void __threadfence_block(void);
void __threadfence_system(void);
void __nanosleep(unsigned int ns);
long long clock64(void); // clock() is the C library's, replaced likewise
// Shared-space addresses are offsets into the calling block's shared memory
// (what PTX .shared instructions and mbarriers in inline PTX take).
std::size_t __cvta_generic_to_shared(const void *p);
void *__cvta_shared_to_generic(std::size_t a);
unsigned int __isShared(const void *p);
unsigned int __isGlobal(const void *p);

// Atomics, with CUDA's overload set: each also as _block (atomic and
// ordering only among the threads of the calling block) and _system (also
// with the host and other devices), as CUDA has them since sm_60.
#define WARPSIM_ATOMIC_SCOPES(R, NAME, PARAMS)                                                     \
  R NAME PARAMS;                                                                                   \
  R NAME##_block PARAMS;                                                                           \
  R NAME##_system PARAMS;
WARPSIM_ATOMIC_SCOPES(int, atomicAdd, (int *address, int val))
WARPSIM_ATOMIC_SCOPES(unsigned int, atomicAdd, (unsigned int *address, unsigned int val))
WARPSIM_ATOMIC_SCOPES(unsigned long long, atomicAdd,
                      (unsigned long long *address, unsigned long long val))
WARPSIM_ATOMIC_SCOPES(float, atomicAdd, (float *address, float val))
WARPSIM_ATOMIC_SCOPES(double, atomicAdd, (double *address, double val))
WARPSIM_ATOMIC_SCOPES(int, atomicSub, (int *address, int val))
WARPSIM_ATOMIC_SCOPES(unsigned int, atomicSub, (unsigned int *address, unsigned int val))
WARPSIM_ATOMIC_SCOPES(int, atomicExch, (int *address, int val))
WARPSIM_ATOMIC_SCOPES(unsigned int, atomicExch, (unsigned int *address, unsigned int val))
WARPSIM_ATOMIC_SCOPES(unsigned long long, atomicExch,
                      (unsigned long long *address, unsigned long long val))
WARPSIM_ATOMIC_SCOPES(float, atomicExch, (float *address, float val))
WARPSIM_ATOMIC_SCOPES(int, atomicMin, (int *address, int val))
WARPSIM_ATOMIC_SCOPES(unsigned int, atomicMin, (unsigned int *address, unsigned int val))
WARPSIM_ATOMIC_SCOPES(long long, atomicMin, (long long *address, long long val))
WARPSIM_ATOMIC_SCOPES(unsigned long long, atomicMin,
                      (unsigned long long *address, unsigned long long val))
WARPSIM_ATOMIC_SCOPES(int, atomicMax, (int *address, int val))
WARPSIM_ATOMIC_SCOPES(unsigned int, atomicMax, (unsigned int *address, unsigned int val))
WARPSIM_ATOMIC_SCOPES(long long, atomicMax, (long long *address, long long val))
WARPSIM_ATOMIC_SCOPES(unsigned long long, atomicMax,
                      (unsigned long long *address, unsigned long long val))
WARPSIM_ATOMIC_SCOPES(unsigned int, atomicInc, (unsigned int *address, unsigned int val))
WARPSIM_ATOMIC_SCOPES(unsigned int, atomicDec, (unsigned int *address, unsigned int val))
WARPSIM_ATOMIC_SCOPES(int, atomicCAS, (int *address, int compare, int val))
WARPSIM_ATOMIC_SCOPES(unsigned int, atomicCAS,
                      (unsigned int *address, unsigned int compare, unsigned int val))
WARPSIM_ATOMIC_SCOPES(unsigned long long, atomicCAS,
                      (unsigned long long *address, unsigned long long compare,
                       unsigned long long val))
WARPSIM_ATOMIC_SCOPES(unsigned short, atomicCAS,
                      (unsigned short *address, unsigned short compare, unsigned short val))
WARPSIM_ATOMIC_SCOPES(int, atomicAnd, (int *address, int val))
WARPSIM_ATOMIC_SCOPES(unsigned int, atomicAnd, (unsigned int *address, unsigned int val))
WARPSIM_ATOMIC_SCOPES(unsigned long long, atomicAnd,
                      (unsigned long long *address, unsigned long long val))
WARPSIM_ATOMIC_SCOPES(int, atomicOr, (int *address, int val))
WARPSIM_ATOMIC_SCOPES(unsigned int, atomicOr, (unsigned int *address, unsigned int val))
WARPSIM_ATOMIC_SCOPES(unsigned long long, atomicOr,
                      (unsigned long long *address, unsigned long long val))
WARPSIM_ATOMIC_SCOPES(int, atomicXor, (int *address, int val))
WARPSIM_ATOMIC_SCOPES(unsigned int, atomicXor, (unsigned int *address, unsigned int val))
WARPSIM_ATOMIC_SCOPES(unsigned long long, atomicXor,
                      (unsigned long long *address, unsigned long long val))
#undef WARPSIM_ATOMIC_SCOPES

#include "warpsim/cache_hints.h"
#include "warpsim/device_math.h"
#include "warpsim/nv_atomic.h"
#include "warpsim/texture_objects.h"
#include "warpsim/warp_intrinsics.h"

// ------------------------------------------------------- not supported (yet)
#define WARPSIM_UNSUPPORTED(what) __attribute__((unavailable(what " is not supported by warpsim")))
template <class T, int dim = 1, cudaTextureReadMode mode = cudaReadModeElementType>
struct WARPSIM_UNSUPPORTED("texture references") texture {};
// Fetches that need mipmapped, cubemap or gather-capable arrays.
template <class T>
WARPSIM_UNSUPPORTED("texture gather (tex2Dgather)")
T tex2Dgather(cudaTextureObject_t, float, float, int = 0);
template <class T>
WARPSIM_UNSUPPORTED("mipmapped texture fetch (tex2DLod)")
T tex2DLod(cudaTextureObject_t, float, float, float);
template <class T>
WARPSIM_UNSUPPORTED("cubemap texture fetch (texCubemap)")
T texCubemap(cudaTextureObject_t, float, float, float);
// The front end rewrites a call whose kernel it can name into
// ::warpsim::launchWithArgs; any other (a kernel reached through a pointer
// variable) returns cudaErrorNotSupported with a warning.
cudaError_t cudaLaunchCooperativeKernel(const void *, dim3, dim3, void **, std::size_t = 0,
                                        cudaStream_t = nullptr);
cudaError_t cudaLaunchKernel(const void *, dim3, dim3, void **, std::size_t = 0,
                             cudaStream_t = nullptr);
// CUDA's typed overloads (`const T *func`): a pointer to a kernel, which
// converts to const void * only explicitly.
template <class... P>
inline cudaError_t cudaLaunchKernel(void (*func)(P...), dim3 grid, dim3 block, void **args,
                                    std::size_t smem = 0, cudaStream_t stream = nullptr) {
  return cudaLaunchKernel(reinterpret_cast<const void *>(func), grid, block, args, smem, stream);
}
template <class... P>
inline cudaError_t cudaLaunchCooperativeKernel(void (*func)(P...), dim3 grid, dim3 block,
                                               void **args, std::size_t smem = 0,
                                               cudaStream_t stream = nullptr) {
  return cudaLaunchCooperativeKernel(reinterpret_cast<const void *>(func), grid, block, args, smem,
                                     stream);
}
// cudaLaunchKernelEx with a kernel the front end can name becomes
// ::warpsim::launchEx; these are what stays (a kernel through a pointer):
// the kernel registered at that address is launched from an argument array
// (sim/runtime/CudaGraphs.cpp), as cudaLaunchKernel's is.
extern "C" cudaError_t warpsim_launch_ex_by_address(const cudaLaunchConfig_t *, const void *,
                                                    void **, const char *call);
template <class... E, class... A>
cudaError_t cudaLaunchKernelEx(const cudaLaunchConfig_t *config, void (*kernel)(E...),
                               A &&...args) {
  static_assert(sizeof...(E) == sizeof...(A),
                "cudaLaunchKernelEx: the arguments must match the kernel's parameters");
  // The arguments converted to the parameters' types, as CUDA's template does.
  auto launchFrom = [&](std::remove_cv_t<std::remove_reference_t<E>>... values) {
    void *argv[] = {&values..., nullptr};
    return warpsim_launch_ex_by_address(config, reinterpret_cast<const void *>(kernel), argv,
                                        "cudaLaunchKernelEx");
  };
  return launchFrom(std::forward<A>(args)...);
}
inline cudaError_t cudaLaunchKernelExC(const cudaLaunchConfig_t *config, const void *kernel,
                                       void **args) {
  return warpsim_launch_ex_by_address(config, kernel, args, "cudaLaunchKernelExC");
}
#undef WARPSIM_UNSUPPORTED
