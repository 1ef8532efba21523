// CUDA arrays: cudaMallocArray / cudaMalloc3DArray (1-D, 2-D, 3-D and
// layered), cudaFreeArray, cudaArrayGetInfo, cudaGetChannelDesc and the
// copies into, out of and between arrays. The texels live in a device
// allocation made as cudaMalloc makes one, rows of width * element size
// bytes with no padding, so copies are host reads and writes of device
// memory and fetches are global loads, all seen by the checkers. A handle
// is never reused: a freed array stays known as freed.
#include "CudaArrays.h"

#include <deque>
#include <mutex>
#include <set>
#include <string>

#include "CudaGraphs.h"
#include "HostCopy.h"
#include "Runtime.h"

using namespace warpsim;
using namespace warpsim::sim;

namespace {

Runtime &rt() { return Runtime::get(); }

struct ArrayTable {
  std::mutex mutex;
  std::deque<cudaArray> arrays; // stable addresses: the handles
  std::set<const cudaArray *> live;
};
ArrayTable &table() {
  static ArrayTable t;
  return t;
}

// One side of a copy: where its first byte is and how rows and slices step.
struct Side {
  char *base;
  std::size_t pitch, slice;
};

// A box of `rows` rows of `width` bytes in each of `slices` slices, all
// validated before any byte moves, then one host write per row.
cudaError_t copyBox(Side dst, Side src, std::size_t width, std::size_t rows, std::size_t slices,
                    cudaMemcpyKind kind, const char *what) {
  if (rt().stickyError != cudaSuccess)
    return rt().setError(rt().stickyError);
  if (width == 0 || rows == 0 || slices == 0)
    return cudaSuccess;
  for (int pass = 0; pass < 2; ++pass)
    for (std::size_t z = 0; z < slices; ++z)
      for (std::size_t y = 0; y < rows; ++y) {
        char *d = dst.base + z * dst.slice + y * dst.pitch;
        const char *s = src.base + z * src.slice + y * src.pitch;
        if (pass == 1)
          copyBytes(d, s, width, what);
        else if (cudaError_t e = validateCopy(d, s, width, kind); e != cudaSuccess)
          return e;
      }
  return cudaSuccess;
}

// The array side of a copy at (x bytes, y, z) spanning the box, or false
// when the box does not fit in the array.
bool arraySide(const cudaArray &a, std::size_t x, std::size_t y, std::size_t z, std::size_t width,
               std::size_t rows, std::size_t slices, Side &out) {
  if (x + width > a.width * a.elemSize || y + rows > a.height || z + slices > a.depth)
    return false;
  out = {static_cast<char *>(a.data) + z * a.slicePitch + y * a.pitch + x, a.pitch, a.slicePitch};
  return true;
}

// The legacy copies' bytes: `count` from (x bytes, row y) on, rows being
// contiguous in warpsim's layout; false past the array's end.
bool linearSide(const cudaArray &a, std::size_t x, std::size_t y, std::size_t count, Side &out) {
  const std::size_t at = y * a.pitch + x;
  if (x > a.pitch || at + count > a.slicePitch * a.depth)
    return false;
  out = {static_cast<char *>(a.data) + at, 0, 0};
  return true;
}

cudaError_t mallocArray(cudaArray_t *array, const cudaChannelFormatDesc *desc, cudaExtent e,
                        unsigned flags, const char *call) {
  if (array == nullptr || desc == nullptr)
    return rt().setError(cudaErrorInvalidValue);
  if (rt().stickyError != cudaSuccess)
    return rt().setError(rt().stickyError);
  int channels = 0;
  if (desc->f == cudaChannelFormatKindFloat && desc->x == 16)
    return rt().unsupported((std::string(call) + " with half-float channels").c_str());
  if (!channelsSupported(*desc, channels))
    return rt().unsupported((std::string(call) + " with this channel format").c_str(),
                            "1, 2 or 4 equal channels of 8/16/32-bit integers or 32-bit floats "
                            "are supported");
  if (flags & cudaArrayCubemap)
    return rt().unsupported((std::string(call) + " with cudaArrayCubemap").c_str());
  if (flags & (cudaArraySparse | cudaArrayDeferredMapping | cudaArrayColorAttachment))
    return rt().unsupported(
        (std::string(call) + " with cudaArraySparse/DeferredMapping/ColorAttachment").c_str());
  if (flags & ~unsigned(cudaArrayLayered | cudaArraySurfaceLoadStore | cudaArrayTextureGather))
    return rt().setError(cudaErrorInvalidValue);
  const bool layered = (flags & cudaArrayLayered) != 0;
  int dims = 0;
  if (layered)
    dims = e.height == 0 ? 1 : 2;
  else
    dims = e.height == 0 ? 1 : (e.depth == 0 ? 2 : 3);
  // The H100's limits (cudaDevAttrMaxTexture*, device_query.h100.txt).
  const std::size_t maxW = layered ? 32768 : (dims == 3 ? 16384 : 131072);
  const std::size_t maxH = layered ? 32768 : (dims == 3 ? 16384 : 65536);
  const std::size_t maxD = layered ? 2048 : 16384;
  if (e.width == 0 || e.width > maxW || e.height > maxH || e.depth > maxD ||
      (dims == 1 && !layered && e.depth != 0) || (layered && e.depth == 0))
    return rt().setError(cudaErrorInvalidValue);
  cudaArray a;
  a.desc = *desc;
  a.extent = e;
  a.flags = flags;
  a.dims = dims;
  a.layered = layered;
  a.elemSize = static_cast<unsigned>(desc->x / 8 * channels);
  a.width = e.width;
  a.height = e.height == 0 ? 1 : e.height;
  a.depth = e.depth == 0 ? 1 : e.depth;
  a.pitch = a.width * a.elemSize;
  a.slicePitch = a.pitch * a.height;
  if (cudaError_t err = cudaMalloc(&a.data, a.slicePitch * a.depth); err != cudaSuccess)
    return err;
  ArrayTable &t = table();
  std::lock_guard<std::mutex> lock(t.mutex);
  a.id = static_cast<unsigned>(t.arrays.size() + 1);
  cudaArray &kept = t.arrays.emplace_back(a);
  t.live.insert(&kept);
  *array = &kept;
  return cudaSuccess;
}

} // namespace

namespace warpsim::sim {

const cudaArray *findArray(const void *a) {
  ArrayTable &t = table();
  std::lock_guard<std::mutex> lock(t.mutex);
  auto it = t.live.find(static_cast<const cudaArray *>(a));
  return it == t.live.end() ? nullptr : *it;
}

bool channelsSupported(const cudaChannelFormatDesc &d, int &count) {
  const int c[4] = {d.x, d.y, d.z, d.w};
  count = 0;
  for (int i = 0; i < 4; ++i)
    if (c[i] != 0) {
      if (i != count || c[i] != d.x)
        return false;
      ++count;
    }
  if (count == 0 || count == 3)
    return false;
  if (d.f == cudaChannelFormatKindFloat)
    return d.x == 32;
  if (d.f == cudaChannelFormatKindSigned || d.f == cudaChannelFormatKindUnsigned)
    return d.x == 8 || d.x == 16 || d.x == 32;
  return false;
}

cudaError_t copy3DWithArrays(const cudaMemcpy3DParms &p, const char *what) {
  const cudaArray *sa = p.srcArray != nullptr ? findArray(p.srcArray) : nullptr;
  const cudaArray *da = p.dstArray != nullptr ? findArray(p.dstArray) : nullptr;
  if ((p.srcArray != nullptr && sa == nullptr) || (p.dstArray != nullptr && da == nullptr) ||
      (sa != nullptr && da != nullptr && sa->elemSize != da->elemSize))
    return rt().setError(cudaErrorInvalidValue);
  if (rt().stickyError != cudaSuccess)
    return rt().setError(rt().stickyError);
  const cudaExtent &e = p.extent;
  if (e.width == 0 || e.height == 0 || e.depth == 0)
    return cudaSuccess;
  // With an array involved the extent and the array's position count
  // elements; a pointer's position counts bytes in x.
  const std::size_t elem = sa != nullptr ? sa->elemSize : da->elemSize;
  const std::size_t width = e.width * elem;
  auto side = [&](const cudaArray *a, const cudaPos &pos, const cudaPitchedPtr &ptr, Side &out) {
    if (a != nullptr)
      return arraySide(*a, pos.x * elem, pos.y, pos.z, width, e.height, e.depth, out);
    if (ptr.ptr == nullptr || pos.x + width > ptr.pitch || pos.y + e.height > ptr.ysize)
      return false;
    const std::size_t slice = ptr.pitch * ptr.ysize;
    out = {static_cast<char *>(ptr.ptr) + pos.z * slice + pos.y * ptr.pitch + pos.x, ptr.pitch,
           slice};
    return true;
  };
  Side src{}, dst{};
  if (!side(sa, p.srcPos, p.srcPtr, src) || !side(da, p.dstPos, p.dstPtr, dst))
    return rt().setError(cudaErrorInvalidValue);
  return copyBox(dst, src, width, e.height, e.depth, p.kind, what);
}

} // namespace warpsim::sim

namespace {

// A 2-D copy with an array on one or both sides, as the 3-D copy it is
// (byte offsets and widths must be whole elements).
bool params2D(const cudaArray *a, std::size_t &wOffset, std::size_t &width) {
  if (a == nullptr || wOffset % a->elemSize != 0 || width % a->elemSize != 0)
    return false;
  wOffset /= a->elemSize;
  width /= a->elemSize;
  return true;
}

cudaError_t copy2D(cudaArray_t dstA, std::size_t dx, std::size_t dy, void *dst, std::size_t dpitch,
                   cudaArray_const_t srcA, std::size_t sx, std::size_t sy, const void *src,
                   std::size_t spitch, std::size_t width, std::size_t height, cudaMemcpyKind kind,
                   cudaStream_t stream, bool async, const char *what) {
  const cudaArray *sa = srcA != nullptr ? findArray(srcA) : nullptr;
  const cudaArray *da = dstA != nullptr ? findArray(dstA) : nullptr;
  if ((srcA != nullptr && sa == nullptr) || (dstA != nullptr && da == nullptr))
    return rt().setError(cudaErrorInvalidValue);
  if ((dst != nullptr && dpitch < width) || (src != nullptr && spitch < width))
    return rt().setError(cudaErrorInvalidPitchValue);
  std::size_t w = width, elemWidth = width;
  if (sa != nullptr && !params2D(sa, sx, w))
    return rt().setError(cudaErrorInvalidValue);
  if (da != nullptr && !params2D(da, dx, elemWidth))
    return rt().setError(cudaErrorInvalidValue);
  cudaMemcpy3DParms p{};
  p.srcArray = const_cast<cudaArray_t>(srcA);
  p.dstArray = dstA;
  p.srcPos = make_cudaPos(sx, sy, 0);
  p.dstPos = make_cudaPos(dx, dy, 0);
  if (src != nullptr)
    p.srcPtr = make_cudaPitchedPtr(const_cast<void *>(src), spitch, width, height + sy);
  if (dst != nullptr)
    p.dstPtr = make_cudaPitchedPtr(dst, dpitch, width, height + dy);
  p.extent = make_cudaExtent(sa != nullptr ? w : elemWidth, height, 1);
  p.kind = kind;
  if (async && captureCopy3D(stream, p))
    return cudaSuccess;
  return copy3DWithArrays(p, what);
}

cudaError_t copyLinear(cudaArray_t dstA, std::size_t dx, std::size_t dy, void *dst,
                       cudaArray_const_t srcA, std::size_t sx, std::size_t sy, const void *src,
                       std::size_t count, cudaMemcpyKind kind, const char *what) {
  const cudaArray *sa = srcA != nullptr ? findArray(srcA) : nullptr;
  const cudaArray *da = dstA != nullptr ? findArray(dstA) : nullptr;
  if ((srcA != nullptr && sa == nullptr) || (dstA != nullptr && da == nullptr))
    return rt().setError(cudaErrorInvalidValue);
  Side s{const_cast<char *>(static_cast<const char *>(src)), 0, 0};
  Side d{static_cast<char *>(dst), 0, 0};
  if ((sa != nullptr && !linearSide(*sa, sx, sy, count, s)) ||
      (da != nullptr && !linearSide(*da, dx, dy, count, d)))
    return rt().setError(cudaErrorInvalidValue);
  return copyBox(d, s, count, 1, 1, kind, what);
}

} // namespace

extern "C" {

cudaError_t cudaMallocArray(cudaArray_t *array, const cudaChannelFormatDesc *desc,
                            std::size_t width, std::size_t height, unsigned int flags) {
  return mallocArray(array, desc, make_cudaExtent(width, height, 0), flags, "cudaMallocArray");
}

cudaError_t cudaMalloc3DArray(cudaArray_t *array, const cudaChannelFormatDesc *desc,
                              cudaExtent extent, unsigned int flags) {
  return mallocArray(array, desc, extent, flags, "cudaMalloc3DArray");
}

cudaError_t cudaFreeArray(cudaArray_t array) {
  if (array == nullptr)
    return cudaSuccess;
  void *data = nullptr;
  {
    ArrayTable &t = table();
    std::lock_guard<std::mutex> lock(t.mutex);
    auto it = t.live.find(array);
    if (it == t.live.end())
      return rt().setError(cudaErrorInvalidValue);
    data = (*it)->data;
    t.live.erase(it);
  }
  return cudaFree(data);
}

cudaError_t cudaArrayGetInfo(cudaChannelFormatDesc *desc, cudaExtent *extent, unsigned int *flags,
                             cudaArray_t array) {
  const cudaArray *a = findArray(array);
  if (a == nullptr)
    return rt().setError(cudaErrorInvalidValue);
  if (desc != nullptr)
    *desc = a->desc;
  if (extent != nullptr)
    *extent = a->extent;
  if (flags != nullptr)
    *flags = a->flags;
  return cudaSuccess;
}

cudaError_t cudaGetChannelDesc(cudaChannelFormatDesc *desc, cudaArray_const_t array) {
  const cudaArray *a = findArray(array);
  if (a == nullptr || desc == nullptr)
    return rt().setError(cudaErrorInvalidValue);
  *desc = a->desc;
  return cudaSuccess;
}

cudaError_t cudaMemcpy2DToArray(cudaArray_t dst, std::size_t wOffset, std::size_t hOffset,
                                const void *src, std::size_t spitch, std::size_t width,
                                std::size_t height, cudaMemcpyKind kind) {
  return copy2D(dst, wOffset, hOffset, nullptr, 0, nullptr, 0, 0, src, spitch, width, height, kind,
                nullptr, false, "cudaMemcpy2DToArray");
}
cudaError_t cudaMemcpy2DToArrayAsync(cudaArray_t dst, std::size_t wOffset, std::size_t hOffset,
                                     const void *src, std::size_t spitch, std::size_t width,
                                     std::size_t height, cudaMemcpyKind kind, cudaStream_t stream) {
  return copy2D(dst, wOffset, hOffset, nullptr, 0, nullptr, 0, 0, src, spitch, width, height, kind,
                stream, true, "cudaMemcpy2DToArrayAsync");
}
cudaError_t cudaMemcpy2DFromArray(void *dst, std::size_t dpitch, cudaArray_const_t src,
                                  std::size_t wOffset, std::size_t hOffset, std::size_t width,
                                  std::size_t height, cudaMemcpyKind kind) {
  return copy2D(nullptr, 0, 0, dst, dpitch, src, wOffset, hOffset, nullptr, 0, width, height, kind,
                nullptr, false, "cudaMemcpy2DFromArray");
}
cudaError_t cudaMemcpy2DFromArrayAsync(void *dst, std::size_t dpitch, cudaArray_const_t src,
                                       std::size_t wOffset, std::size_t hOffset, std::size_t width,
                                       std::size_t height, cudaMemcpyKind kind,
                                       cudaStream_t stream) {
  return copy2D(nullptr, 0, 0, dst, dpitch, src, wOffset, hOffset, nullptr, 0, width, height, kind,
                stream, true, "cudaMemcpy2DFromArrayAsync");
}
cudaError_t cudaMemcpy2DArrayToArray(cudaArray_t dst, std::size_t wOffsetDst,
                                     std::size_t hOffsetDst, cudaArray_const_t src,
                                     std::size_t wOffsetSrc, std::size_t hOffsetSrc,
                                     std::size_t width, std::size_t height, cudaMemcpyKind kind) {
  return copy2D(dst, wOffsetDst, hOffsetDst, nullptr, 0, src, wOffsetSrc, hOffsetSrc, nullptr, 0,
                width, height, kind, nullptr, false, "cudaMemcpy2DArrayToArray");
}

cudaError_t cudaMemcpyToArray(cudaArray_t dst, std::size_t wOffset, std::size_t hOffset,
                              const void *src, std::size_t count, cudaMemcpyKind kind) {
  return copyLinear(dst, wOffset, hOffset, nullptr, nullptr, 0, 0, src, count, kind,
                    "cudaMemcpyToArray");
}
cudaError_t cudaMemcpyFromArray(void *dst, cudaArray_const_t src, std::size_t wOffset,
                                std::size_t hOffset, std::size_t count, cudaMemcpyKind kind) {
  return copyLinear(nullptr, 0, 0, dst, src, wOffset, hOffset, nullptr, count, kind,
                    "cudaMemcpyFromArray");
}
cudaError_t cudaMemcpyToArrayAsync(cudaArray_t dst, std::size_t wOffset, std::size_t hOffset,
                                   const void *src, std::size_t count, cudaMemcpyKind kind,
                                   cudaStream_t stream) {
  if (cudaError_t r = refuseInCapture(stream, "cudaMemcpyToArrayAsync"); r != cudaSuccess)
    return r;
  return copyLinear(dst, wOffset, hOffset, nullptr, nullptr, 0, 0, src, count, kind,
                    "cudaMemcpyToArrayAsync");
}
cudaError_t cudaMemcpyFromArrayAsync(void *dst, cudaArray_const_t src, std::size_t wOffset,
                                     std::size_t hOffset, std::size_t count, cudaMemcpyKind kind,
                                     cudaStream_t stream) {
  if (cudaError_t r = refuseInCapture(stream, "cudaMemcpyFromArrayAsync"); r != cudaSuccess)
    return r;
  return copyLinear(nullptr, 0, 0, dst, src, wOffset, hOffset, nullptr, count, kind,
                    "cudaMemcpyFromArrayAsync");
}
cudaError_t cudaMemcpyArrayToArray(cudaArray_t dst, std::size_t wOffsetDst, std::size_t hOffsetDst,
                                   cudaArray_const_t src, std::size_t wOffsetSrc,
                                   std::size_t hOffsetSrc, std::size_t count, cudaMemcpyKind kind) {
  return copyLinear(dst, wOffsetDst, hOffsetDst, nullptr, src, wOffsetSrc, hOffsetSrc, nullptr,
                    count, kind, "cudaMemcpyArrayToArray");
}

} // extern "C"
