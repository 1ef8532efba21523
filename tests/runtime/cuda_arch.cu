// __CUDA_ARCH__ as nvcc's two passes see it: defined (900 for sm_90) in
// device code, undefined in host code; __host__ __device__ functions get the
// value of the side that runs them. A kernel body compiled without it would
// compute garbage here, so every path is checked.
#include <cstdio>
#include <cuda_runtime.h>

#define CHECK_CUDA(call)                                                                           \
  do {                                                                                             \
    cudaError_t err_ = (call);                                                                     \
    if (err_ != cudaSuccess) {                                                                     \
      std::fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(err_));          \
      return 1;                                                                                    \
    }                                                                                              \
  } while (0)

// A macro that depends on the arch, used inside bodies.
#define HAS_FAST_PATH (defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 700)

// The classic pre-sm_60 fallback, guarded so that the host pass never sees it.
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 600
#else
__device__ double atomicAdd(double *address, double val) { return 0.0; }
#endif

__host__ __device__ int whereAmI() {
#ifdef __CUDA_ARCH__
  return __CUDA_ARCH__;
#else
  return -1;
#endif
}

// Constant-evaluated on the host, run on both sides.
__host__ __device__ constexpr int doubled(int x) {
#if defined(__CUDA_ARCH__)
  return 2 * x + 0 * __CUDA_ARCH__;
#else
  return x + x;
#endif
}
static_assert(doubled(21) == 42, "constant evaluation takes the host body");

__device__ int archOfDevice() {
#ifdef __CUDA_ARCH__ // nvcc's host pass parses this body too
  return __CUDA_ARCH__;
#else
  return 0;
#endif
}

// Empty device bodies, `{}` on one line (as CUB writes constructors): the
// host code after them still sees no __CUDA_ARCH__.
// Enough of them that the bracketing's sort is not an insertion sort.
__device__ void nothing() {}
__device__ void nothing1() {}
__device__ void nothing2() {}
__device__ void nothing3() {}
__device__ void nothing4() {}
__device__ void nothing5() {}
__device__ void nothing6() {}
__device__ void nothing7() {}
__device__ void nothing8() {}
__device__ void nothing9() {}
__device__ void nothing10() {}
__device__ void nothing11() {}
__device__ void nothing12() {}
__device__ void nothing13() {}
__device__ void nothing14() {}
__device__ void nothing15() {}
struct Empty {
  __device__ Empty() {}
};

struct Probe {
  __host__ __device__ int value() const {
#if HAS_FAST_PATH
    return 7;
#else
    return 3;
#endif
  }
};

__global__ void kernel(int *out) {
  int i = threadIdx.x;
#if __CUDA_ARCH__ >= 700
  out[i] = i + 1000;
#else
  out[i] = -1; // what a kernel compiled without __CUDA_ARCH__ would compute
#endif
  if (i == 0) {
    nothing();
    Empty e;
    (void)e;
    out[32] = whereAmI();
    out[33] = archOfDevice();
    out[34] = Probe{}.value();
    out[35] = doubled(5);
#ifdef __CUDA_ARCH__
    out[36] = 1;
#endif
#ifndef __CUDA_ARCH__
    out[36] = 2;
#endif
  }
}

int main() {
  int *d = nullptr;
  CHECK_CUDA(cudaMalloc(&d, 37 * sizeof(int)));
  CHECK_CUDA(cudaMemset(d, 0, 37 * sizeof(int)));
  kernel<<<1, 32>>>(d);
  CHECK_CUDA(cudaGetLastError());
  int h[37];
  CHECK_CUDA(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost));
  int bad = 0;
  for (int i = 0; i < 32; ++i)
    bad += h[i] != i + 1000;
  std::printf("device: whereAmI %d, archOfDevice %d, Probe %d, doubled %d, ifdef %d\n", h[32],
              h[33], h[34], h[35], h[36]);
  std::printf("host: whereAmI %d, Probe %d, doubled %d\n", whereAmI(), Probe{}.value(),
              doubled(5));
#ifdef __CUDA_ARCH__
  bad += 100; // host code never sees __CUDA_ARCH__
#endif
  bad += h[32] != 900 || h[33] != 900 || h[34] != 7 || h[35] != 10 || h[36] != 1;
  bad += whereAmI() != -1 || Probe{}.value() != 3 || doubled(5) != 10;
  std::printf("%s\n", bad ? "FAIL" : "PASS");
  CHECK_CUDA(cudaFree(d));
  return bad ? 1 : 0;
}
