// A kernel on stream `a` writes x; cublasSaxpy on stream `b` reads it with
// nothing ordering the two: on a GPU the library may read x before the
// kernel has written it. warpsim check reports a race naming both
// (tests/libs/CMakeLists.txt asserts kind, space and file:line); the twin
// cublas_stream_ordered.cu orders them with an event and stays silent.
// Builds unmodified with nvcc -arch=sm_90 -lcublas.
#include <cstdio>

#include <cublas_v2.h>
#include <cuda_runtime.h>

__global__ void fill(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] = 0.5f * i; // the kernel's write
}

int main() {
  const int n = 256;
  float *x, *y;
  cudaMalloc(&x, n * sizeof(float));
  cudaMalloc(&y, n * sizeof(float));
  cudaMemset(y, 0, n * sizeof(float));
  cudaStream_t a, b;
  cudaStreamCreate(&a);
  cudaStreamCreate(&b);
  cudaDeviceSynchronize();
  cublasHandle_t h;
  cublasCreate(&h);
  cublasSetStream(h, b);
  fill<<<n / 128, 128, 0, a>>>(x, n);
  const float alpha = 2.0f;
  cublasSaxpy(h, n, &alpha, x, 1, y, 1); // reads x: races with fill on stream a
  cudaDeviceSynchronize();
  float out[n];
  cudaMemcpy(out, y, sizeof out, cudaMemcpyDeviceToHost);
  std::printf("y[10] = %g\n", out[10]);
  cublasDestroy(h);
  cudaStreamDestroy(a);
  cudaStreamDestroy(b);
  cudaFree(x);
  cudaFree(y);
  return 0;
}
