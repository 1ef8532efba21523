// grid.sync() in a kernel launched with <<<...>>>: there is no grid barrier
// outside a cooperative launch, and the H100 ends the launch
// (cudaErrorLaunchFailure). grid_group::is_valid() says so beforehand.
#include <cooperative_groups.h>
#include <cstdio>
#include <cuda_runtime.h>

namespace cg = cooperative_groups;

__global__ void step(int *valid, int *after) {
  cg::grid_group grid = cg::this_grid();
  if (grid.thread_rank() == 0)
    *valid = grid.is_valid();
  grid.sync();
  if (grid.thread_rank() == 0)
    *after = 1;
}

int main() {
  int *valid, *after;
  cudaMalloc(&valid, sizeof(int));
  cudaMalloc(&after, sizeof(int));
  cudaMemset(valid, 0xff, sizeof(int));
  cudaMemset(after, 0, sizeof(int));
  step<<<4, 64>>>(valid, after);
  printf("launch: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
  return 0;
}
