// warpsim-golden: skip (its CTests run it with a small --spin-limit; the default 10M warp
// instructions would cost CI a minute per configuration)
// The twins of finite_loops_no_progress.cu: spins that nothing ends.
//  * ring: thread 0 polls four flags in turn, counting its passes in a
//    register, until one is set; the others set them only after a barrier
//    thread 0 never reaches. Its loads re-read the same four addresses, whose
//    values nobody changes: a spin-wait (issue 27 item 6), although a
//    register moves each pass.
//  * vote: warp 0 waits with __any_sync on a flag the other warps set after a
//    barrier warp 0 never reaches: warp votes that come back the same, on
//    reads of an unchanged flag.
// Argument: "vote" runs the second; the default the first.
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>

__global__ void ring(int *out) {
  __shared__ volatile int flags[4];
  if (threadIdx.x == 0) {
    for (int f = 0; f < 4; f++)
      flags[f] = 0;
    unsigned i = 0;
    while (flags[i % 4] == 0)
      ++i;
    out[0] = static_cast<int>(i);
  } else {
    __syncthreads();
    flags[threadIdx.x % 4] = 1;
  }
}

__global__ void vote(int *out) {
  __shared__ volatile int flag;
  if (threadIdx.x == 0)
    flag = 0;
  __syncwarp();
  if (threadIdx.x < 32) {
    while (!__any_sync(0xffffffff, flag != 0)) {
    }
    out[threadIdx.x] = 1;
  } else {
    __syncthreads();
    flag = 1;
  }
}

int main(int argc, char **argv) {
  int *out;
  cudaMalloc(&out, 64 * sizeof(int));
  if (argc > 1 && std::strcmp(argv[1], "vote") == 0)
    vote<<<1, 64>>>(out);
  else
    ring<<<1, 64>>>(out);
  cudaDeviceSynchronize();
  std::printf("not reached\n");
  return 0;
}
