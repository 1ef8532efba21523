// The twin of cublas_stream_race.cu: the kernel on stream `a` writes x, an
// event recorded after it is waited for on stream `b`, and only then does
// cublasSaxpy on `b` read x: ordered, so warpsim check stays silent, and
// y = 2 x is checked. Then cublasSdot with its result in host memory reads
// x on `b` and the kernel rewrites x on `a`: ordered too, since such a call
// returns only when it is done.
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
  cudaEvent_t filled;
  cudaEventCreateWithFlags(&filled, cudaEventDisableTiming);
  fill<<<n / 128, 128, 0, a>>>(x, n);
  cudaEventRecord(filled, a);
  cudaStreamWaitEvent(b, filled, 0);
  const float alpha = 2.0f;
  cublasSaxpy(h, n, &alpha, x, 1, y, 1); // reads x after fill: ordered by the event
  cudaDeviceSynchronize();
  float out[n];
  cudaMemcpy(out, y, sizeof out, cudaMemcpyDeviceToHost);
  int bad = 0;
  for (int i = 0; i < n; ++i)
    bad += out[i] != 2.0f * 0.5f * i;
  float dot = 0;
  cublasSdot(h, n, x, 1, x, 1, &dot); // a host result: the call blocks
  fill<<<n / 128, 128, 0, a>>>(x, n); // rewrites x after the dot
  cudaDeviceSynchronize();
  bad += dot != 1389920.0f; // 0.25 * (0^2 + ... + 255^2), exact in float
  std::printf(bad == 0 ? "PASS\n" : "FAIL: %d wrong\n", bad);
  cudaEventDestroy(filled);
  cublasDestroy(h);
  cudaStreamDestroy(a);
  cudaStreamDestroy(b);
  cudaFree(x);
  cudaFree(y);
  return 0;
}
