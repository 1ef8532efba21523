// A producer/consumer split of one block with named barriers, where the
// producers never arrive: the consumers' `bar.sync 1, 64` completes with the
// consumers alone, so their reads of buf[] race with the producers' writes.
// (The clean twin is named_barrier_split_clean.cu.)
// EXPECT: race shared error hazard=RAW at=@read at=@write
#include <cstdio>
#include <cuda_runtime.h>

__device__ void named_sync(unsigned id, unsigned count) {
  asm volatile("bar.sync %0, %1;" ::"r"(id), "r"(count) : "memory");
}

__global__ void split(const int *in, int *out) {
  __shared__ int buf[64];
  const unsigned t = threadIdx.x;
  if (t < 64) {
    buf[t] = in[t] * 2; // @write
    // BUG: no bar.arrive 1, 128 here, and the consumers count only themselves
  } else {
    named_sync(1, 64);
    out[t - 64] = buf[t - 64] + 1; // @read
  }
}

int main() {
  int h[64], *in, *out;
  for (int i = 0; i < 64; ++i)
    h[i] = i;
  cudaMalloc(&in, sizeof h);
  cudaMalloc(&out, sizeof h);
  cudaMemcpy(in, h, sizeof h, cudaMemcpyHostToDevice);
  split<<<1, 128>>>(in, out);
  cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
  printf("out[0] = %d\n", h[0]);
  return 0;
}
