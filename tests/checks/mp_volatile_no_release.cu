// Message passing with volatile data and a volatile flag, fenced on no side:
// warp 1 writes the data and then the flag, warp 0 spins on the flag and
// reads the data, all with volatile accesses. No data race (every access is
// strong), but nothing orders the data: the weak outcome of MP is allowed,
// and the writer has no fence either, so not even CUDA's __threadfence()
// guarantee holds: an error. Clean twin: mp_volatile_fenced_clean.cu.
// EXPECT: memory-order shared error hazard=MP at=@read at=@data
#include <cstdio>
#include <cuda_runtime.h>

__global__ void handoff(int *out) {
  __shared__ volatile int data, flag;
  if (threadIdx.x == 0) {
    data = 0;
    flag = 0;
  }
  __syncthreads();
  if (threadIdx.x == 32) {
    data = 42; // @data
    flag = 1;
  } else if (threadIdx.x == 0) {
    while (flag == 0) {
    }
    out[0] = data; // @read
  }
}

int main() {
  int *out, r = 0;
  cudaMalloc(&out, sizeof(int));
  handoff<<<1, 64>>>(out);
  cudaMemcpy(&r, out, sizeof r, cudaMemcpyDeviceToHost);
  std::printf("received %d\n", r);
  return 0;
}
