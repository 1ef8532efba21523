// Cache-hint loads and stores (__ldg, __ldca, __ldcg, __ldcs, __ldlu, __ldcv,
// __stwb, __stcg, __stcs, __stwt) over every type CUDA declares them for:
// a hint never changes a value, so each load returns what is in memory and
// each store leaves its value there. Self-checking; prints PASS (also when
// built with nvcc -arch=sm_90).
#include <cstdio>
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

// Bytes of each element: 8 (long), 8 (unsigned long), 1, 1, 2, 4, 8, then
// vectors; every type goes through all ten functions.
template <class T> __device__ void roundTrip(const unsigned char *src, unsigned char *dst) {
  const T *s = reinterpret_cast<const T *>(src);
  T *d = reinterpret_cast<T *>(dst);
  __stwb(d + 0, __ldg(s + 0));
  __stcg(d + 1, __ldca(s + 1));
  __stcs(d + 2, __ldcg(s + 2));
  __stwt(d + 3, __ldcs(s + 3));
  __stwb(d + 4, __ldlu(s + 4));
  __stcs(d + 5, __ldcv(s + 5));
}

#define TYPES(X)                                                                                   \
  X(long)                                                                                          \
  X(unsigned long) X(char) X(signed char) X(short) X(int) X(long long) X(char2) X(char4) X(short2) \
      X(short4) X(int2) X(int4) X(longlong2) X(unsigned char) X(unsigned short) X(unsigned int)    \
          X(unsigned long long) X(uchar2) X(uchar4) X(ushort2) X(ushort4) X(uint2) X(uint4)        \
              X(ulonglong2) X(float) X(double) X(float2) X(float4) X(double2) X(__half) X(__half2) \
                  X(__nv_bfloat16) X(__nv_bfloat162)

constexpr int kSlot = 6 * 16; // six elements of at most 16 bytes

__global__ void copyAll(const unsigned char *src, unsigned char *dst) {
  int t = 0;
#define CALL(T)                                                                                    \
  if (threadIdx.x == t)                                                                            \
    roundTrip<T>(src + t * kSlot, dst + t * kSlot);                                                \
  ++t;
  TYPES(CALL)
#undef CALL
}

// Stores made with hints are read back by ordinary loads in a later launch.
__global__ void fill(float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    __stcs(out + i, 0.5f * i);
}

int main() {
  int types = 0;
  int sizes[64];
#define COUNT(T) sizes[types++] = sizeof(T);
  TYPES(COUNT)
#undef COUNT
  const int bytes = types * kSlot;
  unsigned char *src, *dst;
  cudaMallocManaged(&src, bytes);
  cudaMallocManaged(&dst, bytes);
  for (int i = 0; i < bytes; ++i) {
    src[i] = static_cast<unsigned char>(i * 7 + 3);
    dst[i] = 0;
  }
  copyAll<<<1, 64>>>(src, dst);
  cudaDeviceSynchronize();
  int bad = 0;
  for (int t = 0; t < types; ++t)
    for (int b = 0; b < kSlot; ++b) {
      const int i = t * kSlot + b;
      const unsigned char want = b < 6 * sizes[t] ? src[i] : 0;
      if (dst[i] != want && bad++ < 5)
        std::printf("type %d byte %d: %d, expected %d\n", t, b, dst[i], want);
    }
  float *out;
  cudaMallocManaged(&out, 1000 * sizeof(float));
  fill<<<4, 256>>>(out, 1000);
  cudaDeviceSynchronize();
  for (int i = 0; i < 1000; ++i)
    if (out[i] != 0.5f * i && bad++ < 10)
      std::printf("out[%d] = %g\n", i, out[i]);
  std::printf("%d types, %d bad\n", types, bad);
  std::printf(bad == 0 ? "PASS\n" : "FAIL\n");
  return bad == 0 ? 0 : 1;
}
