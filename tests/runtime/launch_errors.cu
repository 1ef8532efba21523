// Launch-configuration errors behave like the real runtime: the error code
// from cudaGetLastError, and the kernel does not run. The expected codes are
// what CUDA 13 returns on an H100 (tests/runtime/native-h100.txt): every bad
// configuration is cudaErrorInvalidValue there.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void mark(int *flag) { flag[0] = 1; }

static int failures = 0;
static void expect(const char *what, cudaError_t got, cudaError_t want) {
  std::printf("%-36s %s\n", what, cudaGetErrorName(got));
  if (got != want)
    ++failures;
}

int main() {
  int *d, h = 0;
  cudaMalloc(&d, sizeof(int));
  cudaMemset(d, 0, sizeof(int));

  mark<<<1, 1025>>>(d);
  expect("1025 threads per block", cudaGetLastError(), cudaErrorInvalidValue);
  mark<<<1, dim3(32, 32, 2)>>>(d);
  expect("2048 threads in a 3-D block", cudaGetLastError(), cudaErrorInvalidValue);
  mark<<<0, 32>>>(d);
  expect("zero-sized grid", cudaGetLastError(), cudaErrorInvalidValue);
  mark<<<dim3(1, 65536), 32>>>(d);
  expect("grid y of 65536", cudaGetLastError(), cudaErrorInvalidValue);
  mark<<<1, 32, 64 * 1024>>>(d);
  expect("64 KiB dynamic shared memory", cudaGetLastError(), cudaErrorInvalidValue);
  cudaMemcpy(&h, d, sizeof h, cudaMemcpyDeviceToHost);
  expect("none of them ran", h == 0 ? cudaSuccess : cudaErrorUnknown, cudaSuccess);

  cudaFuncSetAttribute(mark, cudaFuncAttributeMaxDynamicSharedMemorySize, 64 * 1024);
  mark<<<1, 32, 64 * 1024>>>(d);
  expect("64 KiB after cudaFuncSetAttribute", cudaGetLastError(), cudaSuccess);
  cudaMemcpy(&h, d, sizeof h, cudaMemcpyDeviceToHost);
  expect("that one ran", h == 1 ? cudaSuccess : cudaErrorUnknown, cudaSuccess);
  // Launch errors are not sticky: the next launch works.
  mark<<<1, 1>>>(d);
  expect("a good launch afterwards", cudaGetLastError(), cudaSuccess);
  std::printf("%s\n", failures == 0 ? "PASS" : "FAIL");
  return failures == 0 ? 0 : 1;
}
