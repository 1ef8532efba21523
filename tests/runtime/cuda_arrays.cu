// CUDA arrays and the texture fetches that read them: cudaMallocArray /
// cudaMalloc3DArray (1-D, 2-D, 3-D, layered), the 2-D, legacy and 3-D
// copies into, out of and between arrays, cudaArrayGetInfo and
// cudaGetChannelDesc; tex1D, tex2D, tex3D, tex1DLayered and tex2DLayered
// with point and linear filtering, every address mode, unnormalised and
// normalised coordinates, a border colour, char/short/int/float texels of
// 1, 2 and 4 channels read as elements and 8/16-bit ones as normalised
// floats. Expected values come from a host reference of the CUDA
// programming guide's "Texture Fetching" formulas; every coordinate is a
// multiple of 1/64, so the 1.8 fixed-point filter weights are exact. Each
// case prints a line of values (sum and first fetches) to compare with a
// GPU's output, then PASS. Builds unmodified with nvcc -arch=sm_90.
#include <cmath>
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>
#include <vector>

static int bad = 0;
#define CHECK(cond)                                                                                \
  do {                                                                                             \
    if (!(cond)) {                                                                                 \
      std::printf("line %d: %s\n", __LINE__, #cond);                                               \
      ++bad;                                                                                       \
    }                                                                                              \
  } while (0)
#define CUDA(call) CHECK((call) == cudaSuccess)

enum Fetch { F1D = 1, F2D, F3D, F1DLayered, F2DLayered };

// Fetches at coords[i] (x, y, z, layer) and stores the result's channels,
// of type C, as floats.
template <class T, class C>
__global__ void sample(cudaTextureObject_t t, const float4 *coords, float4 *out, int n, int kind) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float4 c = coords[i];
  T v;
  switch (kind) {
  case F1D:
    v = tex1D<T>(t, c.x);
    break;
  case F2D:
    v = tex2D<T>(t, c.x, c.y);
    break;
  case F3D:
    v = tex3D<T>(t, c.x, c.y, c.z);
    break;
  case F1DLayered:
    v = tex1DLayered<T>(t, c.x, (int)c.w);
    break;
  default:
    v = tex2DLayered<T>(t, c.x, c.y, (int)c.w);
    break;
  }
  C ch[4] = {0, 0, 0, 0};
  memcpy(ch, &v, sizeof v);
  out[i] = make_float4((float)ch[0], (float)ch[1], (float)ch[2], (float)ch[3]);
}

// ------------------------------------------------------------ host side
struct Image {
  int w, h, d; // d: slices or layers
  int channels, bits;
  cudaChannelFormatKind kind;
  std::vector<unsigned char> bytes;
  int elem() const { return channels * bits / 8; }
  // Channel c of texel (x, y, z) as the texture unit reads it.
  float channel(int x, int y, int z, int c, bool normalised, bool filtered) const {
    const unsigned char *p = &bytes[((size_t)(z * h + y) * w + x) * elem() + c * bits / 8];
    if (kind == cudaChannelFormatKindFloat) {
      float f;
      std::memcpy(&f, p, 4);
      return f;
    }
    double v;
    if (bits == 8)
      v = kind == cudaChannelFormatKindSigned ? (double)*(const signed char *)p : (double)*p;
    else if (bits == 16) {
      short s;
      unsigned short u;
      std::memcpy(&s, p, 2);
      std::memcpy(&u, p, 2);
      v = kind == cudaChannelFormatKindSigned ? (double)s : (double)u;
    } else {
      int s;
      unsigned u;
      std::memcpy(&s, p, 4);
      std::memcpy(&u, p, 4);
      v = kind == cudaChannelFormatKindSigned ? (double)s : (double)u;
    }
    if (!normalised)
      return (float)v;
    return normalise(v, filtered);
  }
  // An integer channel value read as a normalised float. Filtering widens a
  // signed 8-bit value to 16 bits by repeating its bits (x * 258 / 32767).
  float normalise(double v, bool filtered) const {
    float f = kind == cudaChannelFormatKindSigned && bits == 8 && filtered
                  ? (float)(v * 258 / 32767)
                  : (float)(v / ((kind == cudaChannelFormatKindSigned ? 0.5 : 1.0) * (1 << bits) -
                                 1.0));
    return f < -1.0f ? -1.0f : f;
  }
  // The border colour as a normalised-float read returns it: stored in the
  // texel's format first (rounded to the nearest integer, ties toward zero).
  float border(float c, bool normalised, bool filtered) const {
    if (!normalised || kind == cudaChannelFormatKindFloat)
      return c;
    const bool sgn = kind == cudaChannelFormatKindSigned;
    c = std::fmin(std::fmax(c, sgn ? -1.0f : 0.0f), 1.0f);
    const double scale = (sgn ? 0.5 : 1.0) * (1 << bits) - 1.0;
    const double r = c * scale; // nearest, ties toward zero (an H200: 0.5 -> 127/255)
    return normalise(r >= 0 ? std::ceil(r - 0.5) : std::floor(r + 0.5), filtered);
  }
};

static long long address(long long i, long long n, cudaTextureAddressMode m) {
  switch (m) {
  case cudaAddressModeWrap:
    return ((i % n) + n) % n;
  case cudaAddressModeMirror: {
    long long k = ((i % (2 * n)) + 2 * n) % (2 * n);
    return k < n ? k : 2 * n - 1 - k;
  }
  case cudaAddressModeBorder:
    return i < 0 || i >= n ? -1 : i;
  default:
    return i < 0 ? 0 : (i >= n ? n - 1 : i);
  }
}

// The CUDA programming guide's point and linear sampling, in `dims`
// dimensions (a layered fetch's layer is not filtered).
static void reference(const Image &img, const cudaTextureDesc &td, int dims, bool layered, float4 c,
                      float out[4]) {
  int n[3] = {img.w, img.h, img.d};
  float x[3] = {c.x, c.y, c.z};
  const bool filtered = td.filterMode == cudaFilterModeLinear;
  const bool normRead = td.readMode == cudaReadModeNormalizedFloat;
  int layer = layered ? (int)c.w : 0;
  for (int k = 0; k < 4; ++k)
    out[k] = 0;
  if (td.normalizedCoords)
    for (int k = 0; k < dims; ++k)
      x[k] *= n[k];
  auto accumulate = [&](const long long *idx, float wt, float *dst) {
    bool border = false;
    long long a[3] = {0, 0, layer};
    for (int k = 0; k < dims; ++k) {
      a[k] = address(idx[k], n[k], td.addressMode[k]);
      border |= a[k] < 0;
    }
    for (int ch = 0; ch < img.channels; ++ch)
      dst[ch] += wt * (border ? img.border(td.borderColor[ch], normRead, filtered)
                              : img.channel((int)a[0], (int)a[1], (int)a[2], ch, normRead,
                                            filtered));
  };
  if (td.filterMode == cudaFilterModePoint) {
    long long idx[3];
    for (int k = 0; k < dims; ++k)
      idx[k] = (long long)std::floor(x[k]);
    accumulate(idx, 1.0f, out);
    return;
  }
  // An H200 filters a 1-D array as a 2-D texture one row high fetched at
  // y = 0: half of each fetch is the row above (the border under border
  // addressing). Not a layered 1-D array.
  if (dims == 1 && !layered) {
    dims = 2;
    x[1] = 0.0f;
    n[1] = 1;
  }
  long long first[3];
  int a[3]; // the fractions in 1/256
  for (int k = 0; k < dims; ++k) {
    float b = x[k] - 0.5f, f = std::floor(b);
    a[k] = (int)std::lround((b - f) * 256);
    first[k] = (long long)f;
  }
  double acc[4] = {0, 0, 0, 0};
  for (int corner = 0; corner < (1 << dims); ++corner) {
    // Inclusion-exclusion over the products of fractions, each rounded half
    // up to 1/256 (2-D: w11 = round(ab), w10 = a - w11, w01 = b - w11).
    long long wt = 0;
    for (int s = 0; s < (1 << dims); ++s) {
      if ((s & corner) != corner)
        continue;
      long long p = 1, unit = 1;
      int m = 0, sign = 1;
      for (int k = 0; k < dims; ++k)
        if ((s >> k) & 1) {
          p *= a[k];
          unit *= m++ ? 256 : 1;
          sign = (corner >> k) & 1 ? sign : -sign;
        }
      wt += sign * (m == 0 ? 256 : (p + unit / 2) / unit);
    }
    long long idx[3];
    for (int k = 0; k < dims; ++k)
      idx[k] = first[k] + ((corner >> k) & 1);
    if (wt != 0) {
      float part[4] = {0, 0, 0, 0};
      accumulate(idx, 1.0f, part);
      for (int ch = 0; ch < 4; ++ch)
        acc[ch] += wt / 256.0 * part[ch];
    }
  }
  // Integer texels read as normalised floats are filtered as 16-bit
  // fractions: the result is a multiple of 1/65535 (1/32767 if signed).
  const double q = !normRead || img.kind == cudaChannelFormatKindFloat
                       ? 0.0
                       : (img.kind == cudaChannelFormatKindSigned ? 32767.0 : 65535.0);
  for (int ch = 0; ch < 4; ++ch)
    out[ch] = (float)(q == 0.0 ? acc[ch] : std::floor(acc[ch] * q + 0.5) / q);
}

static unsigned seed = 12345;
static unsigned nextRandom() {
  seed = seed * 1664525u + 1013904223u;
  return seed >> 8;
}

static Image makeImage(int w, int h, int d, int channels, int bits, cudaChannelFormatKind kind) {
  Image img{w, h, d, channels, bits, kind, {}};
  img.bytes.resize((size_t)w * h * d * img.elem());
  for (size_t i = 0; i < img.bytes.size(); i += bits / 8) {
    unsigned r = nextRandom();
    if (kind == cudaChannelFormatKindFloat) {
      float f = (float)(int)(r % 2001 - 1000) / 16.0f; // exact in a float
      std::memcpy(&img.bytes[i], &f, 4);
    } else if (bits == 32) {
      int v = (int)(r % 200001) - 100000; // exact in a float
      std::memcpy(&img.bytes[i], &v, 4);
    } else {
      std::memcpy(&img.bytes[i], &r, bits / 8);
    }
  }
  return img;
}

static cudaChannelFormatDesc descOf(const Image &img) {
  return cudaCreateChannelDesc(img.bits, img.channels > 1 ? img.bits : 0,
                               img.channels > 2 ? img.bits : 0, img.channels > 3 ? img.bits : 0,
                               img.kind);
}

// An array holding `img` (dims: 1, 2, 3; layered: the d layers).
static cudaArray_t upload(const Image &img, int dims, bool layered) {
  cudaChannelFormatDesc desc = descOf(img);
  cudaArray_t a = nullptr;
  cudaExtent e = make_cudaExtent(img.w, dims > 1 ? img.h : 0, dims > 2 || layered ? img.d : 0);
  CUDA(cudaMalloc3DArray(&a, &desc, e, layered ? cudaArrayLayered : 0));
  cudaMemcpy3DParms p;
  std::memset(&p, 0, sizeof p);
  p.srcPtr =
      make_cudaPitchedPtr((void *)img.bytes.data(), (size_t)img.w * img.elem(), img.w, img.h);
  p.dstArray = a;
  p.extent = make_cudaExtent(img.w, img.h, img.d);
  p.kind = cudaMemcpyHostToDevice;
  CUDA(cudaMemcpy3D(&p));
  return a;
}

struct Case {
  const char *name;
  cudaTextureFilterMode filter;
  cudaTextureAddressMode mode;
  int normalized;
  cudaTextureReadMode read;
  float border;
};

// Samples `img` in every case at a grid of coordinates around and outside
// it, compares with the reference and prints what a GPU run can be
// compared with.
template <class T, class C>
static void run(const char *type, const Image &img, int dims, bool layered, const Case *cases,
                int ncases) {
  cudaArray_t arr = upload(img, dims, layered);
  const int kind = layered ? (dims == 1 ? F1DLayered : F2DLayered) : dims;
  std::vector<float4> coords;
  const int steps[3] = {dims > 0 ? 11 : 1, dims > 1 ? 7 : 1, dims > 2 ? 5 : 1};
  for (int l = 0; l < (layered ? img.d : 1); ++l)
    for (int k = 0; k < steps[2]; ++k)
      for (int j = 0; j < steps[1]; ++j)
        for (int i = 0; i < steps[0]; ++i)
          coords.push_back(make_float4(i, j, k, (float)l));
  const int n = (int)coords.size();
  float4 *dcoords, *dout;
  CUDA(cudaMalloc(&dcoords, n * sizeof(float4)));
  CUDA(cudaMalloc(&dout, n * sizeof(float4)));
  const int ext[3] = {img.w, img.h, img.d};
  for (int ci = 0; ci < ncases; ++ci) {
    const Case &cs = cases[ci];
    cudaResourceDesc rd;
    std::memset(&rd, 0, sizeof rd);
    rd.resType = cudaResourceTypeArray;
    rd.res.array.array = arr;
    cudaTextureDesc td;
    std::memset(&td, 0, sizeof td);
    for (int k = 0; k < 3; ++k)
      td.addressMode[k] = cs.mode;
    td.filterMode = cs.filter;
    td.readMode = cs.read;
    td.normalizedCoords = cs.normalized;
    for (int k = 0; k < 4; ++k)
      td.borderColor[k] = cs.border * (k + 1);
    // Coordinates from 1.5 texels before the texture to 1.5 after, in
    // steps that are multiples of 1/64 (normalised: of the extent / 64).
    std::vector<float4> cc(coords);
    for (float4 &c : cc) {
      float *v[3] = {&c.x, &c.y, &c.z};
      for (int k = 0; k < 3; ++k) {
        if (k >= dims) {
          *v[k] = 0;
          continue;
        }
        const int s = steps[k];
        float t = -1.5f + (ext[k] + 3.0f) * std::floor(*v[k] * 64.0f / (s - 1)) / 64.0f;
        *v[k] = cs.normalized ? std::floor(t / ext[k] * 64.0f) / 64.0f : t;
      }
    }
    CUDA(cudaMemcpy(dcoords, cc.data(), n * sizeof(float4), cudaMemcpyHostToDevice));
    cudaTextureObject_t t = 0;
    CUDA(cudaCreateTextureObject(&t, &rd, &td, nullptr));
    sample<T, C><<<(n + 63) / 64, 64>>>(t, dcoords, dout, n, kind);
    CUDA(cudaDeviceSynchronize());
    std::vector<float4> got(n);
    CUDA(cudaMemcpy(got.data(), dout, n * sizeof(float4), cudaMemcpyDeviceToHost));
    int wrong = 0;
    double sum = 0;
    for (int i = 0; i < n; ++i) {
      float want[4];
      reference(img, td, dims, layered, cc[i], want);
      const float g[4] = {got[i].x, got[i].y, got[i].z, got[i].w};
      for (int ch = 0; ch < 4; ++ch) {
        sum += g[ch] * (1 + (i + ch) % 7);
        if (std::fabs(g[ch] - want[ch]) > 1e-5f * (1 + std::fabs(want[ch])) && wrong++ < 3)
          std::printf("%s %s at (%g, %g, %g, layer %g) channel %d = %.9g, want %.9g\n", type,
                      cs.name, cc[i].x, cc[i].y, cc[i].z, cc[i].w, ch, g[ch], want[ch]);
      }
    }
    bad += wrong;
    std::printf("%-8s %-22s %3d fetches, weighted sum %.6f, first %.6f %.6f %.6f\n", type, cs.name,
                n, sum, got[0].x, got[n / 2].x, got[n - 1].x);
    CUDA(cudaDestroyTextureObject(t));
  }
  CUDA(cudaFree(dcoords));
  CUDA(cudaFree(dout));
  CUDA(cudaFreeArray(arr));
}

static const cudaTextureReadMode E = cudaReadModeElementType, N = cudaReadModeNormalizedFloat;
static const cudaTextureFilterMode P = cudaFilterModePoint, L = cudaFilterModeLinear;

static void textures() {
  const Case floatCases[] = {
      {"point clamp", P, cudaAddressModeClamp, 0, E, 0},
      {"point border", P, cudaAddressModeBorder, 0, E, 0},
      {"point wrap norm", P, cudaAddressModeWrap, 1, E, 0},
      {"point mirror norm", P, cudaAddressModeMirror, 1, E, 0},
      {"linear clamp", L, cudaAddressModeClamp, 0, E, 0},
      {"linear border", L, cudaAddressModeBorder, 0, E, 0},
      {"linear border colour", L, cudaAddressModeBorder, 0, E, 0.25f},
      {"linear clamp norm", L, cudaAddressModeClamp, 1, E, 0},
      {"linear wrap norm", L, cudaAddressModeWrap, 1, E, 0},
      {"linear mirror norm", L, cudaAddressModeMirror, 1, E, 0},
  };
  const int nf = sizeof floatCases / sizeof floatCases[0];
  const cudaChannelFormatKind S = cudaChannelFormatKindSigned, U = cudaChannelFormatKindUnsigned,
                              F = cudaChannelFormatKindFloat;
  // 1-D, 2-D and 3-D float textures in every mode.
  run<float, float>("float", makeImage(13, 1, 1, 1, 32, F), 1, false, floatCases, nf);
  run<float2, float>("float2", makeImage(9, 6, 1, 2, 32, F), 2, false, floatCases, nf);
  run<float4, float>("float4", makeImage(6, 5, 4, 4, 32, F), 3, false, floatCases, nf);
  run<float, float>("float", makeImage(7, 5, 3, 1, 32, F), 3, false, floatCases, nf);
  // Layered: the layer is not filtered.
  run<float, float>("float", makeImage(10, 1, 3, 1, 32, F), 1, true, floatCases, nf);
  run<float2, float>("float2", makeImage(6, 5, 4, 2, 32, F), 2, true, floatCases, nf);

  // Integer texels read as elements (point filtering only).
  const Case elementCases[] = {{"point clamp", P, cudaAddressModeClamp, 0, E, 0},
                               {"point border", P, cudaAddressModeBorder, 0, E, 0},
                               {"point wrap norm", P, cudaAddressModeWrap, 1, E, 0}};
  const int ne = sizeof elementCases / sizeof elementCases[0];
  run<char1, signed char>("char1", makeImage(8, 5, 1, 1, 8, S), 2, false, elementCases, ne);
  run<char2, signed char>("char2", makeImage(8, 5, 1, 2, 8, S), 2, false, elementCases, ne);
  run<char4, signed char>("char4", makeImage(8, 5, 1, 4, 8, S), 2, false, elementCases, ne);
  run<uchar4, unsigned char>("uchar4", makeImage(8, 5, 1, 4, 8, U), 2, false, elementCases, ne);
  run<short1, short>("short1", makeImage(8, 5, 1, 1, 16, S), 2, false, elementCases, ne);
  run<short2, short>("short2", makeImage(8, 5, 1, 2, 16, S), 2, false, elementCases, ne);
  run<short4, short>("short4", makeImage(8, 5, 1, 4, 16, S), 2, false, elementCases, ne);
  run<ushort2, unsigned short>("ushort2", makeImage(8, 5, 1, 2, 16, U), 2, false, elementCases, ne);
  run<int1, int>("int1", makeImage(8, 5, 1, 1, 32, S), 2, false, elementCases, ne);
  run<int2, int>("int2", makeImage(8, 5, 1, 2, 32, S), 2, false, elementCases, ne);
  run<int4, int>("int4", makeImage(8, 5, 1, 4, 32, S), 2, false, elementCases, ne);
  run<uint1, unsigned>("uint1", makeImage(8, 5, 1, 1, 32, U), 2, false, elementCases, ne);
  run<int, int>("int", makeImage(12, 1, 1, 1, 32, S), 1, false, elementCases, ne);
  run<short, short>("short", makeImage(5, 4, 3, 1, 16, S), 3, false, elementCases, ne);

  // 8- and 16-bit texels read as normalised floats, filtered.
  const Case normCases[] = {{"point clamp", P, cudaAddressModeClamp, 0, N, 0},
                            {"linear clamp", L, cudaAddressModeClamp, 0, N, 0},
                            {"linear border colour", L, cudaAddressModeBorder, 0, N, 0.125f},
                            {"linear wrap norm", L, cudaAddressModeWrap, 1, N, 0}};
  const int nn = sizeof normCases / sizeof normCases[0];
  run<float4, float>("uchar4", makeImage(8, 5, 1, 4, 8, U), 2, false, normCases, nn);
  run<float2, float>("char2", makeImage(8, 5, 1, 2, 8, S), 2, false, normCases, nn);
  run<float, float>("ushort", makeImage(9, 1, 1, 1, 16, U), 1, false, normCases, nn);
  run<float4, float>("short4", makeImage(4, 3, 3, 4, 16, S), 3, false, normCases, nn);
}

static void copies() {
  // A 2-D array: a sub-rectangle in and out with offsets (byte x offsets).
  const int w = 10, h = 6;
  float src[h][w], back[h][w];
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x)
      src[y][x] = 100.0f * y + x;
  cudaChannelFormatDesc desc = cudaCreateChannelDesc<float>();
  cudaArray_t a = nullptr, b = nullptr;
  CUDA(cudaMallocArray(&a, &desc, w, h));
  CUDA(cudaMallocArray(&b, &desc, w, h, cudaArraySurfaceLoadStore));
  CUDA(cudaMemcpy2DToArray(a, 0, 0, src, w * sizeof(float), w * sizeof(float), h,
                           cudaMemcpyHostToDevice));
  CUDA(cudaMemcpy2DToArray(a, 2 * sizeof(float), 1, src, w * sizeof(float), 3 * sizeof(float), 2,
                           cudaMemcpyHostToDevice)); // src[0..1][0..2] to (2, 1)
  std::memset(back, 0, sizeof back);
  CUDA(cudaMemcpy2DFromArray(back, w * sizeof(float), a, 0, 0, w * sizeof(float), h,
                             cudaMemcpyDeviceToHost));
  int wrong = 0;
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      bool patched = y >= 1 && y < 3 && x >= 2 && x < 5;
      float want = patched ? src[y - 1][x - 2] : src[y][x];
      wrong += back[y][x] != want;
    }
  CHECK(wrong == 0);
  // Array to array, then the legacy whole-row forms.
  CUDA(cudaMemcpy2DArrayToArray(b, 0, 0, a, 0, 0, w * sizeof(float), h));
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
  float row[2 * w];
  CUDA(cudaMemcpyFromArray(row, b, 4 * sizeof(float), 2, sizeof row, cudaMemcpyDeviceToHost));
  CHECK(row[0] == back[2][4] && row[w - 4] == back[3][0] && row[2 * w - 1] == back[4][3]);
  float ones[3] = {-1, -2, -3};
  CUDA(cudaMemcpyToArray(b, (w - 1) * sizeof(float), 0, ones, sizeof ones,
                         cudaMemcpyHostToDevice)); // wraps into row 1
  CUDA(cudaMemcpyFromArray(row, b, 0, 0, sizeof row, cudaMemcpyDeviceToHost));
#pragma GCC diagnostic pop
  CHECK(row[w - 1] == -1 && row[w] == -2 && row[w + 1] == -3 && row[w + 2] == back[1][2]);
  // Bad copies: past the array's end, a destination pitch under the width.
  CHECK(cudaMemcpy2DToArray(a, 8 * sizeof(float), 0, src, w * sizeof(float), 3 * sizeof(float), 1,
                            cudaMemcpyHostToDevice) == cudaErrorInvalidValue);
  CHECK(cudaMemcpy2DFromArray(back, 4, a, 0, 0, w * sizeof(float), 1, cudaMemcpyDeviceToHost) ==
        cudaErrorInvalidPitchValue);
  cudaGetLastError();
  std::printf("2-D copies: row[%d..%d] = %g %g %g %g\n", w - 1, w + 2, row[w - 1], row[w],
              row[w + 1], row[w + 2]);

  // What an array says about itself.
  cudaChannelFormatDesc got;
  cudaExtent ext;
  unsigned flags = 99;
  CUDA(cudaArrayGetInfo(&got, &ext, &flags, b));
  CHECK(got.x == 32 && got.y == 0 && got.f == cudaChannelFormatKindFloat);
  CHECK(ext.width == (size_t)w && ext.height == (size_t)h && ext.depth == 0);
  CHECK(flags == cudaArraySurfaceLoadStore);
  CUDA(cudaGetChannelDesc(&got, a));
  CHECK(got.x == 32 && got.f == cudaChannelFormatKindFloat);
  std::printf("cudaArrayGetInfo: %d-bit kind %d, %zu x %zu x %zu, flags %u\n", got.x, (int)got.f,
              ext.width, ext.height, ext.depth, flags);
  CUDA(cudaFreeArray(a));
  CUDA(cudaFreeArray(b));

  // A 3-D array of int2: host -> array with an offset box, array -> pitched
  // device memory -> host.
  const int W = 5, H = 4, D = 3;
  int2 vol[D][H][W], out[D][H][W];
  for (int z = 0; z < D; ++z)
    for (int y = 0; y < H; ++y)
      for (int x = 0; x < W; ++x)
        vol[z][y][x] = make_int2(x + 10 * y + 100 * z, -z);
  cudaChannelFormatDesc d2 = cudaCreateChannelDesc<int2>();
  CHECK(d2.x == 32 && d2.y == 32 && d2.z == 0 && d2.f == cudaChannelFormatKindSigned);
  cudaArray_t v = nullptr;
  CUDA(cudaMalloc3DArray(&v, &d2, make_cudaExtent(W, H, D)));
  cudaMemcpy3DParms p;
  std::memset(&p, 0, sizeof p);
  p.srcPtr = make_cudaPitchedPtr(vol, W * sizeof(int2), W, H);
  p.dstArray = v;
  p.extent = make_cudaExtent(W, H, D);
  p.kind = cudaMemcpyHostToDevice;
  CUDA(cudaMemcpy3D(&p));
  cudaPitchedPtr dev;
  CUDA(cudaMalloc3D(&dev, make_cudaExtent(W * sizeof(int2), H, D)));
  std::memset(&p, 0, sizeof p);
  p.srcArray = v;
  p.srcPos = make_cudaPos(1, 1, 1);
  p.dstPtr = dev;
  p.extent = make_cudaExtent(W - 1, H - 1, D - 1);
  p.kind = cudaMemcpyDeviceToDevice;
  CUDA(cudaMemcpy3D(&p));
  std::memset(out, 0, sizeof out);
  std::memset(&p, 0, sizeof p);
  p.srcPtr = dev;
  p.dstPtr = make_cudaPitchedPtr(out, W * sizeof(int2), W, H);
  p.extent = make_cudaExtent((W - 1) * sizeof(int2), H - 1, D - 1);
  p.kind = cudaMemcpyDeviceToHost;
  CUDA(cudaMemcpy3D(&p));
  wrong = 0;
  for (int z = 0; z < D - 1; ++z)
    for (int y = 0; y < H - 1; ++y)
      for (int x = 0; x < W - 1; ++x)
        wrong += out[z][y][x].x != vol[z + 1][y + 1][x + 1].x ||
                 out[z][y][x].y != vol[z + 1][y + 1][x + 1].y;
  CHECK(wrong == 0);
  std::printf("3-D copies: out[1][2][3] = (%d, %d)\n", out[1][2][3].x, out[1][2][3].y);
  // A box that does not fit is refused.
  std::memset(&p, 0, sizeof p);
  p.srcArray = v;
  p.srcPos = make_cudaPos(1, 0, 0);
  p.dstPtr = dev;
  p.extent = make_cudaExtent(W, H, D);
  p.kind = cudaMemcpyDeviceToDevice;
  CHECK(cudaMemcpy3D(&p) == cudaErrorInvalidValue);
  cudaGetLastError();
  CUDA(cudaFree(dev.ptr));
  CUDA(cudaFreeArray(v));
  // Bad arguments.
  cudaArray_t z = nullptr;
  CHECK(cudaMallocArray(&z, &desc, 0, 4) == cudaErrorInvalidValue);
  cudaGetLastError();
}

int main() {
  copies();
  textures();
  if (bad == 0)
    std::printf("PASS\n");
  return bad == 0 ? 0 : 1;
}
