// Named barriers split one block into producer and consumer warps: the
// producers fill a shared buffer and signal with bar.arrive, the consumers
// wait with bar.sync on the same id and count, then read.
// EXPECT-CLEAN
#include <cstdio>
#include <cuda_runtime.h>

__device__ void named_arrive(unsigned id, unsigned count) {
  asm volatile("bar.arrive %0, %1;" ::"r"(id), "r"(count) : "memory");
}
__device__ void named_sync(unsigned id, unsigned count) {
  asm volatile("bar.sync %0, %1;" ::"r"(id), "r"(count) : "memory");
}

__global__ void split(const int *in, int *out, int rounds) {
  __shared__ int buf[64];
  const unsigned t = threadIdx.x;
  for (int r = 0; r < rounds; ++r) {
    if (t < 64) {
      named_sync(2, 128); // the consumers have read the previous round
      buf[t] = in[r * 64 + t] * 2;
      named_arrive(1, 128);
    } else {
      named_arrive(2, 128);
      named_sync(1, 128);
      out[r * 64 + (t - 64)] = buf[t - 64] + 1;
    }
  }
}

int main() {
  const int rounds = 3, n = rounds * 64;
  int h[n], *in, *out;
  for (int i = 0; i < n; ++i)
    h[i] = i;
  cudaMalloc(&in, n * sizeof(int));
  cudaMalloc(&out, n * sizeof(int));
  cudaMemcpy(in, h, sizeof h, cudaMemcpyHostToDevice);
  split<<<1, 128>>>(in, out, rounds);
  cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
  int bad = 0;
  for (int i = 0; i < n; ++i)
    bad += h[i] != 2 * i + 1;
  printf("%s\n", bad ? "FAIL" : "PASS");
  return bad ? 1 : 0;
}
