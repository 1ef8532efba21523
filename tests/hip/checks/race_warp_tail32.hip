// The classic porting bug: a block reduction whose last steps are the
// warp-synchronous tail CUDA code wrote for 32-lane warps (`if (tid < 32)`,
// volatile, no synchronisation), ported to HIP unchanged. It relies on 32
// lanes running in lockstep, which neither CUDA (independent thread
// scheduling) nor HIP (whose answer is __syncwarp) promises: lane t reads
// s[t + 16] while lane t + 16 may still be writing it. warpsim reports the
// race at 64 lanes, with its reason. Clean twin: race_warp_tail32_clean.hip.
// EXPECT: race shared error at=@tail
// MESSAGE: same warp with no __syncwarp\(\) between
#include <hip/hip_runtime.h>

#include <cstdio>

__global__ void block_sum(const int *in, int *out) {
  __shared__ int s[256];
  const unsigned tid = threadIdx.x;
  s[tid] = in[blockIdx.x * blockDim.x + tid];
  __syncthreads();
  for (unsigned stride = blockDim.x / 2; stride > 32; stride /= 2) {
    if (tid < stride)
      s[tid] += s[tid + stride];
    __syncthreads();
  }
  if (tid < 32) {
    volatile int *v = s;
    v[tid] += v[tid + 32];
    v[tid] += v[tid + 16]; // @tail
    v[tid] += v[tid + 8];
    v[tid] += v[tid + 4];
    v[tid] += v[tid + 2];
    v[tid] += v[tid + 1];
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
