// Clean twin of race_warp_tail32.hip: the same reduction with the tail's
// steps separated by __syncthreads() (every thread reaches each one), so no
// step reads what another lane is still writing, at any warp size.
// EXPECT-CLEAN
#include <hip/hip_runtime.h>

#include <cstdio>

__global__ void block_sum(const int *in, int *out) {
  __shared__ int s[256];
  const unsigned tid = threadIdx.x;
  s[tid] = in[blockIdx.x * blockDim.x + tid];
  __syncthreads();
  for (unsigned stride = blockDim.x / 2; stride > 0; stride /= 2) {
    if (tid < stride)
      s[tid] += s[tid + stride];
    __syncthreads();
  }
  if (tid == 0)
    out[blockIdx.x] = s[0];
}

int main() {
  const int blocks = 2, block = 256;
  int *in, *out;
  hipMallocManaged(&in, blocks * block * sizeof(int));
  hipMallocManaged(&out, blocks * sizeof(int));
  for (int i = 0; i < blocks * block; ++i)
    in[i] = 1;
  hipLaunchKernelGGL(block_sum, dim3(blocks), dim3(block), 0, 0, in, out);
  hipDeviceSynchronize();
  std::printf("sums: %d %d\n", out[0], out[1]);
  hipFree(in);
  hipFree(out);
  return 0;
}
