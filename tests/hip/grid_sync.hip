// A cooperative launch (hipLaunchCooperativeKernel) whose grid synchronises
// with cooperative_groups::this_grid().sync() between two phases: each block
// writes its partial sum, the grid waits, then block 0 adds the partials.
// Also hipLaunchKernel with an argument array. CUDA twin: cuda/grid_sync.cu.
#include <hip/hip_cooperative_groups.h>
#include <hip/hip_runtime.h>

#include <cstdio>

namespace cg = cooperative_groups;

__global__ void two_phase(const int *in, int *partial, int *total) {
  cg::grid_group grid = cg::this_grid();
  __shared__ int s;
  if (threadIdx.x == 0)
    s = 0;
  __syncthreads();
  atomicAdd(&s, in[blockIdx.x * blockDim.x + threadIdx.x]);
  __syncthreads();
  if (threadIdx.x == 0)
    partial[blockIdx.x] = s;
  grid.sync();
  if (blockIdx.x == 0 && threadIdx.x == 0) {
    int t = 0;
    for (unsigned b = 0; b < gridDim.x; ++b)
      t += partial[b];
    *total = t;
  }
}

__global__ void scale(int *v, int factor) { v[threadIdx.x] *= factor; }

int main() {
  const int blocks = 4, block = 128, n = blocks * block;
  int *in, *partial, *total;
  hipMallocManaged(&in, n * sizeof(int));
  hipMallocManaged(&partial, blocks * sizeof(int));
  hipMallocManaged(&total, sizeof(int));
  int expect = 0;
  for (int i = 0; i < n; ++i) {
    in[i] = i % 17;
    expect += in[i];
  }
  void *args[] = {&in, &partial, &total};
  hipError_t e = hipLaunchCooperativeKernel(reinterpret_cast<void *>(two_phase), dim3(blocks),
                                            dim3(block), args, 0, 0);
  if (e == hipSuccess)
    e = hipDeviceSynchronize();
  std::printf("grid_sync: %s total=%d expected=%d\n", hipGetErrorString(e), *total, expect);
  int factor = 3;
  void *scaleArgs[] = {&partial, &factor};
  e = hipLaunchKernel(reinterpret_cast<void *>(scale), dim3(1), dim3(blocks), scaleArgs, 0, 0);
  if (e == hipSuccess)
    e = hipDeviceSynchronize();
  std::printf("scaled partials: %s %d %d %d %d\n", hipGetErrorString(e), partial[0], partial[1],
              partial[2], partial[3]);
  const bool ok = *total == expect;
  hipFree(in);
  hipFree(partial);
  hipFree(total);
  return ok ? 0 : 1;
}
