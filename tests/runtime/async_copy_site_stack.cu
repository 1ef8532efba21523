// The copy is issued inside copy_in(), called at line 16; the read that finds
// it still in flight is inside read_back(), called at line 18. The report's
// copy site names copy_in's caller (line 16): the issuing thread's call stack
// at the issue, not where the thread is when the read is checked.
#include <cstdio>
#include <cuda_pipeline.h>
#include <cuda_runtime.h>

__device__ void copy_in(int *dst, const int *src) {
  __pipeline_memcpy_async(dst, src, sizeof(int));
}
__device__ int read_back(const int *p) { return *p; }

__global__ void k(const int *in, int *out) {
  __shared__ int buf[32];
  copy_in(&buf[threadIdx.x], &in[threadIdx.x]);
  __pipeline_commit();
  out[threadIdx.x] = read_back(&buf[threadIdx.x]); // no __pipeline_wait_prior(0)
}

int main() {
  int *in, *out;
  cudaMalloc(&in, 32 * sizeof(int));
  cudaMalloc(&out, 32 * sizeof(int));
  cudaMemset(in, 0, 32 * sizeof(int));
  k<<<1, 32>>>(in, out);
  printf("%s\n", cudaGetErrorString(cudaDeviceSynchronize()));
  return 0;
}
