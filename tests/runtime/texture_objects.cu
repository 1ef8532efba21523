// Texture objects over linear and pitch-2D memory: tex1Dfetch of float, int,
// uchar (element type and normalised float) with out-of-range reads giving
// zero; tex2D with point filtering, clamp/wrap/mirror/border address modes,
// unnormalised and normalised coordinates; tex2D with linear filtering at
// coordinates whose weights are exact in the 1.8 fixed point the hardware
// uses. Expected values are computed here on the host from the CUDA
// programming guide's formulas. Self-checking: prints PASS, also when built
// with nvcc -arch=sm_90.
#include <cmath>
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>

static int bad = 0;
#define CHECK(cond)                                                                                \
  do {                                                                                             \
    if (!(cond)) {                                                                                 \
      std::printf("line %d: %s\n", __LINE__, #cond);                                               \
      ++bad;                                                                                       \
    }                                                                                              \
  } while (0)
#define CUDA(call) CHECK((call) == cudaSuccess)

template <class T> __global__ void fetch1D(cudaTextureObject_t t, T *out, int n, int first) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = tex1Dfetch<T>(t, first + i);
}

__global__ void fetch2D(cudaTextureObject_t t, const float2 *coords, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = tex2D<float>(t, coords[i].x, coords[i].y);
}

// Host reference: CUDA programming guide, "Texture Fetching".
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

static float reference2D(const float *img, int w, int h, float x, float y, cudaTextureDesc td) {
  if (td.normalizedCoords) {
    x *= w;
    y *= h;
  }
  auto at = [&](long long i, long long j) {
    long long a = address(i, w, td.addressMode[0]), b = address(j, h, td.addressMode[1]);
    return a < 0 || b < 0 ? 0.0f : img[b * w + a];
  };
  if (td.filterMode == cudaFilterModePoint)
    return at((long long)std::floor(x), (long long)std::floor(y));
  float xb = x - 0.5f, yb = y - 0.5f;
  float fi = std::floor(xb), fj = std::floor(yb);
  // The fractions in 1/256; the corner weights from their product rounded
  // half up to 1/256 (what an H200 returns: docs/device-api.md).
  const int a = (int)std::lround((xb - fi) * 256), b = (int)std::lround((yb - fj) * 256);
  const int w11 = (a * b + 128) / 256, w10 = a - w11, w01 = b - w11, w00 = 256 - a - b + w11;
  long long i = (long long)fi, j = (long long)fj;
  return (float)((w00 * (double)at(i, j) + w10 * (double)at(i + 1, j) +
                  w01 * (double)at(i, j + 1) + w11 * (double)at(i + 1, j + 1)) /
                 256);
}

template <class T>
static void check1D(const T *host, int n, cudaTextureReadMode mode, const char *name) {
  T *dev;
  CUDA(cudaMalloc(&dev, n * sizeof(T)));
  CUDA(cudaMemcpy(dev, host, n * sizeof(T), cudaMemcpyHostToDevice));
  cudaResourceDesc rd;
  std::memset(&rd, 0, sizeof rd);
  rd.resType = cudaResourceTypeLinear;
  rd.res.linear.devPtr = dev;
  rd.res.linear.desc = cudaCreateChannelDesc<T>();
  rd.res.linear.sizeInBytes = n * sizeof(T);
  cudaTextureDesc td;
  std::memset(&td, 0, sizeof td);
  td.readMode = mode;
  cudaTextureObject_t t = 0;
  CUDA(cudaCreateTextureObject(&t, &rd, &td, nullptr));
  const int m = n + 6, first = -3; // three past each end read zero
  if (mode == cudaReadModeElementType) {
    T *out;
    CUDA(cudaMalloc(&out, m * sizeof(T)));
    fetch1D<T><<<(m + 63) / 64, 64>>>(t, out, m, first);
    CUDA(cudaDeviceSynchronize());
    T got[64];
    CUDA(cudaMemcpy(got, out, m * sizeof(T), cudaMemcpyDeviceToHost));
    for (int k = 0; k < m; ++k) {
      int i = first + k;
      T want = i < 0 || i >= n ? T(0) : host[i];
      if (got[k] != want) {
        std::printf("%s: tex1Dfetch(%d) = %g, want %g\n", name, i, (double)got[k], (double)want);
        ++bad;
      }
    }
    CUDA(cudaFree(out));
  } else {
    float *out;
    CUDA(cudaMalloc(&out, m * sizeof(float)));
    fetch1D<float><<<(m + 63) / 64, 64>>>(t, out, m, first);
    CUDA(cudaDeviceSynchronize());
    float got[64];
    CUDA(cudaMemcpy(got, out, m * sizeof(float), cudaMemcpyDeviceToHost));
    for (int k = 0; k < m; ++k) {
      int i = first + k;
      float want = i < 0 || i >= n ? 0.0f : host[i] / 255.0f;
      if (std::fabs(got[k] - want) > 1e-6f) {
        std::printf("%s: tex1Dfetch(%d) = %g, want %g\n", name, i, got[k], want);
        ++bad;
      }
    }
    CUDA(cudaFree(out));
  }
  CUDA(cudaDestroyTextureObject(t));
  CUDA(cudaFree(dev));
}

int main() {
  // ------------------------------------------------------ tex1Dfetch
  const int n = 40;
  float f[n];
  int iv[n];
  unsigned char u[n];
  for (int i = 0; i < n; ++i) {
    f[i] = 0.5f * i - 3.25f;
    iv[i] = i * i - 17 * i;
    u[i] = (unsigned char)(i * 37 + 5);
  }
  check1D(f, n, cudaReadModeElementType, "float");
  check1D(iv, n, cudaReadModeElementType, "int");
  check1D(u, n, cudaReadModeElementType, "uchar");
  check1D(u, n, cudaReadModeNormalizedFloat, "uchar normalised");

  // ------------------------------------------------------ tex2D
  const int w = 7, h = 5;
  float img[w * h];
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x)
      img[y * w + x] = 10.0f * y + x + 0.125f * ((x * 3 + y) % 4);
  float *dimg;
  size_t pitch;
  CUDA(cudaMallocPitch((void **)&dimg, &pitch, w * sizeof(float), h));
  CUDA(cudaMemcpy2D(dimg, pitch, img, w * sizeof(float), w * sizeof(float), h,
                    cudaMemcpyHostToDevice));
  cudaResourceDesc rd;
  std::memset(&rd, 0, sizeof rd);
  rd.resType = cudaResourceTypePitch2D;
  rd.res.pitch2D.devPtr = dimg;
  rd.res.pitch2D.desc = cudaCreateChannelDesc<float>();
  rd.res.pitch2D.width = w;
  rd.res.pitch2D.height = h;
  rd.res.pitch2D.pitchInBytes = pitch;

  // Coordinates: texel centres, edges, quarter offsets, and outside on
  // every side; all multiples of 1/64 so the filter weights are exact.
  const int nc = 14 * 10;
  float2 coords[nc];
  for (int j = 0; j < 10; ++j)
    for (int i = 0; i < 14; ++i)
      coords[j * 14 + i] = make_float2(-2.25f + 0.75f * i, -1.5f + 0.875f * j);
  float2 *dcoords;
  float *dout;
  CUDA(cudaMalloc(&dcoords, sizeof coords));
  CUDA(cudaMalloc(&dout, nc * sizeof(float)));

  struct Case {
    cudaTextureFilterMode filter;
    cudaTextureAddressMode mode;
    int normalized;
  } cases[] = {{cudaFilterModePoint, cudaAddressModeClamp, 0},
               {cudaFilterModePoint, cudaAddressModeBorder, 0},
               {cudaFilterModePoint, cudaAddressModeClamp, 1},
               {cudaFilterModePoint, cudaAddressModeWrap, 1},
               {cudaFilterModePoint, cudaAddressModeMirror, 1},
               {cudaFilterModeLinear, cudaAddressModeClamp, 0},
               {cudaFilterModeLinear, cudaAddressModeBorder, 0},
               {cudaFilterModeLinear, cudaAddressModeWrap, 1},
               {cudaFilterModeLinear, cudaAddressModeClamp, 1}};
  for (const Case &c : cases) {
    cudaTextureDesc td;
    std::memset(&td, 0, sizeof td);
    td.addressMode[0] = td.addressMode[1] = c.mode;
    td.filterMode = c.filter;
    td.readMode = cudaReadModeElementType;
    td.normalizedCoords = c.normalized;
    float2 cs[nc];
    for (int k = 0; k < nc; ++k) // normalised: the same points scaled to [0,1)
      cs[k] = c.normalized ? make_float2(coords[k].x / 8, coords[k].y / 4) : coords[k];
    CUDA(cudaMemcpy(dcoords, cs, sizeof cs, cudaMemcpyHostToDevice));
    cudaTextureObject_t t = 0;
    CUDA(cudaCreateTextureObject(&t, &rd, &td, nullptr));
    fetch2D<<<(nc + 63) / 64, 64>>>(t, dcoords, dout, nc);
    CUDA(cudaDeviceSynchronize());
    float got[nc];
    CUDA(cudaMemcpy(got, dout, sizeof got, cudaMemcpyDeviceToHost));
    int wrong = 0;
    for (int k = 0; k < nc; ++k) {
      float want = reference2D(img, w, h, cs[k].x, cs[k].y, td);
      if (std::fabs(got[k] - want) > 1e-4f * (1 + std::fabs(want)) && wrong++ < 3)
        std::printf("tex2D filter %d mode %d normalised %d at (%g, %g) = %g, want %g\n",
                    (int)c.filter, (int)c.mode, c.normalized, cs[k].x, cs[k].y, got[k], want);
    }
    bad += wrong;
    CUDA(cudaDestroyTextureObject(t));
  }

  // The descriptors come back as given.
  {
    cudaTextureDesc td;
    std::memset(&td, 0, sizeof td);
    td.addressMode[0] = td.addressMode[1] = cudaAddressModeClamp;
    td.filterMode = cudaFilterModeLinear;
    cudaTextureObject_t t = 0;
    CUDA(cudaCreateTextureObject(&t, &rd, &td, nullptr));
    cudaResourceDesc rd2;
    cudaTextureDesc td2;
    CUDA(cudaGetTextureObjectResourceDesc(&rd2, t));
    CUDA(cudaGetTextureObjectTextureDesc(&td2, t));
    CHECK(rd2.resType == cudaResourceTypePitch2D && rd2.res.pitch2D.devPtr == dimg &&
          rd2.res.pitch2D.width == (size_t)w && rd2.res.pitch2D.pitchInBytes == pitch);
    CHECK(td2.filterMode == cudaFilterModeLinear && td2.addressMode[1] == cudaAddressModeClamp);
    CUDA(cudaDestroyTextureObject(t));
  }

  // Invalid descriptors are refused.
  {
    cudaTextureDesc td;
    std::memset(&td, 0, sizeof td);
    cudaTextureObject_t t = 0;
    CHECK(cudaCreateTextureObject(&t, nullptr, &td, nullptr) == cudaErrorInvalidValue);
    cudaResourceDesc bad2 = rd;
    bad2.res.pitch2D.pitchInBytes = w * sizeof(float) - 4; // narrower than a row
    CHECK(cudaCreateTextureObject(&t, &bad2, &td, nullptr) == cudaErrorInvalidValue);
    cudaGetLastError();
  }

  CUDA(cudaFree(dcoords));
  CUDA(cudaFree(dout));
  CUDA(cudaFree(dimg));
  if (bad == 0)
    std::printf("PASS\n");
  return bad == 0 ? 0 : 1;
}
