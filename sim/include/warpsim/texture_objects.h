// Texture objects (texture_types.h, channel_descriptor.h, texture_indirect_
// functions.h): cudaCreateTextureObject over linear and pitch-2D device
// memory, tex1Dfetch and tex2D. A texture object is a handle to a
// descriptor the runtime keeps; a fetch copies the descriptor into the
// lane's frame, computes the texel addresses here and loads them as
// ordinary global loads, so the race detector and the memory checker see
// every texel read at the user's line (these functions are inlined and
// carry no debug location of their own). What is not implemented yet (CUDA
// arrays, tex1D/tex3D, surfaces, layered/mipmapped textures, sRGB,
// anisotropy, non-zero border colours) is refused by name when the object
// is created or the program compiled.
#pragma once

#include <cstddef>
#include <cstring>
#include <type_traits>

#include "warpsim/cuda_types.h"
#include "warpsim/vector_types.h"

typedef unsigned long long cudaTextureObject_t;
typedef struct cudaMipmappedArray *cudaMipmappedArray_t;

enum cudaChannelFormatKind {
  cudaChannelFormatKindSigned = 0,
  cudaChannelFormatKindUnsigned = 1,
  cudaChannelFormatKindFloat = 2,
  cudaChannelFormatKindNone = 3
};
struct cudaChannelFormatDesc {
  int x, y, z, w;
  cudaChannelFormatKind f;
};
enum cudaResourceType {
  cudaResourceTypeArray = 0x00,
  cudaResourceTypeMipmappedArray = 0x01,
  cudaResourceTypeLinear = 0x02,
  cudaResourceTypePitch2D = 0x03
};
struct cudaResourceDesc {
  cudaResourceType resType;
  union {
    struct {
      cudaArray_t array;
    } array;
    struct {
      cudaMipmappedArray_t mipmap;
    } mipmap;
    struct {
      void *devPtr;
      cudaChannelFormatDesc desc;
      std::size_t sizeInBytes;
    } linear;
    struct {
      void *devPtr;
      cudaChannelFormatDesc desc;
      std::size_t width;
      std::size_t height;
      std::size_t pitchInBytes;
    } pitch2D;
  } res;
  unsigned int flags;
};
struct cudaResourceViewDesc; // resource views need CUDA arrays: refused
enum cudaTextureAddressMode {
  cudaAddressModeWrap = 0,
  cudaAddressModeClamp = 1,
  cudaAddressModeMirror = 2,
  cudaAddressModeBorder = 3
};
enum cudaTextureFilterMode { cudaFilterModePoint = 0, cudaFilterModeLinear = 1 };
enum cudaTextureReadMode { cudaReadModeElementType = 0, cudaReadModeNormalizedFloat = 1 };
struct cudaTextureDesc {
  cudaTextureAddressMode addressMode[3];
  cudaTextureFilterMode filterMode;
  cudaTextureReadMode readMode;
  int sRGB;
  float borderColor[4];
  int normalizedCoords;
  unsigned int maxAnisotropy;
  cudaTextureFilterMode mipmapFilterMode;
  float mipmapLevelBias;
  float minMipmapLevelClamp;
  float maxMipmapLevelClamp;
  int disableTrilinearOptimization;
  int seamlessCubemap;
};

extern "C" {
cudaError_t cudaCreateTextureObject(cudaTextureObject_t *texObject, const cudaResourceDesc *resDesc,
                                    const cudaTextureDesc *texDesc,
                                    const cudaResourceViewDesc *resViewDesc);
cudaError_t cudaDestroyTextureObject(cudaTextureObject_t texObject);
cudaError_t cudaGetTextureObjectResourceDesc(cudaResourceDesc *resDesc,
                                             cudaTextureObject_t texObject);
cudaError_t cudaGetTextureObjectTextureDesc(cudaTextureDesc *texDesc,
                                            cudaTextureObject_t texObject);
cudaError_t cudaGetChannelDesc(cudaChannelFormatDesc *desc, cudaArray_const_t array);
}

inline cudaChannelFormatDesc cudaCreateChannelDesc(int x, int y, int z, int w,
                                                   cudaChannelFormatKind f) {
  return {x, y, z, w, f};
}

namespace warpsim::texture {
template <class T> struct Channels;
#define WARPSIM_CHANNELS(T, E, N, K)                                                               \
  template <> struct Channels<T> {                                                                 \
    static constexpr int bits = 8 * static_cast<int>(sizeof(E));                                   \
    static constexpr int count = N;                                                                \
    static constexpr cudaChannelFormatKind kind = K;                                               \
  };
#define WARPSIM_CHANNELS4(T, E, K)                                                                 \
  WARPSIM_CHANNELS(T, E, 1, K)                                                                     \
  WARPSIM_CHANNELS(T##1, E, 1, K)                                                                  \
  WARPSIM_CHANNELS(T##2, E, 2, K) WARPSIM_CHANNELS(T##4, E, 4, K)
WARPSIM_CHANNELS(char, char, 1,
                 static_cast<char>(-1) < 0 ? cudaChannelFormatKindSigned
                                           : cudaChannelFormatKindUnsigned)
WARPSIM_CHANNELS(signed char, signed char, 1, cudaChannelFormatKindSigned)
WARPSIM_CHANNELS(char1, signed char, 1, cudaChannelFormatKindSigned)
WARPSIM_CHANNELS(char2, signed char, 2, cudaChannelFormatKindSigned)
WARPSIM_CHANNELS(char4, signed char, 4, cudaChannelFormatKindSigned)
WARPSIM_CHANNELS(unsigned char, unsigned char, 1, cudaChannelFormatKindUnsigned)
WARPSIM_CHANNELS(uchar1, unsigned char, 1, cudaChannelFormatKindUnsigned)
WARPSIM_CHANNELS(uchar2, unsigned char, 2, cudaChannelFormatKindUnsigned)
WARPSIM_CHANNELS(uchar4, unsigned char, 4, cudaChannelFormatKindUnsigned)
WARPSIM_CHANNELS4(short, short, cudaChannelFormatKindSigned)
WARPSIM_CHANNELS(unsigned short, unsigned short, 1, cudaChannelFormatKindUnsigned)
WARPSIM_CHANNELS(ushort1, unsigned short, 1, cudaChannelFormatKindUnsigned)
WARPSIM_CHANNELS(ushort2, unsigned short, 2, cudaChannelFormatKindUnsigned)
WARPSIM_CHANNELS(ushort4, unsigned short, 4, cudaChannelFormatKindUnsigned)
WARPSIM_CHANNELS4(int, int, cudaChannelFormatKindSigned)
WARPSIM_CHANNELS(unsigned int, unsigned int, 1, cudaChannelFormatKindUnsigned)
WARPSIM_CHANNELS(uint1, unsigned int, 1, cudaChannelFormatKindUnsigned)
WARPSIM_CHANNELS(uint2, unsigned int, 2, cudaChannelFormatKindUnsigned)
WARPSIM_CHANNELS(uint4, unsigned int, 4, cudaChannelFormatKindUnsigned)
WARPSIM_CHANNELS4(float, float, cudaChannelFormatKindFloat)
#undef WARPSIM_CHANNELS4
#undef WARPSIM_CHANNELS
} // namespace warpsim::texture

template <class T> cudaChannelFormatDesc cudaCreateChannelDesc() {
  using C = warpsim::texture::Channels<T>;
  const int b = C::bits;
  return {b, C::count > 1 ? b : 0, C::count > 2 ? b : 0, C::count > 3 ? b : 0, C::kind};
}

// ------------------------------------------------------------ device side
// What a fetch needs of a texture object; filled by the runtime into the
// caller's frame (local memory), so reading it is no global access.
struct warpsim_texture_view {
  const char *base;
  unsigned long long width, height, pitch; // texels, rows, bytes per row
  unsigned elemSize;                       // bytes per texel
  int channelBits;                         // bits of the first channel
  int kind;                                // cudaChannelFormatKind
  int resType;                             // cudaResourceType
  int addressMode[2];
  int filterMode;
  int readMode;
  int normalizedCoords;
};
extern "C" void warpsim_texture_view_of(unsigned long long obj, warpsim_texture_view *out,
                                        const char *fetch);
// Ends the launch with a finding naming the misuse (a fetch type whose size
// is not the texel's, a fetch the resource cannot serve).
extern "C" [[noreturn]] void warpsim_texture_misuse(const char *what);

namespace warpsim::texture {

#define WARPSIM_TEX_ATTRS static inline __attribute__((always_inline, nodebug))

// A texel coordinate after the address mode; -1 for a border texel.
WARPSIM_TEX_ATTRS long long addressed(long long i, long long n, int mode) {
  switch (mode) {
  case cudaAddressModeWrap: {
    long long m = i % n;
    return m < 0 ? m + n : m;
  }
  case cudaAddressModeMirror: {
    long long m = i % (2 * n);
    if (m < 0)
      m += 2 * n;
    return m < n ? m : 2 * n - 1 - m;
  }
  case cudaAddressModeBorder:
    return i < 0 || i >= n ? -1 : i;
  default:
    return i < 0 ? 0 : (i >= n ? n - 1 : i);
  }
}

// One channel of a texel, as a float in cudaReadModeNormalizedFloat (8- and
// 16-bit integers map to [0,1] or [-1,1]) or as a float texel's value.
WARPSIM_TEX_ATTRS float channelAsFloat(const warpsim_texture_view &v, const char *p) {
  if (v.kind == cudaChannelFormatKindFloat)
    return *reinterpret_cast<const float *>(p);
  if (v.kind == cudaChannelFormatKindUnsigned)
    return v.channelBits == 8 ? *reinterpret_cast<const unsigned char *>(p) / 255.0f
                              : *reinterpret_cast<const unsigned short *>(p) / 65535.0f;
  float f = v.channelBits == 8 ? *reinterpret_cast<const signed char *>(p) / 127.0f
                               : *reinterpret_cast<const short *>(p) / 32767.0f;
  return f < -1.0f ? -1.0f : f;
}

// The texel at (x, y) as T: the texel itself in element-type mode, its
// channel(s) converted in normalised-float mode; zero for a border texel.
template <class T>
WARPSIM_TEX_ATTRS T texel(const warpsim_texture_view &v, long long x, long long y) {
  T out;
  std::memset(&out, 0, sizeof out);
  if (x < 0 || y < 0)
    return out;
  const char *p = v.base + y * v.pitch + x * v.elemSize;
  if (v.readMode == cudaReadModeElementType || v.kind == cudaChannelFormatKindFloat) {
    if (sizeof(T) != v.elemSize)
      warpsim_texture_misuse("a texture fetch whose type's size is not the texel's");
    return *reinterpret_cast<const T *>(p);
  }
  constexpr int n = sizeof(T) / sizeof(float);
  const int stride = v.channelBits / 8;
  if (!std::is_floating_point_v<T> && !std::is_class_v<T>)
    warpsim_texture_misuse("a normalised-float texture fetched as a non-float type");
  if (static_cast<unsigned>(n * stride) != v.elemSize)
    warpsim_texture_misuse("a texture fetch whose channel count is not the texel's");
  float f[4];
  for (int c = 0; c < n; ++c)
    f[c] = channelAsFloat(v, p + c * stride);
  std::memcpy(&out, f, sizeof out);
  return out;
}

// Linear filtering's weights: 9-bit fixed point with 8 fractional bits, as
// the CUDA programming guide's "Texture Fetching" appendix documents.
WARPSIM_TEX_ATTRS float fixedWeight(float frac) {
  return static_cast<float>(static_cast<int>(frac * 256.0f + 0.5f)) / 256.0f;
}

template <class T> WARPSIM_TEX_ATTRS void axpy(T &acc, float w, const T &t) {
  constexpr int n = sizeof(T) / sizeof(float);
  float a[4], b[4];
  std::memcpy(a, &acc, sizeof(T));
  std::memcpy(b, &t, sizeof(T));
  for (int c = 0; c < n; ++c)
    a[c] += w * b[c];
  std::memcpy(&acc, a, sizeof(T));
}

template <class T> WARPSIM_TEX_ATTRS T fetch2D(const warpsim_texture_view &v, float x, float y) {
  const long long w = static_cast<long long>(v.width), h = static_cast<long long>(v.height);
  if (v.normalizedCoords) {
    x *= static_cast<float>(w);
    y *= static_cast<float>(h);
  }
  if (v.filterMode == cudaFilterModePoint) {
    const long long i = static_cast<long long>(__builtin_floorf(x));
    const long long j = static_cast<long long>(__builtin_floorf(y));
    const long long ai = addressed(i, w, v.addressMode[0]);
    const long long aj = addressed(j, h, v.addressMode[1]);
    return texel<T>(v, ai < 0 || aj < 0 ? -1 : ai, aj);
  }
  if constexpr (sizeof(T) % sizeof(float) != 0 || std::is_integral_v<T>) {
    warpsim_texture_misuse("linear filtering fetched as a non-float type");
  } else {
    const float xb = x - 0.5f, yb = y - 0.5f;
    const float fi = __builtin_floorf(xb), fj = __builtin_floorf(yb);
    const float a = fixedWeight(xb - fi), b = fixedWeight(yb - fj);
    const long long i = static_cast<long long>(fi), j = static_cast<long long>(fj);
    T acc;
    std::memset(&acc, 0, sizeof acc);
    for (int dj = 0; dj < 2; ++dj)
      for (int di = 0; di < 2; ++di) {
        const float wt = (di ? a : 1.0f - a) * (dj ? b : 1.0f - b);
        if (wt == 0.0f)
          continue; // the texel is not read (it may lie past the allocation)
        const long long ai = addressed(i + di, w, v.addressMode[0]);
        const long long aj = addressed(j + dj, h, v.addressMode[1]);
        axpy(acc, wt, texel<T>(v, ai < 0 || aj < 0 ? -1 : ai, aj));
      }
    return acc;
  }
}

#undef WARPSIM_TEX_ATTRS
} // namespace warpsim::texture

template <class T>
static inline __attribute__((always_inline, nodebug)) T tex1Dfetch(cudaTextureObject_t obj, int x) {
  warpsim_texture_view v;
  warpsim_texture_view_of(obj, &v, "tex1Dfetch");
  // Linear memory: no address mode, a fetch outside the texture reads zero.
  const long long i = x < 0 || static_cast<unsigned long long>(x) >= v.width ? -1 : x;
  return warpsim::texture::texel<T>(v, i, 0);
}
template <class T>
static inline __attribute__((always_inline, nodebug)) void
tex1Dfetch(T *out, cudaTextureObject_t obj, int x) {
  *out = tex1Dfetch<T>(obj, x);
}
template <class T>
static inline __attribute__((always_inline, nodebug)) T tex2D(cudaTextureObject_t obj, float x,
                                                              float y) {
  warpsim_texture_view v;
  warpsim_texture_view_of(obj, &v, "tex2D");
  return warpsim::texture::fetch2D<T>(v, x, y);
}
template <class T>
static inline __attribute__((always_inline, nodebug)) void tex2D(T *out, cudaTextureObject_t obj,
                                                                 float x, float y) {
  *out = tex2D<T>(obj, x, y);
}
