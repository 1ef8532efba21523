// Two kernels on two streams with nothing ordering them: `produce` writes
// buf on stream a, `consume` reads it on stream b (RAW), and `reset`
// overwrites it on stream a while `consume` may still read (WAR). On a GPU
// the kernels may overlap: consume may read before produce wrote. warpsim
// runs each kernel when it is launched, so the result here looks right; the
// stream-order checker recovers the missing order from the streams.
// Twin: race_kernels_two_streams_clean.cu orders them with events.
// EXPECT: race global error hazard=RAW at=@produce at=@consume
// EXPECT: race global error hazard=WAR at=@consume at=@reset
// MESSAGE: kernel 'consume' reads bytes that kernel 'produce' writes on another stream
#include <cstdio>
#include <cuda_runtime.h>

__global__ void produce(int *buf, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    buf[i] = i; // @produce
}

__global__ void consume(const int *buf, int *sum, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    atomicAdd(sum, buf[i]); // @consume
}

__global__ void reset(int *buf, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    buf[i] = 0; // @reset
}

int main() {
  const int n = 256;
  int *buf, *sum;
  cudaMalloc(&buf, n * sizeof(int));
  cudaMalloc(&sum, sizeof(int));
  cudaMemset(sum, 0, sizeof(int));
  cudaStream_t a, b;
  cudaStreamCreateWithFlags(&a, cudaStreamNonBlocking);
  cudaStreamCreateWithFlags(&b, cudaStreamNonBlocking);
  cudaDeviceSynchronize();
  produce<<<n / 128, 128, 0, a>>>(buf, n);
  consume<<<n / 128, 128, 0, b>>>(buf, sum, n); // nothing waits for produce
  reset<<<n / 128, 128, 0, a>>>(buf, n);        // nothing waits for consume
  cudaDeviceSynchronize();
  int s = 0;
  cudaMemcpy(&s, sum, sizeof s, cudaMemcpyDeviceToHost);
  std::printf("sum %d (expected %d)\n", s, n * (n - 1) / 2);
  cudaStreamDestroy(a);
  cudaStreamDestroy(b);
  cudaFree(buf);
  cudaFree(sum);
  return 0;
}
