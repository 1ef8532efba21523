// `if (threadIdx.x < 32) __syncthreads();` with 64 threads: the whole second
// warp exits without reaching the barrier the first warp waits at
// (compute-sanitizer's synccheck reports nothing for this on an H100).
// EXPECT: barrier-skipped - error at=@bar
#include <cstdio>
#include <cuda_runtime.h>

__global__ void guarded(int *out) {
  __shared__ int s[64];
  int t = threadIdx.x;
  s[t] = t;
  if (t < 32)
    __syncthreads(); // @bar
  out[t] = s[t];
}

int main() {
  int *out;
  cudaMalloc(&out, 64 * sizeof(int));
  guarded<<<1, 64>>>(out);
  std::printf("launch: %s\n", cudaGetErrorString(cudaDeviceSynchronize()));
  return 0;
}
