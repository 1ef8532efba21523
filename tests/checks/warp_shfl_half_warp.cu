// A full-mask shuffle that only half of the warp executes (issue 27 item
// 2): lanes 16..31 are named in the mask but skip the call and exit.
// CUDA: undefined behaviour (compute-sanitizer's synccheck says nothing,
// and the H100 happens to print the expected values).
// EXPECT: warp-sync-mask - error at=@shfl
#include <cstdio>
#include <cuda_runtime.h>

__global__ void half(int *out) {
  int v = threadIdx.x;
  if (threadIdx.x < 16)
    v = __shfl_sync(0xffffffff, v, 0); // @shfl
  out[threadIdx.x] = v;
}

int main() {
  int *out;
  cudaMalloc(&out, 32 * sizeof(int));
  half<<<1, 32>>>(out);
  int h[32];
  cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
  std::printf("out[0] %d out[15] %d out[16] %d\n", h[0], h[15], h[16]);
  cudaFree(out);
  return 0;
}
