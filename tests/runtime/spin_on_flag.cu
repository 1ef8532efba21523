// Thread 0 spins on a shared flag that the other threads set only after a
// __syncthreads() that thread 0 never reaches: on a GPU this hangs forever.
// warpsim must end the run with a report of who waits where.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void spin_on_flag(int *out) {
  __shared__ volatile int flag;
  if (threadIdx.x == 0)
    flag = 0;
  // (no barrier here: thread 0 goes straight into the spin below)
  if (threadIdx.x == 0) {
    int spins = 0;
    // Spins until another thread sets the flag, which never happens
    // because the others are held at the barrier below.
    do {
      spins += (flag == 0);
    } while (flag == 0);
    out[0] = spins;
  } else {
    __syncthreads();
    flag = 1;
  }
}

int main() {
  int *out;
  cudaMalloc(&out, sizeof(int));
  spin_on_flag<<<1, 64>>>(out);
  cudaDeviceSynchronize();
  std::printf("not reached\n");
  return 0;
}
