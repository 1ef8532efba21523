// A warp of block 1 skips cluster.sync() and goes on to __syncthreads():
// the cluster barrier waits for its arrival, the block barrier for the
// threads that wait at the cluster barrier, so neither completes (a hang on
// a GPU). warpsim reports the deadlock and who waits where.
#include <cooperative_groups.h>
#include <cstdio>
#include <cuda_runtime.h>

namespace cg = cooperative_groups;

__global__ void __cluster_dims__(2, 1, 1) step(int *out) {
  cg::cluster_group cluster = cg::this_cluster();
  out[blockIdx.x * blockDim.x + threadIdx.x] = 1;
  if (!(blockIdx.x == 1 && threadIdx.x >= 32)) // BUG: warp 1 of block 1 skips it
    cluster.sync();
  __syncthreads();
  out[blockIdx.x * blockDim.x + threadIdx.x] += 1;
}

int main() {
  int *out;
  cudaMalloc(&out, 2 * 64 * sizeof(int));
  step<<<2, 64>>>(out);
  printf("%s\n", cudaGetErrorName(cudaDeviceSynchronize()));
  return 0;
}
