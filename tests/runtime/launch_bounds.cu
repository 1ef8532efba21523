// __launch_bounds__ is not only a hint: a kernel compiled for at most N
// threads per block cannot be launched with more. The launch fails with
// cudaErrorInvalidValue (H100, CUDA 13: tests/runtime/native-h100.txt) and
// the kernel does not run; within the bound it runs as usual. The bound may
// be a template argument or a constant expression.
#include <cstdio>
#include <cuda_runtime.h>

constexpr int kTile = 64;

__global__ void __launch_bounds__(128) bounded(int *p) { p[threadIdx.x] += 1; }

template <int Threads> __global__ void __launch_bounds__(Threads, 2) templated(int *p) {
  p[threadIdx.x] += Threads;
}

__global__ void __launch_bounds__(kTile * 4) expression(int *p) {
  p[threadIdx.y * blockDim.x + threadIdx.x] += 2;
}

int main() {
  int *d;
  int h[512];
  cudaMalloc(&d, sizeof h);
  cudaMemset(d, 0, sizeof h);
  bounded<<<1, 128>>>(d);
  std::printf("bounded 128: %s\n", cudaGetErrorName(cudaGetLastError()));
  bounded<<<1, 256>>>(d);
  std::printf("bounded 256: %s\n", cudaGetErrorName(cudaGetLastError()));
  templated<256><<<1, 256>>>(d);
  std::printf("templated<256> 256: %s\n", cudaGetErrorName(cudaGetLastError()));
  templated<256><<<1, 512>>>(d);
  std::printf("templated<256> 512: %s\n", cudaGetErrorName(cudaGetLastError()));
  expression<<<1, dim3(16, 16)>>>(d);
  std::printf("expression 16x16: %s\n", cudaGetErrorName(cudaGetLastError()));
  expression<<<1, dim3(16, 32)>>>(d);
  std::printf("expression 16x32: %s\n", cudaGetErrorName(cudaGetLastError()));
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  // Only the launches within their bounds ran: 1 + 256 + 2 for threads below
  // 128, 256 + 2 up to 255, nothing above.
  int bad = 0;
  for (int i = 0; i < 512; ++i)
    bad += h[i] != (i < 128 ? 259 : i < 256 ? 258 : 0);
  std::printf("%s\n", bad ? "FAIL" : "PASS");
  cudaFree(d);
  return bad ? 1 : 0;
}
