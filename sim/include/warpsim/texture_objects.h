// Texture objects (texture_types.h, channel_descriptor.h, texture_indirect_
// functions.h): cudaCreateTextureObject over linear and pitch-2D device
// memory and CUDA arrays (warpsim/cuda_arrays.h); tex1Dfetch, tex1D, tex2D,
// tex3D, tex1DLayered and tex2DLayered. A texture object is a handle to a
// descriptor the runtime keeps; a fetch copies the descriptor into the
// lane's frame, computes the texel addresses here and has the runtime load
// each texel as a global load (warpsim_texture_load), so the race detector
// and the memory checker see every texel read at the user's line (these
// functions are inlined and carry no debug location of their own). What is not implemented yet
// (mipmapped and cubemap textures, gather, sRGB, anisotropy, half floats, a
// non-zero border colour on integer texels) is refused by name when the
// object is created or the program compiled. Surfaces: surface_objects.h.
#pragma once

#include <cstddef>
#include <cstring>
#include <type_traits>

#include "warpsim/cuda_arrays.h"
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
struct cudaResourceViewDesc; // resource views: refused
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
// caller's frame (local memory), so reading it is no global access. Texel
// (x, y, z) is at base + z * slicePitch + y * pitch + x * elemSize; a
// layered array keeps its layers as slices.
struct warpsim_texture_view {
  const char *base;
  unsigned long long width, height, depth; // texels, rows, slices (or layers)
  unsigned long long pitch, slicePitch;    // bytes per row, per slice
  unsigned elemSize;                       // bytes per texel
  int channelBits;                         // bits of the first channel
  int kind;                                // cudaChannelFormatKind
  int resType;                             // cudaResourceType
  int dims;                                // filtered coordinates: 1, 2 or 3
  int layered;                             // the last index is a layer
  int addressMode[3];
  int filterMode;
  int readMode;
  int normalizedCoords;
  int border; // a non-zero borderColor (float results only)
  float borderColor[4];
};
extern "C" void warpsim_texture_view_of(unsigned long long obj, warpsim_texture_view *out,
                                        const char *fetch);
// Ends the launch with a finding naming the misuse (a fetch type whose size
// is not the texel's, a fetch the resource cannot serve).
extern "C" [[noreturn]] void warpsim_texture_misuse(const char *what);
// Reads a texel's `size` bytes at `p` into `out`: one global load at the
// user's line, made by the texture proxy (a read of bytes written earlier
// in the same launch is a texture-misuse finding under --check).
extern "C" void warpsim_texture_load(const void *p, void *out, unsigned size);

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

// An 8- or 16-bit integer channel value in cudaReadModeNormalizedFloat: [0,1]
// or [-1,1]. The filtering unit widens a signed 8-bit value to 16 bits by
// repeating its bits (x * 258 / 32767: -64 reads -0.503922, not -64/127, in
// an H200's filtered fetches, while a point fetch reads -64/127).
WARPSIM_TEX_ATTRS float normalisedChannel(const warpsim_texture_view &v, int x, bool filtered) {
  if (v.kind == cudaChannelFormatKindUnsigned)
    return v.channelBits == 8 ? x / 255.0f : x / 65535.0f;
  float f = v.channelBits == 8 ? (filtered ? static_cast<float>(x * 258) / 32767.0f : x / 127.0f)
                               : x / 32767.0f;
  return f < -1.0f ? -1.0f : f;
}

// One channel of a texel, as a float in cudaReadModeNormalizedFloat (8- and
// 16-bit integers map to [0,1] or [-1,1]) or as a float texel's value.
WARPSIM_TEX_ATTRS float channelAsFloat(const warpsim_texture_view &v, const char *p,
                                       bool filtered) {
  if (v.kind == cudaChannelFormatKindFloat)
    return *reinterpret_cast<const float *>(p);
  if (v.kind == cudaChannelFormatKindUnsigned)
    return normalisedChannel(v,
                             v.channelBits == 8 ? *reinterpret_cast<const unsigned char *>(p)
                                                : *reinterpret_cast<const unsigned short *>(p),
                             filtered);
  return normalisedChannel(v,
                           v.channelBits == 8 ? *reinterpret_cast<const signed char *>(p)
                                              : *reinterpret_cast<const short *>(p),
                           filtered);
}

// The border colour's channel as a normalised-float read returns it: first
// stored in the texel's format (rounded to the nearest integer, ties toward
// zero), as an H200 returns 32/255 for a border colour of 0.125 on 8-bit
// unsigned texels and 127/255 for 0.5.
WARPSIM_TEX_ATTRS float borderChannel(const warpsim_texture_view &v, float c, bool filtered) {
  if (v.kind == cudaChannelFormatKindFloat || v.readMode == cudaReadModeElementType)
    return c;
  const bool sgn = v.kind == cudaChannelFormatKindSigned;
  const float lo = sgn ? -1.0f : 0.0f;
  c = c < lo ? lo : (c > 1.0f ? 1.0f : c);
  const float scale = v.channelBits == 8 ? (sgn ? 127.0f : 255.0f) : (sgn ? 32767.0f : 65535.0f);
  const float r = c * scale;
  const int q = static_cast<int>(r >= 0 ? __builtin_ceilf(r - 0.5f) : __builtin_floorf(r + 0.5f));
  return normalisedChannel(v, q, filtered);
}

// The texel at (x, y, z) as T: the texel itself in element-type mode, its
// channel(s) converted in normalised-float mode; for a border texel (any
// coordinate -1) zero, or the border colour's channels.
template <class T>
WARPSIM_TEX_ATTRS T texel(const warpsim_texture_view &v, long long x, long long y, long long z,
                          bool filtered = false) {
  T out;
  std::memset(&out, 0, sizeof out);
  if (x < 0 || y < 0 || z < 0) {
    if (v.border) { // float results only (the runtime refuses it otherwise)
      float b[4];
      for (int c = 0; c < 4; ++c)
        b[c] = borderChannel(v, v.borderColor[c], filtered);
      std::memcpy(&out, b, sizeof out < sizeof b ? sizeof out : 16);
    }
    return out;
  }
  const char *p = v.base + z * v.slicePitch + y * v.pitch + x * v.elemSize;
  const bool element =
      v.readMode == cudaReadModeElementType || v.kind == cudaChannelFormatKindFloat;
  constexpr int n = sizeof(T) / sizeof(float);
  const int stride = v.channelBits / 8;
  if (element && sizeof(T) != v.elemSize)
    warpsim_texture_misuse("a texture fetch whose type's size is not the texel's");
  if (!element && !std::is_floating_point_v<T> && !std::is_class_v<T>)
    warpsim_texture_misuse("a normalised-float texture fetched as a non-float type");
  if (!element && static_cast<unsigned>(n * stride) != v.elemSize)
    warpsim_texture_misuse("a texture fetch whose channel count is not the texel's");
  alignas(16) char raw[16];
  warpsim_texture_load(p, raw, v.elemSize);
  if (element) {
    std::memcpy(&out, raw, sizeof out);
    return out;
  }
  float f[4];
  for (int c = 0; c < n; ++c)
    f[c] = channelAsFloat(v, raw + c * stride, filtered);
  std::memcpy(&out, f, sizeof out);
  return out;
}

// Linear filtering's weights. Each coordinate's fraction is 9-bit fixed
// point with 8 fractional bits, as the CUDA programming guide's "Texture
// Fetching" appendix documents. A corner's weight is made from products of
// those fractions, each product rounded half up to 1/256: for 2-D,
// w11 = round(a b), w10 = a - w11, w01 = b - w11, w00 = 1 - a - b + w11
// (inclusion-exclusion over the corners' "high" dimensions), so the four
// weights are multiples of 1/256 that sum to 1. An H200 returns exactly this
// for every 1-D and 2-D fetch of tests/runtime/cuda_arrays.cu; for 3-D
// textures its products are rounded in a way not yet found (docs/device-api.md).
WARPSIM_TEX_ATTRS int fixedFraction(float frac) { return static_cast<int>(frac * 256.0f + 0.5f); }
// The weights, in 1/256, of the 2^dims corners (corner c: its "high"
// dimensions are the bits of c), from the fractions a[0..dims) in 1/256.
WARPSIM_TEX_ATTRS void cornerWeights(const int *a, int dims, int *w) {
  const int n = 1 << dims;
  int rounded[8]; // per set s of dimensions: the product of their fractions, rounded
  for (int s = 0; s < n; ++s) {
    long long p = 1, unit = 1; // unit: 256^(|s|-1)
    int m = 0;
    for (int k = 0; k < dims; ++k)
      if ((s >> k) & 1) {
        p *= a[k];
        unit *= m++ ? 256 : 1;
      }
    rounded[s] = m == 0 ? 256 : static_cast<int>((p + unit / 2) / unit);
  }
  for (int c = 0; c < n; ++c) {
    w[c] = 0;
    for (int s = c; s < n; s = (s + 1) | c) // the supersets of c
      w[c] += (__builtin_popcount(s ^ c) & 1 ? -1 : 1) * rounded[s];
  }
}

// acc += w * t per channel, in double (rounded to float once, at the end).
template <class T> WARPSIM_TEX_ATTRS void axpy(double *acc, double w, const T &t) {
  constexpr int n = sizeof(T) / sizeof(float);
  float b[4];
  std::memcpy(b, &t, sizeof(T));
  for (int c = 0; c < n; ++c)
    acc[c] += w * b[c];
}

// A fetch at (x, y, z) of which the first `v.dims` coordinates are
// filtered; `layer` is a layered texture's layer (clamped to its layers).
template <class T>
WARPSIM_TEX_ATTRS T fetch(const warpsim_texture_view &v, float x, float y, float z,
                          long long layer) {
  long long n[3] = {static_cast<long long>(v.width), static_cast<long long>(v.height),
                    static_cast<long long>(v.depth)};
  float c[3] = {x, y, z};
  int dims = v.dims;
  if (v.layered) // layers are the slices
    layer = layer < 0 ? 0 : (layer >= n[2] ? n[2] - 1 : layer);
  else
    layer = 0;
  if (v.normalizedCoords)
    for (int k = 0; k < dims; ++k)
      c[k] *= static_cast<float>(n[k]);
  long long idx[3] = {0, 0, layer};
  if (v.filterMode == cudaFilterModePoint) {
    bool border = false;
    for (int k = 0; k < dims; ++k) {
      idx[k] = addressed(static_cast<long long>(__builtin_floorf(c[k])), n[k], v.addressMode[k]);
      border |= idx[k] < 0;
    }
    return texel<T>(v, border ? -1 : idx[0], idx[1], idx[2]);
  }
  if constexpr (sizeof(T) % sizeof(float) != 0 || std::is_integral_v<T>) {
    warpsim_texture_misuse("linear filtering fetched as a non-float type");
  } else {
    // A 1-D array is filtered as one row of a 2-D texture fetched at y = 0:
    // half of each fetch is the row above, which addressMode[1] maps back
    // to the row (clamp, wrap, mirror) or to the border. An H200 returns half
    // the x-filtered value (plus half the border colour) under border
    // addressing; a layered 1-D array is not affected.
    if (dims == 1 && !v.layered) {
      dims = 2;
      c[1] = 0.0f;
      n[1] = 1;
    }
    long long first[3];
    int frac[3];
    for (int k = 0; k < dims; ++k) {
      const float b = c[k] - 0.5f, f = __builtin_floorf(b);
      frac[k] = fixedFraction(b - f);
      first[k] = static_cast<long long>(f);
    }
    int weights[8];
    cornerWeights(frac, dims, weights);
    double acc[4] = {0, 0, 0, 0};
    for (int corner = 0; corner < (1 << dims); ++corner) {
      const int wt = weights[corner];
      bool border = false;
      for (int k = 0; k < dims; ++k) {
        idx[k] = addressed(first[k] + ((corner >> k) & 1), n[k], v.addressMode[k]);
        border |= idx[k] < 0;
      }
      if (wt == 0)
        continue; // the texel is not read (it may lie past the allocation)
      axpy(acc, wt / 256.0, texel<T>(v, border ? -1 : idx[0], idx[1], idx[2], true));
    }
    // Integer texels read as normalised floats are filtered as 16-bit
    // fractions: the result is a multiple of 1/65535 (1/32767 if signed).
    const double q = v.readMode != cudaReadModeNormalizedFloat || v.kind == cudaChannelFormatKindFloat
                         ? 0.0
                         : (v.kind == cudaChannelFormatKindSigned ? 32767.0 : 65535.0);
    T out;
    float f[4];
    for (int k = 0; k < 4; ++k)
      f[k] = static_cast<float>(q == 0.0 ? acc[k] : __builtin_floor(acc[k] * q + 0.5) / q);
    std::memcpy(&out, f, sizeof out);
    return out;
  }
}

#undef WARPSIM_TEX_ATTRS
} // namespace warpsim::texture

#define WARPSIM_TEX_FN static inline __attribute__((always_inline, nodebug))

template <class T> WARPSIM_TEX_FN T tex1Dfetch(cudaTextureObject_t obj, int x) {
  warpsim_texture_view v;
  warpsim_texture_view_of(obj, &v, "tex1Dfetch");
  // Linear memory: no address mode, a fetch outside the texture reads zero.
  const long long i = x < 0 || static_cast<unsigned long long>(x) >= v.width ? -1 : x;
  return warpsim::texture::texel<T>(v, i, 0, 0);
}
template <class T> WARPSIM_TEX_FN void tex1Dfetch(T *out, cudaTextureObject_t obj, int x) {
  *out = tex1Dfetch<T>(obj, x);
}
template <class T> WARPSIM_TEX_FN T tex1D(cudaTextureObject_t obj, float x) {
  warpsim_texture_view v;
  warpsim_texture_view_of(obj, &v, "tex1D");
  return warpsim::texture::fetch<T>(v, x, 0.0f, 0.0f, 0);
}
template <class T> WARPSIM_TEX_FN void tex1D(T *out, cudaTextureObject_t obj, float x) {
  *out = tex1D<T>(obj, x);
}
template <class T> WARPSIM_TEX_FN T tex2D(cudaTextureObject_t obj, float x, float y) {
  warpsim_texture_view v;
  warpsim_texture_view_of(obj, &v, "tex2D");
  return warpsim::texture::fetch<T>(v, x, y, 0.0f, 0);
}
template <class T> WARPSIM_TEX_FN void tex2D(T *out, cudaTextureObject_t obj, float x, float y) {
  *out = tex2D<T>(obj, x, y);
}
template <class T> WARPSIM_TEX_FN T tex3D(cudaTextureObject_t obj, float x, float y, float z) {
  warpsim_texture_view v;
  warpsim_texture_view_of(obj, &v, "tex3D");
  return warpsim::texture::fetch<T>(v, x, y, z, 0);
}
template <class T>
WARPSIM_TEX_FN void tex3D(T *out, cudaTextureObject_t obj, float x, float y, float z) {
  *out = tex3D<T>(obj, x, y, z);
}
template <class T> WARPSIM_TEX_FN T tex1DLayered(cudaTextureObject_t obj, float x, int layer) {
  warpsim_texture_view v;
  warpsim_texture_view_of(obj, &v, "tex1DLayered");
  return warpsim::texture::fetch<T>(v, x, 0.0f, 0.0f, layer);
}
template <class T>
WARPSIM_TEX_FN void tex1DLayered(T *out, cudaTextureObject_t obj, float x, int layer) {
  *out = tex1DLayered<T>(obj, x, layer);
}
template <class T>
WARPSIM_TEX_FN T tex2DLayered(cudaTextureObject_t obj, float x, float y, int layer) {
  warpsim_texture_view v;
  warpsim_texture_view_of(obj, &v, "tex2DLayered");
  return warpsim::texture::fetch<T>(v, x, y, 0.0f, layer);
}
template <class T>
WARPSIM_TEX_FN void tex2DLayered(T *out, cudaTextureObject_t obj, float x, float y, int layer) {
  *out = tex2DLayered<T>(obj, x, y, layer);
}
#undef WARPSIM_TEX_FN

#include "warpsim/surface_objects.h"
