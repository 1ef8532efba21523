// lint: __syncthreads() that only the first 32 threads reach.
#include <cuda_runtime.h>

__global__ void first_warp_only(float *out) {
  __shared__ float s[64];
  int tid = threadIdx.x;
  if (tid < 32) {
    s[tid] = tid;
    __syncthreads();
  }
  out[tid] = s[tid % 2];
}

// Clean: the barrier is outside the guarded store.
__global__ void guarded_store(float *out, int n) {
  __shared__ float s[64];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    s[threadIdx.x] = i;
  __syncthreads();
  for (int stride = blockDim.x / 2; stride > 0; stride /= 2) {
    if (threadIdx.x < stride)
      s[threadIdx.x] += s[threadIdx.x + stride];
    __syncthreads();
  }
  if (threadIdx.x == 0)
    out[blockIdx.x] = s[0];
}

int main() { return 0; }
