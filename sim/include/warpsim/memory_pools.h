// Stream-ordered allocation (cudaMallocAsync / cudaFreeAsync) and memory
// pools, with CUDA 13's types and overloads (driver_types.h, cuda_runtime.h).
// Kernels and copies run when issued (docs/architecture.md), so the stream
// order of an allocation is the program order: an allocation is made, and a
// free is done, when called. Pools keep CUDA's accounting (used and reserved
// bytes, their high-water marks, the release threshold, trimming).
#pragma once

#include <cstddef>

#include "warpsim/cuda_types.h"

typedef struct CUmemPoolHandle_st *cudaMemPool_t;

enum cudaMemPoolAttr {
  cudaMemPoolReuseFollowEventDependencies = 0x1,
  cudaMemPoolReuseAllowOpportunistic = 0x2,
  cudaMemPoolReuseAllowInternalDependencies = 0x3,
  cudaMemPoolAttrReleaseThreshold = 0x4,
  cudaMemPoolAttrReservedMemCurrent = 0x5,
  cudaMemPoolAttrReservedMemHigh = 0x6,
  cudaMemPoolAttrUsedMemCurrent = 0x7,
  cudaMemPoolAttrUsedMemHigh = 0x8
};
enum cudaMemLocationType {
  cudaMemLocationTypeInvalid = 0,
  cudaMemLocationTypeNone = 0,
  cudaMemLocationTypeDevice = 1,
  cudaMemLocationTypeHost = 2,
  cudaMemLocationTypeHostNuma = 3,
  cudaMemLocationTypeHostNumaCurrent = 4
};
struct cudaMemLocation {
  cudaMemLocationType type;
  int id;
};
enum cudaMemAccessFlags {
  cudaMemAccessFlagsProtNone = 0,
  cudaMemAccessFlagsProtRead = 1,
  cudaMemAccessFlagsProtReadWrite = 3
};
struct cudaMemAccessDesc {
  cudaMemLocation location;
  cudaMemAccessFlags flags;
};
enum cudaMemAllocationType {
  cudaMemAllocationTypeInvalid = 0x0,
  cudaMemAllocationTypePinned = 0x1,
  cudaMemAllocationTypeManaged = 0x2,
  cudaMemAllocationTypeMax = 0x7FFFFFFF
};
enum cudaMemAllocationHandleType {
  cudaMemHandleTypeNone = 0x0,
  cudaMemHandleTypePosixFileDescriptor = 0x1,
  cudaMemHandleTypeWin32 = 0x2,
  cudaMemHandleTypeWin32Kmt = 0x4,
  cudaMemHandleTypeFabric = 0x8
};
struct cudaMemPoolProps {
  cudaMemAllocationType allocType;
  cudaMemAllocationHandleType handleTypes;
  cudaMemLocation location;
  void *win32SecurityAttributes;
  std::size_t maxSize;
  unsigned short usage;
  unsigned char reserved[54];
};

extern "C" {
cudaError_t cudaMallocAsync(void **ptr, std::size_t size, cudaStream_t stream);
cudaError_t cudaFreeAsync(void *ptr, cudaStream_t stream);
cudaError_t cudaMallocFromPoolAsync(void **ptr, std::size_t size, cudaMemPool_t pool,
                                    cudaStream_t stream);
cudaError_t cudaDeviceGetDefaultMemPool(cudaMemPool_t *pool, int device);
cudaError_t cudaDeviceGetMemPool(cudaMemPool_t *pool, int device);
cudaError_t cudaDeviceSetMemPool(int device, cudaMemPool_t pool);
cudaError_t cudaMemPoolCreate(cudaMemPool_t *pool, const cudaMemPoolProps *props);
cudaError_t cudaMemPoolDestroy(cudaMemPool_t pool);
cudaError_t cudaMemPoolSetAttribute(cudaMemPool_t pool, cudaMemPoolAttr attr, void *value);
cudaError_t cudaMemPoolGetAttribute(cudaMemPool_t pool, cudaMemPoolAttr attr, void *value);
cudaError_t cudaMemPoolTrimTo(cudaMemPool_t pool, std::size_t minBytesToKeep);
cudaError_t cudaMemPoolSetAccess(cudaMemPool_t pool, const cudaMemAccessDesc *descs,
                                 std::size_t count);
cudaError_t cudaMemPoolGetAccess(cudaMemAccessFlags *flags, cudaMemPool_t pool,
                                 cudaMemLocation *location);
}

inline cudaError_t cudaMallocAsync(void **ptr, std::size_t size, cudaMemPool_t pool,
                                   cudaStream_t stream) {
  return ::cudaMallocFromPoolAsync(ptr, size, pool, stream);
}
template <class T>
cudaError_t cudaMallocAsync(T **ptr, std::size_t size, cudaMemPool_t pool, cudaStream_t stream) {
  return ::cudaMallocFromPoolAsync(reinterpret_cast<void **>(ptr), size, pool, stream);
}
template <class T> cudaError_t cudaMallocAsync(T **ptr, std::size_t size, cudaStream_t stream) {
  return ::cudaMallocAsync(reinterpret_cast<void **>(ptr), size, stream);
}
template <class T>
cudaError_t cudaMallocFromPoolAsync(T **ptr, std::size_t size, cudaMemPool_t pool,
                                    cudaStream_t stream) {
  return ::cudaMallocFromPoolAsync(reinterpret_cast<void **>(ptr), size, pool, stream);
}
