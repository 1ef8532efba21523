// The ways CUDA code aligns shared and device memory, all accepted by nvcc:
// alignas after the memory-space keyword (with an alignment or a type),
// alignas before it, __align__ (also on dynamic shared memory). Each
// variable must land on its alignment. (nvcc 13 rejects alignas after
// `static __shared__` or `extern __shared__`: "attribute does not apply to
// any entity".)
#include <cstdint>
#include <cstdio>
#include <cuda_runtime.h>

#define CHECK(call)                                                                                \
  do {                                                                                             \
    cudaError_t e_ = (call);                                                                       \
    if (e_ != cudaSuccess) {                                                                       \
      printf("%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_));                           \
      return 1;                                                                                    \
    }                                                                                              \
  } while (0)

__device__ alignas(64) int table[4] = {1, 2, 3, 4};

__global__ void aligned(unsigned *bad, int *sum) {
  __shared__ char pad; // pushes the next variable off any alignment
  __shared__ alignas(16) float a[33];
  __shared__ alignas(double4) char b[8];
  alignas(128) __shared__ int c[2];
  __shared__ alignas(32) short d[3];
  __shared__ __align__(16) float e[5];
  extern __shared__ __align__(16) unsigned char dyn[];
  const unsigned t = threadIdx.x;
  if (t == 0) {
    pad = 1;
    unsigned m = 0;
    m |= (reinterpret_cast<std::uintptr_t>(a) % 16 != 0) << 0;
    m |= (reinterpret_cast<std::uintptr_t>(b) % alignof(double4) != 0) << 1;
    m |= (reinterpret_cast<std::uintptr_t>(c) % 128 != 0) << 2;
    m |= (reinterpret_cast<std::uintptr_t>(d) % 32 != 0) << 3;
    m |= (reinterpret_cast<std::uintptr_t>(e) % 16 != 0) << 4;
    m |= (reinterpret_cast<std::uintptr_t>(dyn) % 16 != 0) << 5;
    m |= (reinterpret_cast<std::uintptr_t>(table) % 64 != 0) << 6;
    *bad = m;
    c[0] = table[0] + table[3] + pad;
  }
  __syncthreads();
  if (t == 0)
    *sum = c[0];
}

int main() {
  unsigned *bad, hbad = ~0u;
  int *sum, hsum = 0;
  CHECK(cudaMalloc(&bad, sizeof *bad));
  CHECK(cudaMalloc(&sum, sizeof *sum));
  aligned<<<1, 32, 512>>>(bad, sum);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(&hbad, bad, sizeof hbad, cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(&hsum, sum, sizeof hsum, cudaMemcpyDeviceToHost));
  printf("misaligned mask %u, sum %d\n", hbad, hsum);
  printf("%s\n", hbad == 0 && hsum == 6 ? "PASS" : "FAIL");
  return hbad == 0 && hsum == 6 ? 0 : 1;
}
