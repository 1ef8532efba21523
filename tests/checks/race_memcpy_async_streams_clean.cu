// Twin of race_memcpy_async_streams.cu: the same kernel, copy and set on two
// non-blocking streams, the copy and the set after the kernel through an
// event (cudaEventRecord on a, cudaStreamWaitEvent on b): no race.
// EXPECT-CLEAN
#include <cstdio>
#include <cuda_runtime.h>

__global__ void scale(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float v = in[i];
    out[i] = 2.0f * v;
  }
}

int main() {
  const int n = 512;
  float h[n], *in, *out;
  for (int i = 0; i < n; ++i)
    h[i] = i;
  cudaMalloc(&in, sizeof h);
  cudaMalloc(&out, sizeof h);
  cudaMemcpy(in, h, sizeof h, cudaMemcpyHostToDevice);
  cudaStream_t a, b;
  cudaStreamCreateWithFlags(&a, cudaStreamNonBlocking);
  cudaStreamCreateWithFlags(&b, cudaStreamNonBlocking);
  cudaEvent_t done;
  cudaEventCreate(&done);
  float *back;
  cudaMallocHost(&back, sizeof h);
  scale<<<n / 128, 128, 0, a>>>(in, out, n);
  cudaEventRecord(done, a);
  cudaStreamWaitEvent(b, done, 0);
  cudaMemcpyAsync(back, out, sizeof h, cudaMemcpyDeviceToHost, b);
  cudaMemsetAsync(in, 0, sizeof h, b);
  cudaStreamSynchronize(b);
  std::printf("back[3] = %g\n", back[3]);
  cudaEventDestroy(done);
  cudaFreeHost(back);
  cudaStreamDestroy(a);
  cudaStreamDestroy(b);
  cudaFree(in);
  cudaFree(out);
  return 0;
}
