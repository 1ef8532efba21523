// CUDA twin of tests/hip/ballot_popc.hip: __ballot_sync/__any_sync/__all_sync
// with the full mask, the lane id from threadIdx and the first lane's value
// by __shfl_sync. Lines starting "ws:" depend on the warp size.
#include <cuda_runtime.h>

#include <cstdio>

#ifndef WARPSIM_FULL_MASK
#define WARPSIM_FULL_MASK 0xffffffffu
#endif

__global__ void count_above(const int *in, int threshold, int *count, int *any_all,
                            int *lane_errors) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const unsigned long long votes = __ballot_sync(WARPSIM_FULL_MASK, in[i] > threshold);
  const int lane = static_cast<int>(threadIdx.x) % warpSize;
  if (lane == 0)
    atomicAdd(count, __popcll(votes));
  if (__any_sync(WARPSIM_FULL_MASK, in[i] > 0) && !__all_sync(WARPSIM_FULL_MASK, in[i] > 1000) &&
      lane == 0)
    atomicAdd(any_all, 1);
  const int first = __shfl_sync(WARPSIM_FULL_MASK, static_cast<int>(threadIdx.x), 0);
  if (first != static_cast<int>(threadIdx.x) - lane)
    atomicAdd(lane_errors, 1);
}

int main() {
  const int n = 4096, block = 256;
  int *in, *count, *any_all, *lane_errors;
  cudaMallocManaged(&in, n * sizeof(int));
  cudaMallocManaged(&count, sizeof(int));
  cudaMallocManaged(&any_all, sizeof(int));
  cudaMallocManaged(&lane_errors, sizeof(int));
  int expect = 0;
  for (int i = 0; i < n; ++i) {
    in[i] = (i * 37) % 1000;
    expect += in[i] > 500;
  }
  *count = *any_all = *lane_errors = 0;
  count_above<<<n / block, block>>>(in, 500, count, any_all, lane_errors);
  if (cudaDeviceSynchronize() != cudaSuccess)
    return 1;
  int warp = 0;
  cudaDeviceGetAttribute(&warp, cudaDevAttrWarpSize, 0);
  std::printf("ws: warpSize=%d wavefronts with any/not all=%d\n", warp, *any_all);
  std::printf("ballot_popc: above=%d expected=%d lane id errors=%d %s\n", *count, expect,
              *lane_errors, *count == expect && *lane_errors == 0 ? "ok" : "WRONG");
  const bool ok = *count == expect && *lane_errors == 0 && *any_all == n / warp;
  cudaFree(in);
  cudaFree(count);
  cudaFree(any_all);
  cudaFree(lane_errors);
  return ok ? 0 : 1;
}
