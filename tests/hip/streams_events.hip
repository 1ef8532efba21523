// Two streams, asynchronous copies and memsets, kernels ordered across the
// streams by an event (hipStreamWaitEvent), timing events, and a constant
// copied in with hipMemcpyToSymbol (both spellings: the symbol and
// HIP_SYMBOL). CUDA twin: cuda/streams_events.cu (same output).
#include <hip/hip_runtime.h>

#include <cstdio>
#include <vector>

#define HIP_CHECK(expr)                                                                            \
  do {                                                                                             \
    hipError_t e_ = (expr);                                                                        \
    if (e_ != hipSuccess) {                                                                        \
      std::printf("%s:%d: %s failed: %s\n", __FILE__, __LINE__, #expr, hipGetErrorString(e_));    \
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
  HIP_CHECK(hipMemcpyToSymbol(offset, &off, sizeof off));
  HIP_CHECK(hipMemcpyToSymbol(HIP_SYMBOL(factor), &fac, sizeof fac, 0, hipMemcpyHostToDevice));
  int *a, *b, *host;
  HIP_CHECK(hipMalloc(&a, n * sizeof(int)));
  HIP_CHECK(hipMalloc(&b, n * sizeof(int)));
  HIP_CHECK(hipHostMalloc(&host, n * sizeof(int), hipHostMallocDefault));
  hipStream_t s1, s2;
  HIP_CHECK(hipStreamCreate(&s1));
  HIP_CHECK(hipStreamCreateWithFlags(&s2, hipStreamNonBlocking));
  hipEvent_t start, filled, stop;
  HIP_CHECK(hipEventCreate(&start));
  HIP_CHECK(hipEventCreateWithFlags(&filled, hipEventDisableTiming));
  HIP_CHECK(hipEventCreate(&stop));
  HIP_CHECK(hipEventRecord(start, s1));
  hipLaunchKernelGGL(fill, dim3(grid), dim3(block), 0, s1, a, n);
  HIP_CHECK(hipEventRecord(filled, s1));
  for (int i = 0; i < n; ++i)
    host[i] = 1;
  HIP_CHECK(hipMemcpyAsync(b, host, n * sizeof(int), hipMemcpyHostToDevice, s2));
  HIP_CHECK(hipStreamWaitEvent(s2, filled, 0));
  combine<<<grid, block, 0, s2>>>(a, b, n);
  HIP_CHECK(hipGetLastError());
  HIP_CHECK(hipMemcpyAsync(host, b, n * sizeof(int), hipMemcpyDeviceToHost, s2));
  HIP_CHECK(hipEventRecord(stop, s2));
  HIP_CHECK(hipStreamSynchronize(s2));
  HIP_CHECK(hipEventSynchronize(stop));
  float ms = -1.0f;
  HIP_CHECK(hipEventElapsedTime(&ms, start, stop));
  int bad = 0;
  long long sum = 0;
  for (int i = 0; i < n; ++i) {
    bad += host[i] != fac * (i + off) + 1;
    sum += host[i];
  }
  HIP_CHECK(hipMemsetAsync(a, 0, n * sizeof(int), s1));
  HIP_CHECK(hipStreamSynchronize(s1));
  HIP_CHECK(hipMemcpy(host, a, sizeof(int), hipMemcpyDeviceToHost));
  std::printf("streams_events: sum=%lld mismatches=%d elapsed>=0:%s cleared=%d query=%s\n", sum,
              bad, ms >= 0.0f ? "yes" : "no", host[0],
              hipStreamQuery(s1) == hipSuccess ? "done" : "busy");
  HIP_CHECK(hipEventDestroy(start));
  HIP_CHECK(hipEventDestroy(filled));
  HIP_CHECK(hipEventDestroy(stop));
  HIP_CHECK(hipStreamDestroy(s1));
  HIP_CHECK(hipStreamDestroy(s2));
  HIP_CHECK(hipHostFree(host));
  HIP_CHECK(hipFree(a));
  HIP_CHECK(hipFree(b));
  return bad == 0 ? 0 : 1;
}
