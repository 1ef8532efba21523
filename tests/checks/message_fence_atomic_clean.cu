// Clean twin of race_flag_plain.cu: the producer (block 1) writes the data,
// __threadfence(), then atomicExch on the flag; the consumer (block 0) spins
// with an atomic read, then __threadfence() before reading the data.
// EXPECT-CLEAN
#include <cstdio>
#include <cuda_runtime.h>

__global__ void message_fenced(int *data, int *flag, int *out) {
  if (threadIdx.x != 0)
    return;
  if (blockIdx.x == 1) {
    data[0] = 42;
    __threadfence();
    atomicExch(flag, 1);
  } else {
    while (atomicAdd(flag, 0) == 0) {
    }
    __threadfence();
    out[0] = data[0];
  }
}

int main() {
  int *data, *flag, *out, r = 0;
  cudaMalloc(&data, sizeof(int));
  cudaMalloc(&flag, sizeof(int));
  cudaMalloc(&out, sizeof(int));
  cudaMemset(flag, 0, sizeof(int));
  message_fenced<<<2, 32>>>(data, flag, out);
  cudaMemcpy(&r, out, sizeof r, cudaMemcpyDeviceToHost);
  std::printf("received %d\n", r);
  return r == 42 ? 0 : 1;
}
