// Twin of race_kernels_two_streams.cu: the same three kernels on two
// streams, ordered by events (produce before consume, consume before
// reset): no race.
// EXPECT-CLEAN
#include <cstdio>
#include <cuda_runtime.h>

__global__ void produce(int *buf, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    buf[i] = i;
}

__global__ void consume(const int *buf, int *sum, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    atomicAdd(sum, buf[i]);
}

__global__ void reset(int *buf, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    buf[i] = 0;
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
  cudaEvent_t produced, consumed;
  cudaEventCreate(&produced);
  cudaEventCreate(&consumed);
  cudaDeviceSynchronize();
  produce<<<n / 128, 128, 0, a>>>(buf, n);
  cudaEventRecord(produced, a);
  cudaStreamWaitEvent(b, produced, 0);
  consume<<<n / 128, 128, 0, b>>>(buf, sum, n);
  cudaEventRecord(consumed, b);
  cudaStreamWaitEvent(a, consumed, 0);
  reset<<<n / 128, 128, 0, a>>>(buf, n);
  cudaDeviceSynchronize();
  int s = 0;
  cudaMemcpy(&s, sum, sizeof s, cudaMemcpyDeviceToHost);
  std::printf("sum %d (expected %d)\n", s, n * (n - 1) / 2);
  cudaEventDestroy(produced);
  cudaEventDestroy(consumed);
  cudaStreamDestroy(a);
  cudaStreamDestroy(b);
  cudaFree(buf);
  cudaFree(sum);
  return 0;
}
