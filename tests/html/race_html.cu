// The HTML report's test program (tests/html): a missing __syncthreads()
// between a shared-memory write and a neighbour's read. The read's source
// line holds <, > and & (the page must escape them) and sits in a __device__
// function (the finding has a call stack). -DWITH_BARRIER is the clean twin.
#include <cstdio>
#include <cuda_runtime.h>

__device__ int neighbour(const int *s, int t, int n) {
  return (t > 0 && t < n) ? s[t - 1] & 0xff : -1; // @read
}

__global__ void shift_left(int *out, int n) {
  __shared__ int s[64];
  int t = threadIdx.x;
  s[t] = t * 3; // @write
#ifdef WITH_BARRIER
  __syncthreads();
#endif
  out[t] = neighbour(s, t, n); // @call
}

int main() {
  int *out;
  int h[64];
  cudaMalloc(&out, sizeof h);
  shift_left<<<1, 64>>>(out, 64);
  cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
  std::printf("out[40] = %d\n", h[40]);
  cudaFree(out);
  return 0;
}
