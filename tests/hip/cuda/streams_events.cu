// CUDA twin of tests/hip/streams_events.hip: the same program with cuda
// names (tests/hip/CMakeLists.txt compares their outputs).
#include <cuda_runtime.h>

#include <cstdio>
#include <vector>

#define CUDA_CHECK(expr)                                                                           \
  do {                                                                                             \
    cudaError_t e_ = (expr);                                                                       \
    if (e_ != cudaSuccess) {                                                                       \
      std::printf("%s:%d: %s failed: %s\n", __FILE__, __LINE__, #expr, cudaGetErrorString(e_));    \
      return 1;                                                                                    \
    }                                                                                              \
  } while (0)

__constant__ int offset;
__device__ int factor;

__global__ void fill(int *a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    a[i] = i + offset;
}

__global__ void combine(const int *a, int *b, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    b[i] = factor * a[i] + b[i];
}

int main() {
  const int n = 3000, block = 128, grid = (n + block - 1) / block;
  const int off = 5, fac = 3;
  CUDA_CHECK(cudaMemcpyToSymbol(offset, &off, sizeof off));
  CUDA_CHECK(cudaMemcpyToSymbol(factor, &fac, sizeof fac, 0, cudaMemcpyHostToDevice));
  int *a, *b, *host;
  CUDA_CHECK(cudaMalloc(&a, n * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&b, n * sizeof(int)));
  CUDA_CHECK(cudaMallocHost(&host, n * sizeof(int)));
  cudaStream_t s1, s2;
  CUDA_CHECK(cudaStreamCreate(&s1));
  CUDA_CHECK(cudaStreamCreateWithFlags(&s2, cudaStreamNonBlocking));
  cudaEvent_t start, filled, stop;
  CUDA_CHECK(cudaEventCreate(&start));
  CUDA_CHECK(cudaEventCreateWithFlags(&filled, cudaEventDisableTiming));
  CUDA_CHECK(cudaEventCreate(&stop));
  CUDA_CHECK(cudaEventRecord(start, s1));
  fill<<<dim3(grid), dim3(block), 0, s1>>>(a, n);
  CUDA_CHECK(cudaEventRecord(filled, s1));
  for (int i = 0; i < n; ++i)
    host[i] = 1;
  CUDA_CHECK(cudaMemcpyAsync(b, host, n * sizeof(int), cudaMemcpyHostToDevice, s2));
  CUDA_CHECK(cudaStreamWaitEvent(s2, filled, 0));
  combine<<<grid, block, 0, s2>>>(a, b, n);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaMemcpyAsync(host, b, n * sizeof(int), cudaMemcpyDeviceToHost, s2));
  CUDA_CHECK(cudaEventRecord(stop, s2));
  CUDA_CHECK(cudaStreamSynchronize(s2));
  CUDA_CHECK(cudaEventSynchronize(stop));
  float ms = -1.0f;
  CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));
  int bad = 0;
  long long sum = 0;
  for (int i = 0; i < n; ++i) {
    bad += host[i] != fac * (i + off) + 1;
    sum += host[i];
  }
  CUDA_CHECK(cudaMemsetAsync(a, 0, n * sizeof(int), s1));
  CUDA_CHECK(cudaStreamSynchronize(s1));
  CUDA_CHECK(cudaMemcpy(host, a, sizeof(int), cudaMemcpyDeviceToHost));
  std::printf("streams_events: sum=%lld mismatches=%d elapsed>=0:%s cleared=%d query=%s\n", sum,
              bad, ms >= 0.0f ? "yes" : "no", host[0],
              cudaStreamQuery(s1) == cudaSuccess ? "done" : "busy");
  CUDA_CHECK(cudaEventDestroy(start));
  CUDA_CHECK(cudaEventDestroy(filled));
  CUDA_CHECK(cudaEventDestroy(stop));
  CUDA_CHECK(cudaStreamDestroy(s1));
  CUDA_CHECK(cudaStreamDestroy(s2));
  CUDA_CHECK(cudaFreeHost(host));
  CUDA_CHECK(cudaFree(a));
  CUDA_CHECK(cudaFree(b));
  return bad == 0 ? 0 : 1;
}
