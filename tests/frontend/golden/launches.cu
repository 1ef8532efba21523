// Launch sites: 2, 3 and 4 configuration arguments, multi-line ones, in a
// host template, through a header, with nested expressions.
#include "launch_helpers.cuh"

namespace kernels {
__global__ void axpy(float a, const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[i] + y[i];
}
} // namespace kernels

__global__ void noArgs() {}

__global__ void overloaded(int *p) { p[0] = 1; }
__global__ void overloaded(float *p) { p[0] = 1; }

template <class T> void runFill(T *p) {
  overloaded<<<1, 1>>>(p);
}

static int blocksFor(int n) { return (n + 255) / 256; }

int main() {
  const int n = 1000;
  float *x, *y;
  int *ip;
  cudaMalloc(&x, n * sizeof(float));
  cudaMalloc(&y, n * sizeof(float));
  cudaMalloc(&ip, 64 * sizeof(int));
  cudaStream_t stream;
  cudaStreamCreate(&stream);

  kernels::axpy<<<blocksFor(n), 256>>>(2.0f, x, y, n);
  kernels::axpy<<<dim3(blocksFor(n), 1, 1), dim3(256), 0>>>(1.0f, x, y, n);
  kernels::axpy<<<blocksFor(n), 256, 0, stream>>>(
      0.5f, x, y,
      n);
  kernels::axpy<<<
      blocksFor(n), // one thread per element
      256>>>(3.0f, x, y, n);
  noArgs<<<1, 1>>>();
  runFill(ip);
  runFill(reinterpret_cast<float *>(ip));
  launchFromHeader(ip, stream);
  cudaError_t err = cudaGetLastError();
  cudaStreamSynchronize(stream);
  return err == cudaSuccess ? 0 : 1;
}
