// GPU probe of linear texture filtering: writes raw float results to DIR.
//  w3d.bin    : impulse 1.0 at (3,3,3) of an 8^3 float array; for corner
//               (i,j,k) in 0..7 (i = bit0, j = bit1, k = bit2) and fractions
//               a,b,c = ia/256 (ia = 0,4,...,252), one float, order
//               [corner][ic][ib][ia].
//  r3d.bin    : 512 random float texels (as written) then the fetches at
//               x,y,z = 2 + k*3/256 (k = 0..63), order [z][y][x].
//  n2d_T.bin  : for T in uchar, char, ushort, short: 64 texels (8x8, as
//               written, as int32) then fetches (normalised float read) at
//               x,y = 2 + k*3/256 (k = 0..255), order [y][x].
//  i2d_T.bin  : impulse V at (3,3) of an 8x8 T array, for each V of the list
//               in the source, corner (i,j) 0..3, fractions a,b = ia/256
//               (ia = 0,2,...,254): [v][corner][ib][ia].
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
#include <string>
#include <vector>

#define CK(x)                                                                                      \
  do {                                                                                             \
    cudaError_t e = (x);                                                                           \
    if (e != cudaSuccess) {                                                                        \
      printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e));                            \
      exit(1);                                                                                     \
    }                                                                                              \
  } while (0)

__global__ void fetch3(cudaTextureObject_t t, const float4 *c, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = tex3D<float>(t, c[i].x, c[i].y, c[i].z);
}
__global__ void fetch2(cudaTextureObject_t t, const float4 *c, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = tex2D<float>(t, c[i].x, c[i].y);
}

static std::vector<float> run(cudaTextureObject_t t, const std::vector<float4> &c, bool three) {
  int n = (int)c.size();
  float4 *dc;
  float *dout;
  CK(cudaMalloc(&dc, n * sizeof(float4)));
  CK(cudaMalloc(&dout, n * sizeof(float)));
  CK(cudaMemcpy(dc, c.data(), n * sizeof(float4), cudaMemcpyHostToDevice));
  if (three)
    fetch3<<<(n + 255) / 256, 256>>>(t, dc, dout, n);
  else
    fetch2<<<(n + 255) / 256, 256>>>(t, dc, dout, n);
  CK(cudaGetLastError());
  std::vector<float> out(n);
  CK(cudaMemcpy(out.data(), dout, n * sizeof(float), cudaMemcpyDeviceToHost));
  cudaFree(dc);
  cudaFree(dout);
  return out;
}

static void save(const std::string &path, const void *p, size_t bytes, bool append = false) {
  FILE *f = fopen(path.c_str(), append ? "ab" : "wb");
  fwrite(p, 1, bytes, f);
  fclose(f);
}

static cudaTextureObject_t tex3dOf(const std::vector<float> &v) {
  cudaChannelFormatDesc d = cudaCreateChannelDesc<float>();
  cudaArray_t a;
  CK(cudaMalloc3DArray(&a, &d, make_cudaExtent(8, 8, 8)));
  cudaMemcpy3DParms p = {};
  p.srcPtr = make_cudaPitchedPtr((void *)v.data(), 8 * sizeof(float), 8, 8);
  p.dstArray = a;
  p.extent = make_cudaExtent(8, 8, 8);
  p.kind = cudaMemcpyHostToDevice;
  CK(cudaMemcpy3D(&p));
  cudaResourceDesc r = {};
  r.resType = cudaResourceTypeArray;
  r.res.array.array = a;
  cudaTextureDesc td = {};
  td.addressMode[0] = td.addressMode[1] = td.addressMode[2] = cudaAddressModeClamp;
  td.filterMode = cudaFilterModeLinear;
  td.readMode = cudaReadModeElementType;
  cudaTextureObject_t t;
  CK(cudaCreateTextureObject(&t, &r, &td, nullptr));
  return t;
}

template <class T> static cudaTextureObject_t tex2dOf(const std::vector<T> &v) {
  cudaChannelFormatDesc d = cudaCreateChannelDesc<T>();
  cudaArray_t a;
  CK(cudaMallocArray(&a, &d, 8, 8));
  CK(cudaMemcpy2DToArray(a, 0, 0, v.data(), 8 * sizeof(T), 8 * sizeof(T), 8,
                         cudaMemcpyHostToDevice));
  cudaResourceDesc r = {};
  r.resType = cudaResourceTypeArray;
  r.res.array.array = a;
  cudaTextureDesc td = {};
  td.addressMode[0] = td.addressMode[1] = cudaAddressModeClamp;
  td.filterMode = cudaFilterModeLinear;
  td.readMode = cudaReadModeNormalizedFloat;
  cudaTextureObject_t t;
  CK(cudaCreateTextureObject(&t, &r, &td, nullptr));
  return t;
}

static unsigned rng = 12345;
static unsigned next() { return rng = rng * 1103515245u + 12345u; }

template <class T>
static void probe2d(const std::string &dir, const char *name, std::vector<long> vals) {
  // random texels
  std::vector<T> tex(64);
  std::vector<int> texi(64);
  for (int i = 0; i < 64; ++i) {
    tex[i] = (T)(next() >> 8);
    texi[i] = (int)tex[i];
  }
  std::vector<float4> c;
  for (int y = 0; y < 256; ++y)
    for (int x = 0; x < 256; ++x)
      c.push_back(make_float4(2 + x * 3 / 256.0f, 2 + y * 3 / 256.0f, 0, 0));
  auto out = run(tex2dOf(tex), c, false);
  std::string f = dir + "/n2d_" + name + ".bin";
  save(f, texi.data(), 64 * 4);
  save(f, out.data(), out.size() * 4, true);
  // impulses
  std::string g = dir + "/i2d_" + name + ".bin";
  save(g, nullptr, 0);
  for (long v : vals) {
    std::vector<T> imp(64, (T)0);
    imp[3 * 8 + 3] = (T)v;
    auto t = tex2dOf(imp);
    std::vector<float4> ci;
    for (int corner = 0; corner < 4; ++corner)
      for (int ib = 0; ib < 256; ib += 2)
        for (int ia = 0; ia < 256; ia += 2)
          ci.push_back(make_float4(3 + 0.5f - (corner & 1) + ia / 256.0f,
                                   3 + 0.5f - ((corner >> 1) & 1) + ib / 256.0f, 0, 0));
    auto o = run(t, ci, false);
    save(g, o.data(), o.size() * 4, true);
  }
}

int main(int argc, char **argv) {
  std::string dir = argc > 1 ? argv[1] : ".";
  {
    std::vector<float> imp(512, 0.0f);
    imp[3 * 64 + 3 * 8 + 3] = 1.0f;
    std::vector<float4> c;
    for (int corner = 0; corner < 8; ++corner)
      for (int ic = 0; ic < 256; ic += 4)
        for (int ib = 0; ib < 256; ib += 4)
          for (int ia = 0; ia < 256; ia += 4)
            c.push_back(make_float4(3 + 0.5f - (corner & 1) + ia / 256.0f,
                                    3 + 0.5f - ((corner >> 1) & 1) + ib / 256.0f,
                                    3 + 0.5f - ((corner >> 2) & 1) + ic / 256.0f, 0));
    auto o = run(tex3dOf(imp), c, true);
    save(dir + "/w3d.bin", o.data(), o.size() * 4);
  }
  {
    std::vector<float> tex(512);
    for (auto &v : tex)
      v = (float)((int)(next() >> 16) % 2001 - 1000) / 37.0f;
    std::vector<float4> c;
    for (int z = 0; z < 64; ++z)
      for (int y = 0; y < 64; ++y)
        for (int x = 0; x < 64; ++x)
          c.push_back(make_float4(2 + x * 3 / 256.0f, 2 + y * 3 / 256.0f, 2 + z * 3 / 256.0f, 0));
    auto o = run(tex3dOf(tex), c, true);
    save(dir + "/r3d.bin", tex.data(), tex.size() * 4);
    save(dir + "/r3d.bin", o.data(), o.size() * 4, true);
  }
  probe2d<unsigned char>(dir, "uchar", {255, 1, 200});
  probe2d<signed char>(dir, "char", {127, -128, -64, 1, -1, 37, 100});
  probe2d<unsigned short>(dir, "ushort", {65535, 1, 40000, 12345});
  probe2d<short>(dir, "short", {32767, -32768, -12345, 1, 1000});
  printf("probe done\n");
  return 0;
}
