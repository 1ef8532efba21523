// Copies and kernels on two streams with nothing ordering them, the classic
// copy/compute overlap gone wrong: `scale` on stream a writes out while a
// cudaMemcpyAsync on stream b copies it back (RAW: the copy may read before
// the kernel wrote), and a cudaMemsetAsync on stream b clears in while
// `scale` may still read it (WAR). On a GPU the copy engine and the kernel
// may run at the same time. Twin: race_memcpy_async_streams_clean.cu
// orders them with events.
// EXPECT: race global error hazard=RAW at=@write at=@copy
// EXPECT: race global error hazard=WAR at=@read at=@set
// MESSAGE: cudaMemcpyAsync reads bytes that kernel 'scale' writes on another stream
#include <cstdio>
#include <cuda_runtime.h>

__global__ void scale(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float v = in[i]; // @read
    out[i] = 2.0f * v; // @write
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
  float *back;
  cudaMallocHost(&back, sizeof h);
  scale<<<n / 128, 128, 0, a>>>(in, out, n);
  cudaMemcpyAsync(back, out, sizeof h, cudaMemcpyDeviceToHost, b); // @copy
  cudaMemsetAsync(in, 0, sizeof h, b); // @set
  cudaDeviceSynchronize();
  std::printf("back[3] = %g\n", back[3]);
  cudaFreeHost(back);
  cudaStreamDestroy(a);
  cudaStreamDestroy(b);
  cudaFree(in);
  cudaFree(out);
  return 0;
}
