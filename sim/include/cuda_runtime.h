// warpsim's CUDA runtime header: what a .cu file sees instead of the CUDA
// toolkit's. Host API calls and device built-ins resolve to libwarpsim.
#pragma once

#include <cstddef>
#include <cstdint>

#include "warpsim/cuda_keywords.h"
#include "warpsim/cuda_types.h"
#include "warpsim/frontend_abi.h"

// ---------------------------------------------------------------- host API
extern "C" {
cudaError_t cudaMalloc(void **ptr, std::size_t size);
cudaError_t cudaMallocManaged(void **ptr, std::size_t size,
                              unsigned int flags = cudaMemAttachGlobal);
cudaError_t cudaMallocHost(void **ptr, std::size_t size);
cudaError_t cudaHostAlloc(void **ptr, std::size_t size, unsigned int flags);
cudaError_t cudaFree(void *ptr);
cudaError_t cudaFreeHost(void *ptr);
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
cudaError_t cudaRuntimeGetVersion(int *version);
cudaError_t cudaDriverGetVersion(int *version);

cudaError_t cudaStreamCreate(cudaStream_t *stream);
cudaError_t cudaStreamCreateWithFlags(cudaStream_t *stream, unsigned int flags);
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
}

template <class T> cudaError_t cudaMalloc(T **ptr, std::size_t size) {
  return cudaMalloc(reinterpret_cast<void **>(ptr), size);
}
template <class T>
cudaError_t cudaMallocManaged(T **ptr, std::size_t size, unsigned int flags = cudaMemAttachGlobal) {
  return cudaMallocManaged(reinterpret_cast<void **>(ptr), size, flags);
}
template <class T> cudaError_t cudaMallocHost(T **ptr, std::size_t size) {
  return cudaMallocHost(reinterpret_cast<void **>(ptr), size);
}
template <class T>
cudaError_t cudaMemcpyToSymbol(const T &symbol, const void *src, std::size_t count,
                               std::size_t offset = 0,
                               cudaMemcpyKind kind = cudaMemcpyHostToDevice) {
  return cudaMemcpyToSymbol_impl(&symbol, src, count, offset, kind);
}
template <class T>
cudaError_t
cudaMemcpyToSymbolAsync(const T &symbol, const void *src, std::size_t count, std::size_t offset = 0,
                        cudaMemcpyKind kind = cudaMemcpyHostToDevice, cudaStream_t = nullptr) {
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

// ----------------------------------------------------------- device built-ins
#include "warpsim/builtin_vars.h"

// Synchronisation. Defined in libwarpsim; each takes its call site from its
// own return address.
void __syncthreads(void);
int __syncthreads_count(int predicate);
int __syncthreads_and(int predicate);
int __syncthreads_or(int predicate);
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

#include "warpsim/device_math.h"
#include "warpsim/warp_intrinsics.h"

// ------------------------------------------------------- not supported (yet)
#define WARPSIM_UNSUPPORTED(what) __attribute__((unavailable(what " is not supported by warpsim")))
template <class T, int dim = 1, int mode = 0>
struct WARPSIM_UNSUPPORTED("texture references") texture {};
typedef unsigned long long cudaTextureObject_t;
typedef unsigned long long cudaSurfaceObject_t;
template <class T>
WARPSIM_UNSUPPORTED("texture fetch (tex1Dfetch)")
T tex1Dfetch(cudaTextureObject_t, int);
template <class T> WARPSIM_UNSUPPORTED("texture fetch (tex1D)") T tex1D(cudaTextureObject_t, float);
template <class T>
WARPSIM_UNSUPPORTED("texture fetch (tex2D)")
T tex2D(cudaTextureObject_t, float, float);
template <class T>
WARPSIM_UNSUPPORTED("texture fetch (tex3D)")
T tex3D(cudaTextureObject_t, float, float, float);
template <class T>
WARPSIM_UNSUPPORTED("surface write (surf2Dwrite)")
void surf2Dwrite(T, cudaSurfaceObject_t, int, int);
template <class T>
WARPSIM_UNSUPPORTED("surface read (surf2Dread)")
T surf2Dread(cudaSurfaceObject_t, int, int);
struct cudaResourceDesc;
struct cudaTextureDesc;
struct cudaResourceViewDesc;
WARPSIM_UNSUPPORTED("texture objects (cudaCreateTextureObject)")
cudaError_t cudaCreateTextureObject(cudaTextureObject_t *, const cudaResourceDesc *,
                                    const cudaTextureDesc *, const cudaResourceViewDesc *);
WARPSIM_UNSUPPORTED("cooperative launch (cudaLaunchCooperativeKernel)")
cudaError_t cudaLaunchCooperativeKernel(const void *, dim3, dim3, void **, std::size_t = 0,
                                        cudaStream_t = nullptr);
WARPSIM_UNSUPPORTED("cudaLaunchKernel (use the <<<...>>> syntax)")
cudaError_t cudaLaunchKernel(const void *, dim3, dim3, void **, std::size_t = 0,
                             cudaStream_t = nullptr);
WARPSIM_UNSUPPORTED("CUDA graphs") cudaError_t cudaStreamBeginCapture(cudaStream_t, int);
WARPSIM_UNSUPPORTED("CUDA graphs") cudaError_t cudaGraphLaunch(void *, cudaStream_t);
#undef WARPSIM_UNSUPPORTED
