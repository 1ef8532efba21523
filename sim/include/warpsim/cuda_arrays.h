// CUDA arrays (cuda_runtime_api.h): cudaMallocArray, cudaMalloc3DArray and
// the copies into and out of them. An array is opaque to the program; warpsim
// keeps its texels in a device allocation of its own, row by row with no
// padding (the GPU's tiled layout is invisible through the API), so texture
// fetches and surface accesses read and write them as ordinary global
// accesses that the checkers see.
#pragma once

#include <cstddef>

#include "warpsim/cuda_types.h"

struct cudaChannelFormatDesc;

#define cudaArrayDefault 0x00
#define cudaArrayLayered 0x01
#define cudaArraySurfaceLoadStore 0x02
#define cudaArrayCubemap 0x04
#define cudaArrayTextureGather 0x08
#define cudaArrayColorAttachment 0x20
#define cudaArraySparse 0x40
#define cudaArrayDeferredMapping 0x80

extern "C" {
cudaError_t cudaMallocArray(cudaArray_t *array, const cudaChannelFormatDesc *desc,
                            std::size_t width, std::size_t height = 0, unsigned int flags = 0);
cudaError_t cudaMalloc3DArray(cudaArray_t *array, const cudaChannelFormatDesc *desc,
                              cudaExtent extent, unsigned int flags = 0);
cudaError_t cudaFreeArray(cudaArray_t array);
cudaError_t cudaArrayGetInfo(cudaChannelFormatDesc *desc, cudaExtent *extent, unsigned int *flags,
                             cudaArray_t array);
cudaError_t cudaMemcpy2DToArray(cudaArray_t dst, std::size_t wOffset, std::size_t hOffset,
                                const void *src, std::size_t spitch, std::size_t width,
                                std::size_t height, cudaMemcpyKind kind);
cudaError_t cudaMemcpy2DFromArray(void *dst, std::size_t dpitch, cudaArray_const_t src,
                                  std::size_t wOffset, std::size_t hOffset, std::size_t width,
                                  std::size_t height, cudaMemcpyKind kind);
cudaError_t cudaMemcpy2DToArrayAsync(cudaArray_t dst, std::size_t wOffset, std::size_t hOffset,
                                     const void *src, std::size_t spitch, std::size_t width,
                                     std::size_t height, cudaMemcpyKind kind,
                                     cudaStream_t stream = nullptr);
cudaError_t cudaMemcpy2DFromArrayAsync(void *dst, std::size_t dpitch, cudaArray_const_t src,
                                       std::size_t wOffset, std::size_t hOffset, std::size_t width,
                                       std::size_t height, cudaMemcpyKind kind,
                                       cudaStream_t stream = nullptr);
cudaError_t cudaMemcpy2DArrayToArray(cudaArray_t dst, std::size_t wOffsetDst,
                                     std::size_t hOffsetDst, cudaArray_const_t src,
                                     std::size_t wOffsetSrc, std::size_t hOffsetSrc,
                                     std::size_t width, std::size_t height,
                                     cudaMemcpyKind kind = cudaMemcpyDeviceToDevice);
// The legacy (deprecated in CUDA 12, still declared) forms: `count` bytes
// from (wOffset bytes, hOffset rows) on, continuing on the next rows.
cudaError_t cudaMemcpyToArray(cudaArray_t dst, std::size_t wOffset, std::size_t hOffset,
                              const void *src, std::size_t count, cudaMemcpyKind kind);
cudaError_t cudaMemcpyFromArray(void *dst, cudaArray_const_t src, std::size_t wOffset,
                                std::size_t hOffset, std::size_t count, cudaMemcpyKind kind);
cudaError_t cudaMemcpyToArrayAsync(cudaArray_t dst, std::size_t wOffset, std::size_t hOffset,
                                   const void *src, std::size_t count, cudaMemcpyKind kind,
                                   cudaStream_t stream = nullptr);
cudaError_t cudaMemcpyFromArrayAsync(void *dst, cudaArray_const_t src, std::size_t wOffset,
                                     std::size_t hOffset, std::size_t count, cudaMemcpyKind kind,
                                     cudaStream_t stream = nullptr);
cudaError_t cudaMemcpyArrayToArray(cudaArray_t dst, std::size_t wOffsetDst, std::size_t hOffsetDst,
                                   cudaArray_const_t src, std::size_t wOffsetSrc,
                                   std::size_t hOffsetSrc, std::size_t count,
                                   cudaMemcpyKind kind = cudaMemcpyDeviceToDevice);
}
