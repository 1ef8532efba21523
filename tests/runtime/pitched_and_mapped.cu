// Pitched 2-D/3-D memory, mapped and registered host memory, stream
// priorities and device limits, each result checked (every byte of the
// copies). Prints PASS when all hold; valid for nvcc on an H100.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>

static int failures = 0;
#define CHECK(cond)                                                                                \
  do {                                                                                             \
    if (!(cond)) {                                                                                 \
      std::printf("FAILED: %s (line %d)\n", #cond, __LINE__);                                      \
      ++failures;                                                                                  \
    }                                                                                              \
  } while (0)
#define CUDA_OK(call) CHECK((call) == cudaSuccess)

// Adds 1 to each byte of a width x height region with the given pitch.
__global__ void bump2D(unsigned char *p, size_t pitch, int width, int height) {
  int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y;
  if (x < width && y < height)
    p[y * pitch + x] += 1;
}

__global__ void doubleAll(int *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    p[i] *= 2;
}

static void pitched2D() {
  const int w = 300, h = 7, hostPitch = 333;
  unsigned char *src = static_cast<unsigned char *>(std::malloc(hostPitch * h));
  unsigned char *back = static_cast<unsigned char *>(std::malloc(hostPitch * h));
  for (int i = 0; i < hostPitch * h; ++i)
    src[i] = static_cast<unsigned char>(i * 7 + 3);
  std::memset(back, 0xEE, hostPitch * h);
  unsigned char *d = nullptr;
  size_t pitch = 0;
  CUDA_OK(cudaMallocPitch(reinterpret_cast<void **>(&d), &pitch, w, h));
  CHECK(pitch == 512);
  CUDA_OK(cudaMemcpy2D(d, pitch, src, hostPitch, w, h, cudaMemcpyHostToDevice));
  bump2D<<<dim3((w + 127) / 128, h), 128>>>(d, pitch, w, h);
  CUDA_OK(cudaGetLastError());
  CUDA_OK(cudaMemcpy2D(back, hostPitch, d, pitch, w, h, cudaMemcpyDeviceToHost));
  int bad = 0;
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < hostPitch; ++x) {
      unsigned char want =
          x < w ? static_cast<unsigned char>(src[y * hostPitch + x] + 1) : 0xEE; // padding untouched
      bad += back[y * hostPitch + x] != want;
    }
  CHECK(bad == 0);
  // Memset2D: a 10 x 3 box at (5, 2); the rest stays.
  CUDA_OK(cudaMemset2D(d + 2 * pitch + 5, pitch, 0x5A, 10, 3));
  CUDA_OK(cudaMemcpy2DAsync(back, hostPitch, d, pitch, w, h, cudaMemcpyDeviceToHost, 0));
  CUDA_OK(cudaStreamSynchronize(0));
  bad = 0;
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      bool in = y >= 2 && y < 5 && x >= 5 && x < 15;
      unsigned char want = in ? 0x5A : static_cast<unsigned char>(src[y * hostPitch + x] + 1);
      bad += back[y * hostPitch + x] != want;
    }
  CHECK(bad == 0);
  // Errors: a pitch narrower than the row, a region past the allocation.
  CHECK(cudaMemcpy2D(d, 100, src, hostPitch, w, h, cudaMemcpyHostToDevice) ==
        cudaErrorInvalidPitchValue);
  CHECK(cudaMemcpy2D(d, pitch, src, hostPitch, w, h + 1, cudaMemcpyHostToDevice) ==
        cudaErrorInvalidValue);
  CHECK(cudaMemset2D(d, 100, 0, w, h) == cudaErrorInvalidValue);
  cudaGetLastError();
  CUDA_OK(cudaFree(d));
  std::free(src);
  std::free(back);
}

static void pitched3D() {
  const size_t w = 40, h = 5, depth = 3;
  cudaPitchedPtr dp;
  CUDA_OK(cudaMalloc3D(&dp, make_cudaExtent(w, h, depth)));
  CHECK(dp.pitch == 512 && dp.xsize == w && dp.ysize == h);
  static unsigned char host[depth][h][w], back[depth][h][w];
  for (size_t z = 0; z < depth; ++z)
    for (size_t y = 0; y < h; ++y)
      for (size_t x = 0; x < w; ++x)
        host[z][y][x] = static_cast<unsigned char>(z * 100 + y * 10 + x);
  CUDA_OK(cudaMemset3D(dp, 0, make_cudaExtent(w, h, depth)));
  cudaMemcpy3DParms p;
  std::memset(&p, 0, sizeof p);
  p.srcPtr = make_cudaPitchedPtr(host, w, w, h);
  p.dstPtr = dp;
  p.extent = make_cudaExtent(w, h, depth);
  p.kind = cudaMemcpyHostToDevice;
  CUDA_OK(cudaMemcpy3D(&p));
  // Back: only a 8 x 2 x 2 box from (3, 1, 1), into the same place.
  std::memset(back, 0, sizeof back);
  std::memset(&p, 0, sizeof p);
  p.srcPtr = dp;
  p.srcPos = make_cudaPos(3, 1, 1);
  p.dstPtr = make_cudaPitchedPtr(back, w, w, h);
  p.dstPos = make_cudaPos(3, 1, 1);
  p.extent = make_cudaExtent(8, 2, 2);
  p.kind = cudaMemcpyDeviceToHost;
  CUDA_OK(cudaMemcpy3DAsync(&p, 0));
  CUDA_OK(cudaDeviceSynchronize());
  int bad = 0;
  for (size_t z = 0; z < depth; ++z)
    for (size_t y = 0; y < h; ++y)
      for (size_t x = 0; x < w; ++x) {
        bool in = z >= 1 && z < 3 && y >= 1 && y < 3 && x >= 3 && x < 11;
        bad += back[z][y][x] != (in ? host[z][y][x] : 0);
      }
  CHECK(bad == 0);
  CUDA_OK(cudaFree(dp.ptr));
}

static void mappedMemory() {
  CUDA_OK(cudaSetDeviceFlags(cudaDeviceScheduleBlockingSync | cudaDeviceMapHost));
  unsigned flags = 0;
  CUDA_OK(cudaGetDeviceFlags(&flags));
  CHECK(flags == (cudaDeviceScheduleBlockingSync | cudaDeviceMapHost));
  const int n = 1000;
  int *h = nullptr, *d = nullptr;
  CUDA_OK(cudaHostAlloc(reinterpret_cast<void **>(&h), n * sizeof(int), cudaHostAllocMapped));
  CUDA_OK(cudaHostGetDevicePointer(reinterpret_cast<void **>(&d), h, 0));
  unsigned hf = 0;
  CUDA_OK(cudaHostGetFlags(&hf, h));
  CHECK(hf == cudaHostAllocMapped);
  for (int i = 0; i < n; ++i)
    h[i] = i;
  doubleAll<<<(n + 255) / 256, 256>>>(d, n);
  CUDA_OK(cudaDeviceSynchronize());
  int bad = 0;
  for (int i = 0; i < n; ++i)
    bad += h[i] != 2 * i;
  CHECK(bad == 0);
  CUDA_OK(cudaFreeHost(h));

  // The program's own memory, registered: kernels use it at its address.
  // Page-aligned, as memory to register usually is (and so the profile's
  // sector counts do not depend on where the C heap puts it).
  int *mine = static_cast<int *>(std::aligned_alloc(4096, (n * sizeof(int) + 4095) / 4096 * 4096));
  for (int i = 0; i < n; ++i)
    mine[i] = i + 1;
  CUDA_OK(cudaHostRegister(mine, n * sizeof(int), cudaHostRegisterMapped));
  CHECK(cudaHostRegister(mine, n * sizeof(int), cudaHostRegisterMapped) ==
        cudaErrorHostMemoryAlreadyRegistered);
  int *dm = nullptr;
  CUDA_OK(cudaHostGetDevicePointer(reinterpret_cast<void **>(&dm), mine, 0));
  CHECK(dm == mine);
  doubleAll<<<(n + 255) / 256, 256>>>(dm, n);
  CUDA_OK(cudaDeviceSynchronize());
  bad = 0;
  for (int i = 0; i < n; ++i)
    bad += mine[i] != 2 * (i + 1);
  CHECK(bad == 0);
  CUDA_OK(cudaHostUnregister(mine));
  CHECK(cudaHostUnregister(mine) == cudaErrorHostMemoryNotRegistered);
  CHECK(cudaHostGetDevicePointer(reinterpret_cast<void **>(&dm), mine, 0) ==
        cudaErrorInvalidValue);
  cudaGetLastError();
  std::free(mine);
}

static void streamsAndLimits() {
  int least = 1, greatest = 1;
  CUDA_OK(cudaDeviceGetStreamPriorityRange(&least, &greatest));
  CHECK(least == 0 && greatest < 0);
  cudaStream_t hi, lo;
  CUDA_OK(cudaStreamCreateWithPriority(&hi, cudaStreamNonBlocking, greatest - 10));
  CUDA_OK(cudaStreamCreateWithPriority(&lo, cudaStreamDefault, least + 10));
  int ph = 1, pl = -1;
  unsigned fh = 0, fl = 1;
  CUDA_OK(cudaStreamGetPriority(hi, &ph));
  CUDA_OK(cudaStreamGetPriority(lo, &pl));
  CUDA_OK(cudaStreamGetFlags(hi, &fh));
  CUDA_OK(cudaStreamGetFlags(lo, &fl));
  CHECK(ph == greatest && pl == least && fh == cudaStreamNonBlocking && fl == cudaStreamDefault);
  // Async copies and sets on the streams, in order on each.
  int *d = nullptr, h[64];
  CUDA_OK(cudaMalloc(&d, sizeof h));
  CUDA_OK(cudaMemsetAsync(d, 0x01, sizeof h, hi));
  CUDA_OK(cudaMemcpyAsync(h, d, sizeof h, cudaMemcpyDeviceToHost, hi));
  CUDA_OK(cudaStreamSynchronize(hi));
  int bad = 0;
  for (int v : h)
    bad += v != 0x01010101;
  CHECK(bad == 0);
  CUDA_OK(cudaFree(d));
  CUDA_OK(cudaStreamDestroy(hi));
  CUDA_OK(cudaStreamDestroy(lo));

  size_t v = 0;
  CUDA_OK(cudaDeviceGetLimit(&v, cudaLimitStackSize));
  CHECK(v == 1024);
  CUDA_OK(cudaDeviceSetLimit(cudaLimitStackSize, 4096));
  CUDA_OK(cudaDeviceGetLimit(&v, cudaLimitStackSize));
  CHECK(v == 4096);
  CUDA_OK(cudaDeviceGetLimit(&v, cudaLimitMallocHeapSize));
  CHECK(v == 8 * 1024 * 1024);
  CHECK(cudaDeviceGetLimit(&v, static_cast<cudaLimit>(99)) == cudaErrorInvalidValue);
  cudaGetLastError();
}

int main() {
  pitched2D();
  pitched3D();
  mappedMemory();
  streamsAndLimits();
  std::printf("%s\n", failures == 0 ? "PASS" : "FAIL");
  return failures == 0 ? 0 : 1;
}
