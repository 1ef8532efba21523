// Surface objects over CUDA arrays: surf1D/2D/3D and surf1DLayered/
// 2DLayered reads and writes of float, int, uchar4, float2 and short4
// elements at byte x coordinates, the three boundary modes outside the
// array (zero reads zero and drops the write, clamp uses the nearest
// element; trap is surface_trap.cu), surface writes read back by a texture
// fetch in the next launch and by cudaMemcpy2DFromArray, and threads that
// read what their neighbours wrote after a __syncthreads (the clean twin of
// surface_race.cu). Expected values are computed on the host; each part
// prints what it read, then PASS. Builds unmodified with nvcc -arch=sm_90.
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

const int W = 20, H = 12;

__global__ void write2D(cudaSurfaceObject_t s) {
  int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y;
  if (x < W)
    surf2Dwrite(1000.0f * y + x + 0.5f, s, x * (int)sizeof(float), y);
}

// Each thread writes its element, waits for its block, then reads the next
// thread's element (wrapping within the block's row).
__global__ void neighbours(cudaSurfaceObject_t s, float *out) {
  int x = threadIdx.x, y = blockIdx.x;
  surf2Dwrite(-1.0f * (y * W + x), s, x * 4, y);
  __syncthreads();
  out[y * W + x] = surf2Dread<float>(s, ((x + 1) % W) * 4, y);
}

// Reads at x in [-2, W+2) and y in [-1, H+1): zero mode then clamp mode.
__global__ void readModes(cudaSurfaceObject_t s, float *zero, float *clamp) {
  int i = threadIdx.x - 2, j = blockIdx.x - 1;
  int k = blockIdx.x * blockDim.x + threadIdx.x;
  zero[k] = surf2Dread<float>(s, i * 4, j, cudaBoundaryModeZero);
  surf2Dread(&clamp[k], s, i * 4, j, cudaBoundaryModeClamp);
  // Writes outside in zero mode are dropped.
  if (i < 0 || i >= W || j < 0 || j >= H)
    surf2Dwrite(7.0f, s, i * 4, j, cudaBoundaryModeZero);
}

__global__ void viaTexture(cudaTextureObject_t t, float *out) {
  int x = threadIdx.x, y = blockIdx.x;
  out[y * W + x] = tex2D<float>(t, x + 0.5f, y + 0.5f);
}

__global__ void oneD(cudaSurfaceObject_t s, int n, int *out) {
  int i = threadIdx.x;
  if (i < n)
    surf1Dwrite(i * i - 7, s, i * 4);
  __syncthreads();
  int v;
  surf1Dread(&v, s, (n - 1 - i) * 4, cudaBoundaryModeClamp); // i >= n clamps to element 0
  out[i] = v;
}

__global__ void threeD(cudaSurfaceObject_t s, uchar4 *out) {
  int x = threadIdx.x, y = threadIdx.y, z = blockIdx.x;
  surf3Dwrite(make_uchar4(x, y, z, x + y + z), s, x * 4, y, z);
  __syncthreads();
  int n = blockDim.x;
  uchar4 v = surf3Dread<uchar4>(s, (n - 1 - x) * 4, y, z);
  out[(z * blockDim.y + y) * n + x] = v;
}

__global__ void layered(cudaSurfaceObject_t s1, cudaSurfaceObject_t s2, float2 *out1,
                        short4 *out2) {
  int x = threadIdx.x, layer = blockIdx.x;
  surf1DLayeredwrite(make_float2(x, layer * 0.25f), s1, x * 8, layer);
  for (int y = 0; y < 3; ++y)
    surf2DLayeredwrite(make_short4(x, y, layer, -x), s2, x * 8, y, layer);
  __syncthreads();
  out1[layer * blockDim.x + x] = surf1DLayeredread<float2>(s1, x * 8, layer);
  short4 v;
  surf2DLayeredread(&v, s2, x * 8, 2, layer);
  out2[layer * blockDim.x + x] = v;
}

static cudaSurfaceObject_t surfaceOf(cudaArray_t a) {
  cudaResourceDesc rd;
  std::memset(&rd, 0, sizeof rd);
  rd.resType = cudaResourceTypeArray;
  rd.res.array.array = a;
  cudaSurfaceObject_t s = 0;
  CUDA(cudaCreateSurfaceObject(&s, &rd));
  return s;
}

int main() {
  // -------------------------------------------------------------- 2-D
  cudaChannelFormatDesc fd = cudaCreateChannelDesc<float>();
  cudaArray_t a = nullptr;
  CUDA(cudaMallocArray(&a, &fd, W, H, cudaArraySurfaceLoadStore));
  cudaSurfaceObject_t s = surfaceOf(a);
  write2D<<<dim3(1, H), 32>>>(s);
  CUDA(cudaDeviceSynchronize());
  static float host[H][W];
  CUDA(cudaMemcpy2DFromArray(host, W * sizeof(float), a, 0, 0, W * sizeof(float), H,
                             cudaMemcpyDeviceToHost));
  int wrong = 0;
  for (int y = 0; y < H; ++y)
    for (int x = 0; x < W; ++x)
      wrong += host[y][x] != 1000.0f * y + x + 0.5f;
  CHECK(wrong == 0);
  std::printf("surf2Dwrite: host[3][7] = %g, host[11][19] = %g\n", host[3][7], host[11][19]);

  // Boundary modes.
  const int RW = W + 4, RH = H + 2;
  float *dz, *dc;
  CUDA(cudaMalloc(&dz, RW * RH * sizeof(float)));
  CUDA(cudaMalloc(&dc, RW * RH * sizeof(float)));
  readModes<<<RH, RW>>>(s, dz, dc);
  CUDA(cudaDeviceSynchronize());
  static float gz[RH * RW], gc[RH * RW];
  CUDA(cudaMemcpy(gz, dz, sizeof gz, cudaMemcpyDeviceToHost));
  CUDA(cudaMemcpy(gc, dc, sizeof gc, cudaMemcpyDeviceToHost));
  wrong = 0;
  double sz = 0, sc = 0;
  for (int j = -1; j < H + 1; ++j)
    for (int i = -2; i < W + 2; ++i) {
      int k = (j + 1) * RW + (i + 2);
      bool inside = i >= 0 && i < W && j >= 0 && j < H;
      int ci = i < 0 ? 0 : (i >= W ? W - 1 : i), cj = j < 0 ? 0 : (j >= H ? H - 1 : j);
      wrong += gz[k] != (inside ? host[j][i] : 0.0f);
      wrong += gc[k] != host[cj][ci];
      sz += gz[k];
      sc += gc[k];
    }
  CHECK(wrong == 0);
  std::printf("boundary modes: zero sum %.1f, clamp sum %.1f, clamp(-2, -1) = %g\n", sz, sc, gc[0]);

  // A texture over the same array sees the writes of the earlier launch
  // (the zero-mode writes outside were dropped).
  {
    cudaResourceDesc rd;
    std::memset(&rd, 0, sizeof rd);
    rd.resType = cudaResourceTypeArray;
    rd.res.array.array = a;
    cudaTextureDesc td;
    std::memset(&td, 0, sizeof td);
    td.addressMode[0] = td.addressMode[1] = cudaAddressModeClamp;
    td.filterMode = cudaFilterModePoint;
    td.readMode = cudaReadModeElementType;
    cudaTextureObject_t t = 0;
    CUDA(cudaCreateTextureObject(&t, &rd, &td, nullptr));
    float *dt;
    CUDA(cudaMalloc(&dt, W * H * sizeof(float)));
    viaTexture<<<H, W>>>(t, dt);
    CUDA(cudaDeviceSynchronize());
    static float gt[H * W];
    CUDA(cudaMemcpy(gt, dt, sizeof gt, cudaMemcpyDeviceToHost));
    wrong = 0;
    for (int k = 0; k < W * H; ++k)
      wrong += gt[k] != host[k / W][k % W];
    CHECK(wrong == 0);
    std::printf("tex2D after surf2Dwrite: %g %g\n", gt[0], gt[W * H - 1]);
    CUDA(cudaDestroyTextureObject(t));
    CUDA(cudaFree(dt));
  }

  // Neighbours after a barrier.
  {
    float *dn;
    CUDA(cudaMalloc(&dn, W * H * sizeof(float)));
    neighbours<<<H, W>>>(s, dn);
    CUDA(cudaDeviceSynchronize());
    static float gn[H * W];
    CUDA(cudaMemcpy(gn, dn, sizeof gn, cudaMemcpyDeviceToHost));
    wrong = 0;
    for (int y = 0; y < H; ++y)
      for (int x = 0; x < W; ++x)
        wrong += gn[y * W + x] != -1.0f * (y * W + (x + 1) % W);
    CHECK(wrong == 0);
    std::printf("neighbours: %g %g\n", gn[0], gn[W * H - 1]);
    CUDA(cudaFree(dn));
  }
  cudaResourceDesc back;
  CUDA(cudaGetSurfaceObjectResourceDesc(&back, s));
  CHECK(back.resType == cudaResourceTypeArray && back.res.array.array == a);
  CUDA(cudaDestroySurfaceObject(s));

  // -------------------------------------------------------------- 1-D
  {
    cudaChannelFormatDesc id = cudaCreateChannelDesc<int>();
    cudaArray_t b = nullptr;
    const int n = 24;
    CUDA(cudaMallocArray(&b, &id, n, 0, cudaArraySurfaceLoadStore));
    cudaSurfaceObject_t s1 = surfaceOf(b);
    int *dout;
    CUDA(cudaMalloc(&dout, 32 * sizeof(int)));
    oneD<<<1, 32>>>(s1, n, dout);
    CUDA(cudaDeviceSynchronize());
    int got[32];
    CUDA(cudaMemcpy(got, dout, sizeof got, cudaMemcpyDeviceToHost));
    wrong = 0;
    for (int i = 0; i < 32; ++i) {
      int e = i < n ? n - 1 - i : 0;
      wrong += got[i] != e * e - 7;
    }
    CHECK(wrong == 0);
    std::printf("surf1D: %d %d %d\n", got[0], got[n - 1], got[31]);
    CUDA(cudaDestroySurfaceObject(s1));
    CUDA(cudaFree(dout));
    CUDA(cudaFreeArray(b));
  }

  // -------------------------------------------------------------- 3-D
  {
    cudaChannelFormatDesc cd = cudaCreateChannelDesc<uchar4>();
    cudaArray_t c = nullptr;
    const int X = 8, Y = 4, Z = 3;
    CUDA(cudaMalloc3DArray(&c, &cd, make_cudaExtent(X, Y, Z), cudaArraySurfaceLoadStore));
    cudaSurfaceObject_t s3 = surfaceOf(c);
    uchar4 *dout;
    CUDA(cudaMalloc(&dout, X * Y * Z * sizeof(uchar4)));
    threeD<<<Z, dim3(X, Y)>>>(s3, dout);
    CUDA(cudaDeviceSynchronize());
    uchar4 got[X * Y * Z];
    CUDA(cudaMemcpy(got, dout, sizeof got, cudaMemcpyDeviceToHost));
    wrong = 0;
    for (int z = 0; z < Z; ++z)
      for (int y = 0; y < Y; ++y)
        for (int x = 0; x < X; ++x) {
          uchar4 v = got[(z * Y + y) * X + x];
          int rx = X - 1 - x;
          wrong += v.x != rx || v.y != y || v.z != z || v.w != rx + y + z;
        }
    CHECK(wrong == 0);
    std::printf("surf3D: (%d %d %d %d)\n", got[13].x, got[13].y, got[13].z, got[13].w);
    CUDA(cudaDestroySurfaceObject(s3));
    CUDA(cudaFree(dout));
    CUDA(cudaFreeArray(c));
  }

  // ---------------------------------------------------------- layered
  {
    cudaChannelFormatDesc f2 = cudaCreateChannelDesc<float2>();
    cudaChannelFormatDesc s4 = cudaCreateChannelDesc<short4>();
    cudaArray_t l1 = nullptr, l2 = nullptr;
    const int X = 6, L = 3;
    CUDA(cudaMalloc3DArray(&l1, &f2, make_cudaExtent(X, 0, L),
                           cudaArrayLayered | cudaArraySurfaceLoadStore));
    CUDA(cudaMalloc3DArray(&l2, &s4, make_cudaExtent(X, 3, L),
                           cudaArrayLayered | cudaArraySurfaceLoadStore));
    cudaSurfaceObject_t sa = surfaceOf(l1), sb = surfaceOf(l2);
    float2 *o1;
    short4 *o2;
    CUDA(cudaMalloc(&o1, X * L * sizeof(float2)));
    CUDA(cudaMalloc(&o2, X * L * sizeof(short4)));
    layered<<<L, X>>>(sa, sb, o1, o2);
    CUDA(cudaDeviceSynchronize());
    float2 g1[X * L];
    short4 g2[X * L];
    CUDA(cudaMemcpy(g1, o1, sizeof g1, cudaMemcpyDeviceToHost));
    CUDA(cudaMemcpy(g2, o2, sizeof g2, cudaMemcpyDeviceToHost));
    wrong = 0;
    for (int l = 0; l < L; ++l)
      for (int x = 0; x < X; ++x) {
        float2 a1 = g1[l * X + x];
        short4 a2 = g2[l * X + x];
        wrong += a1.x != x || a1.y != l * 0.25f;
        wrong += a2.x != x || a2.y != 2 || a2.z != l || a2.w != -x;
      }
    CHECK(wrong == 0);
    std::printf("layered: (%g, %g) (%d %d %d %d)\n", g1[X * L - 1].x, g1[X * L - 1].y, g2[X + 1].x,
                g2[X + 1].y, g2[X + 1].z, g2[X + 1].w);
    CUDA(cudaDestroySurfaceObject(sa));
    CUDA(cudaDestroySurfaceObject(sb));
    CUDA(cudaFree(o1));
    CUDA(cudaFree(o2));
    CUDA(cudaFreeArray(l1));
    CUDA(cudaFreeArray(l2));
  }

  // An array made without cudaArraySurfaceLoadStore: the H200 (CUDA 13.0)
  // still creates the surface object.
  {
    cudaArray_t plain = nullptr;
    CUDA(cudaMallocArray(&plain, &fd, 4, 4));
    cudaResourceDesc rd;
    std::memset(&rd, 0, sizeof rd);
    rd.resType = cudaResourceTypeArray;
    rd.res.array.array = plain;
    cudaSurfaceObject_t none = 0;
    cudaError_t e = cudaCreateSurfaceObject(&none, &rd);
    std::printf("surface without cudaArraySurfaceLoadStore: %s\n", cudaGetErrorName(e));
    CHECK(e == cudaSuccess);
    CUDA(cudaDestroySurfaceObject(none));
    CUDA(cudaFreeArray(plain));
  }

  CUDA(cudaFree(dz));
  CUDA(cudaFree(dc));
  CUDA(cudaFreeArray(a));
  if (bad == 0)
    std::printf("PASS\n");
  return bad == 0 ? 0 : 1;
}
