// __ballot returns a 64-bit mask on AMD wavefronts: counting the lanes whose
// value passes a threshold with __popcll(__ballot(...)) counts all 64; the
// per-wavefront counts add up to the same total at any warp size. Also
// __any/__all, __lane_id, __builtin_amdgcn_readfirstlane and
// __builtin_amdgcn_mbcnt_lo/hi (the lane id the AMD way), checked on the
// device. Lines starting "ws:" depend on the warp size.
// CUDA twin: cuda/ballot_popc.cu.
#include <hip/hip_runtime.h>

#include <cstdio>

__global__ void count_above(const int *in, int threshold, int *count, int *any_all,
                            int *lane_errors) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const unsigned long long votes = __ballot(in[i] > threshold);
  const int lane = __lane_id();
  if (lane == 0)
    atomicAdd(count, __popcll(votes));
  // Every wavefront has a value above 0; none has all above 1000.
  if (__any(in[i] > 0) && !__all(in[i] > 1000) && lane == 0)
    atomicAdd(any_all, 1);
  // Three spellings of the lane id agree, and readfirstlane gives lane 0's.
  const unsigned mb = __builtin_amdgcn_mbcnt_hi(~0u, __builtin_amdgcn_mbcnt_lo(~0u, 0u));
  const int first = __builtin_amdgcn_readfirstlane(static_cast<int>(threadIdx.x));
  if (mb != static_cast<unsigned>(lane) || lane != static_cast<int>(threadIdx.x) % warpSize ||
      first != static_cast<int>(threadIdx.x) - lane)
    atomicAdd(lane_errors, 1);
}

int main() {
  const int n = 4096, block = 256;
  int *in, *count, *any_all, *lane_errors;
  hipMallocManaged(&in, n * sizeof(int));
  hipMallocManaged(&count, sizeof(int));
  hipMallocManaged(&any_all, sizeof(int));
  hipMallocManaged(&lane_errors, sizeof(int));
  int expect = 0;
  for (int i = 0; i < n; ++i) {
    in[i] = (i * 37) % 1000;
    expect += in[i] > 500;
  }
  *count = *any_all = *lane_errors = 0;
  count_above<<<n / block, block>>>(in, 500, count, any_all, lane_errors);
  if (hipDeviceSynchronize() != hipSuccess)
    return 1;
  int warp = 0;
  hipDeviceGetAttribute(&warp, hipDeviceAttributeWarpSize, 0);
  std::printf("ws: warpSize=%d wavefronts with any/not all=%d\n", warp, *any_all);
  std::printf("ballot_popc: above=%d expected=%d lane id errors=%d %s\n", *count, expect,
              *lane_errors, *count == expect && *lane_errors == 0 ? "ok" : "WRONG");
  const bool ok = *count == expect && *lane_errors == 0 && *any_all == n / warp;
  hipFree(in);
  hipFree(count);
  hipFree(any_all);
  hipFree(lane_errors);
  return ok ? 0 : 1;
}
