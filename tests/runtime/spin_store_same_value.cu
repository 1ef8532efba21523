// warpsim-golden: skip (its CTests run it with --spin-limit 20000; the default 10M
// warp instructions would cost CI a minute per configuration)
// Thread 0 waits for a flag the other threads set only after a barrier it
// never reaches, and stores the same value on every pass of its wait: the
// stores change nothing and its state (registers, stack) comes back exactly
// each pass, so this is a spin-wait: reported as a livelock, as
// spin_on_flag.cu (the twin of vote_loop_finite.cu, whose stores come with
// a moving counter).
#include <cstdio>
#include <cuda_runtime.h>

__global__ void spin_and_store(int *out) {
  __shared__ volatile int flag;
  if (threadIdx.x == 0) {
    flag = 0;
    while (flag == 0)
      out[0] = 7;
  } else {
    __syncthreads();
    flag = 1;
  }
}

int main() {
  int *out;
  cudaMalloc(&out, sizeof(int));
  spin_and_store<<<1, 64>>>(out);
  cudaDeviceSynchronize();
  std::printf("not reached\n");
  return 0;
}
