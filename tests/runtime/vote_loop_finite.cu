// A benchmark's loop of warp votes with stores (issue 27 item 6): every
// pass stores the value already there, so no byte of memory changes for
// the whole loop, but the loop counts to its end and the program finishes
// on a GPU. warpsim must not take it for a spin-wait (livelock): a thread
// whose state moves (its counter) makes progress.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void vote_any(const int *input, int *result, int repeat) {
  int tx = threadIdx.x;
  for (int i = 0; i < repeat; i++)
    result[tx] = __any_sync(0xffffffff, input[tx]);
}

int main(int argc, char **argv) {
  const int repeat = argc > 1 ? std::atoi(argv[1]) : 4000;
  int *in, *out;
  cudaMalloc(&in, 128 * sizeof(int));
  cudaMalloc(&out, 128 * sizeof(int));
  cudaMemset(in, 0, 128 * sizeof(int));
  cudaMemset(out, 0, 128 * sizeof(int));
  vote_any<<<1, 128>>>(in, out, repeat);
  cudaDeviceSynchronize();
  int h[128];
  cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
  int any = 0;
  for (int v : h)
    any |= v;
  std::printf("%d passes, any = %d: %s\n", repeat, any, any == 0 ? "PASS" : "FAIL");
  cudaFree(in);
  cudaFree(out);
  return 0;
}
