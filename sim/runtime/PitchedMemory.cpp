// Pitched linear memory: cudaMallocPitch / cudaMalloc3D (rows padded to the
// H100's 512-byte pitch), cudaMemcpy2D/3D and cudaMemset2D/3D (and their
// Async forms, which complete before returning like every call here). A
// whole copy is validated before any byte moves; then each row is one host
// write, as the checkers see it. A 3-D copy naming a CUDA array is
// CudaArrays.cpp's.
#include <cstring>

#include <cuda_runtime.h>

#include "CudaArrays.h"
#include "CudaGraphs.h"
#include "HostCopy.h"
#include "Runtime.h"

using namespace warpsim;
using namespace warpsim::sim;

namespace {

Runtime &rt() { return Runtime::get(); }

// cudaMallocPitch's pitch on an H100 (tests/runtime/device_query.h100.txt).
constexpr std::size_t kPitchAlign = 512;
constexpr std::size_t kMaxPitch = 2147483647; // cudaDevAttrMaxPitch

// The bytes a pitched region spans: `rows` rows of `width` bytes, `pitch`
// apart.
std::size_t span(std::size_t pitch, std::size_t width, std::size_t rows) {
  return rows == 0 ? 0 : pitch * (rows - 1) + width;
}

cudaError_t copyRows(char *dst, std::size_t dpitch, const char *src, std::size_t spitch,
                     std::size_t width, std::size_t rows, cudaMemcpyKind kind, const char *what) {
  if (rt().stickyError != cudaSuccess)
    return rt().setError(rt().stickyError);
  if (width == 0 || rows == 0)
    return cudaSuccess;
  if (dpitch < width || spitch < width || dpitch > kMaxPitch || spitch > kMaxPitch)
    return rt().setError(cudaErrorInvalidPitchValue);
  // The region rows overlap when a pitch is smaller than the span of the
  // others; validate both whole spans, then copy row by row.
  if (cudaError_t e = validateCopy(dst, src, span(dpitch, width, rows), kind); e != cudaSuccess)
    return e;
  if (cudaError_t e = validateCopy(dst, src, span(spitch, width, rows), kind); e != cudaSuccess)
    return e;
  for (std::size_t y = 0; y < rows; ++y)
    copyBytes(dst + y * dpitch, src + y * spitch, width, what);
  return cudaSuccess;
}

cudaError_t setRows(char *dst, std::size_t pitch, int value, std::size_t width, std::size_t rows,
                    const char *what) {
  if (rt().stickyError != cudaSuccess)
    return rt().setError(rt().stickyError);
  if (width == 0 || rows == 0)
    return cudaSuccess;
  if (pitch < width)
    return rt().setError(cudaErrorInvalidValue);
  auto a = reinterpret_cast<std::uintptr_t>(dst);
  if (dst == nullptr || !rt().memory.isDeviceRange(a, span(pitch, width, rows)))
    return rt().setError(cudaErrorInvalidValue);
  for (std::size_t y = 0; y < rows; ++y) {
    std::memset(dst + y * pitch, value, width);
    notifyHostWrite(dst + y * pitch, width, what);
  }
  return cudaSuccess;
}

} // namespace

extern "C" {

// `caller`, `api`: the user's call, which a leak report names.
static cudaError_t mallocPitchFrom(void **ptr, std::size_t *pitch, std::size_t width,
                                   std::size_t height, std::uintptr_t caller, const char *api) {
  if (ptr == nullptr || pitch == nullptr)
    return rt().setError(cudaErrorInvalidValue);
  // An empty region has pitch 0, as on the H100.
  const std::size_t p = height == 0 ? 0 : (width + kPitchAlign - 1) / kPitchAlign * kPitchAlign;
  if (p > kMaxPitch)
    return rt().setError(cudaErrorInvalidValue);
  if (cudaError_t e = cudaMalloc(ptr, p * height); e != cudaSuccess)
    return e;
  if (*ptr != nullptr)
    rt().memory.noteCaller(*ptr, caller, api);
  *pitch = p;
  return cudaSuccess;
}

cudaError_t warpsim_malloc_pitch_from(void **ptr, std::size_t *pitch, std::size_t width,
                                      std::size_t height, const void *caller) {
  return mallocPitchFrom(ptr, pitch, width, height, reinterpret_cast<std::uintptr_t>(caller),
                         "cudaMallocPitch");
}

cudaError_t cudaMallocPitch(void **ptr, std::size_t *pitch, std::size_t width, std::size_t height) {
  return mallocPitchFrom(ptr, pitch, width, height,
                         reinterpret_cast<std::uintptr_t>(__builtin_return_address(0)),
                         "cudaMallocPitch");
}

cudaError_t cudaMalloc3D(cudaPitchedPtr *pitched, cudaExtent extent) {
  if (pitched == nullptr)
    return rt().setError(cudaErrorInvalidValue);
  std::size_t pitch = 0;
  void *p = nullptr;
  if (cudaError_t e = mallocPitchFrom(&p, &pitch, extent.width, extent.height * extent.depth,
                                      reinterpret_cast<std::uintptr_t>(__builtin_return_address(0)),
                                      "cudaMalloc3D");
      e != cudaSuccess)
    return e;
  *pitched = make_cudaPitchedPtr(p, pitch, extent.width, extent.height);
  return cudaSuccess;
}

cudaError_t cudaMemcpy2D(void *dst, std::size_t dpitch, const void *src, std::size_t spitch,
                         std::size_t width, std::size_t height, cudaMemcpyKind kind) {
  return copyRows(static_cast<char *>(dst), dpitch, static_cast<const char *>(src), spitch, width,
                  height, kind, "cudaMemcpy2D");
}
cudaError_t cudaMemcpy2DAsync(void *dst, std::size_t dpitch, const void *src, std::size_t spitch,
                              std::size_t width, std::size_t height, cudaMemcpyKind kind,
                              cudaStream_t stream) {
  cudaMemcpy3DParms p{};
  p.srcPtr = make_cudaPitchedPtr(const_cast<void *>(src), spitch, width, height);
  p.dstPtr = make_cudaPitchedPtr(dst, dpitch, width, height);
  p.extent = make_cudaExtent(width, height, 1);
  p.kind = kind;
  if (captureCopy3D(stream, p))
    return cudaSuccess;
  return copyRows(static_cast<char *>(dst), dpitch, static_cast<const char *>(src), spitch, width,
                  height, kind, "cudaMemcpy2DAsync");
}

cudaError_t cudaMemset2D(void *ptr, std::size_t pitch, int value, std::size_t width,
                         std::size_t height) {
  return setRows(static_cast<char *>(ptr), pitch, value, width, height, "cudaMemset2D");
}
cudaError_t cudaMemset2DAsync(void *ptr, std::size_t pitch, int value, std::size_t width,
                              std::size_t height, cudaStream_t stream) {
  if (captureSet(stream, ptr, pitch, value, width, height))
    return cudaSuccess;
  return setRows(static_cast<char *>(ptr), pitch, value, width, height, "cudaMemset2DAsync");
}

static cudaError_t memcpy3D(const cudaMemcpy3DParms *p, const char *what) {
  if (p == nullptr)
    return rt().setError(cudaErrorInvalidValue);
  if (p->srcArray != nullptr || p->dstArray != nullptr)
    return copy3DWithArrays(*p, what);
  const cudaExtent &e = p->extent;
  if (e.width == 0 || e.height == 0 || e.depth == 0)
    return cudaSuccess;
  const cudaPitchedPtr &s = p->srcPtr, &d = p->dstPtr;
  // Rows of a slice are `pitch` apart, slices `pitch * ysize`.
  if (s.ptr == nullptr || d.ptr == nullptr || e.height + p->srcPos.y > s.ysize ||
      e.height + p->dstPos.y > d.ysize || e.width + p->srcPos.x > s.pitch ||
      e.width + p->dstPos.x > d.pitch)
    return rt().setError(cudaErrorInvalidValue);
  const std::size_t sSlice = s.pitch * s.ysize, dSlice = d.pitch * d.ysize;
  auto *src =
      static_cast<const char *>(s.ptr) + p->srcPos.z * sSlice + p->srcPos.y * s.pitch + p->srcPos.x;
  auto *dst =
      static_cast<char *>(d.ptr) + p->dstPos.z * dSlice + p->dstPos.y * d.pitch + p->dstPos.x;
  // Validate the whole box first: depth slices of `height` rows each.
  const std::size_t sSpan = sSlice * (e.depth - 1) + span(s.pitch, e.width, e.height);
  const std::size_t dSpan = dSlice * (e.depth - 1) + span(d.pitch, e.width, e.height);
  if (cudaError_t err = validateCopy(dst, src, dSpan, p->kind); err != cudaSuccess)
    return err;
  if (cudaError_t err = validateCopy(dst, src, sSpan, p->kind); err != cudaSuccess)
    return err;
  for (std::size_t z = 0; z < e.depth; ++z)
    if (cudaError_t err = copyRows(dst + z * dSlice, d.pitch, src + z * sSlice, s.pitch, e.width,
                                   e.height, p->kind, what);
        err != cudaSuccess)
      return err;
  return cudaSuccess;
}

cudaError_t cudaMemcpy3D(const cudaMemcpy3DParms *p) { return memcpy3D(p, "cudaMemcpy3D"); }
cudaError_t cudaMemcpy3DAsync(const cudaMemcpy3DParms *p, cudaStream_t stream) {
  if (p != nullptr && captureCopy3D(stream, *p))
    return cudaSuccess;
  return memcpy3D(p, "cudaMemcpy3DAsync");
}

static cudaError_t memset3D(cudaPitchedPtr p, int value, cudaExtent e, const char *what) {
  if (e.width == 0 || e.height == 0 || e.depth == 0)
    return cudaSuccess;
  if (p.ptr == nullptr || e.height > p.ysize || e.width > p.pitch)
    return rt().setError(cudaErrorInvalidValue);
  const std::size_t slice = p.pitch * p.ysize;
  auto a = reinterpret_cast<std::uintptr_t>(p.ptr);
  if (!rt().memory.isDeviceRange(a, slice * (e.depth - 1) + span(p.pitch, e.width, e.height)))
    return rt().setError(cudaErrorInvalidValue);
  for (std::size_t z = 0; z < e.depth; ++z)
    if (cudaError_t err = setRows(static_cast<char *>(p.ptr) + z * slice, p.pitch, value, e.width,
                                  e.height, what);
        err != cudaSuccess)
      return err;
  return cudaSuccess;
}

cudaError_t cudaMemset3D(cudaPitchedPtr p, int value, cudaExtent e) {
  return memset3D(p, value, e, "cudaMemset3D");
}
cudaError_t cudaMemset3DAsync(cudaPitchedPtr p, int value, cudaExtent e, cudaStream_t stream) {
  if (cudaError_t r = refuseInCapture(stream, "cudaMemset3DAsync"); r != cudaSuccess)
    return r;
  return memset3D(p, value, e, "cudaMemset3DAsync");
}

} // extern "C"
