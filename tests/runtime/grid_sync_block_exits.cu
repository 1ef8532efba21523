// A cooperative kernel whose last block returns before the grid barrier:
// the barrier waits for every block, so it never completes (the H100 hangs).
#include <cooperative_groups.h>
#include <cstdio>
#include <cuda_runtime.h>

namespace cg = cooperative_groups;

__global__ void work(int *out) {
  cg::grid_group grid = cg::this_grid();
  if (blockIdx.x == gridDim.x - 1)
    return; // BUG: this block never reaches grid.sync()
  out[grid.thread_rank()] = 1;
  grid.sync();
  out[grid.thread_rank()] += 1;
}

int main() {
  int *out;
  cudaMalloc(&out, 4 * 32 * sizeof(int));
  void *args[] = {&out};
  cudaLaunchCooperativeKernel((void *)work, dim3(4), dim3(32), args, 0, 0);
  printf("%s\n", cudaGetErrorName(cudaDeviceSynchronize()));
  return 0;
}
