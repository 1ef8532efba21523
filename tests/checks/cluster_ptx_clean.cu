// Clusters written in PTX, launched with cudaLaunchKernelEx and a cluster
// attribute: each block of a cluster of 2 publishes a value in shared
// memory, barrier.cluster.arrive.release / wait.acquire orders it, and each
// block reads its peer's value with mapa.shared::cluster and
// ld.shared::cluster; a second barrier keeps both alive until read.
// Clean twin of cluster_barrier_wait_without_arrive.cu.
// EXPECT-CLEAN
#include <cstdio>
#include <cuda_runtime.h>

__device__ unsigned rank_in_cluster() {
  unsigned r;
  asm volatile("mov.u32 %0, %%cluster_ctarank;" : "=r"(r));
  return r;
}

__global__ void swap_values(int *out) {
  __shared__ int value;
  const unsigned rank = rank_in_cluster();
  if (threadIdx.x == 0)
    value = 100 + static_cast<int>(blockIdx.x);
  asm volatile("barrier.cluster.arrive.release.aligned;" ::: "memory");
  asm volatile("barrier.cluster.wait.acquire.aligned;" ::: "memory");
  if (threadIdx.x == 0) {
    unsigned local = static_cast<unsigned>(__cvta_generic_to_shared(&value)), remote;
    int v;
    asm volatile("mapa.shared::cluster.u32 %0, %1, %2;" : "=r"(remote) : "r"(local), "r"(rank ^ 1));
    asm volatile("ld.shared::cluster.u32 %0, [%1];" : "=r"(v) : "r"(remote) : "memory");
    out[blockIdx.x] = v;
  }
  asm volatile("barrier.cluster.arrive.release.aligned;" ::: "memory");
  asm volatile("barrier.cluster.wait.acquire.aligned;" ::: "memory");
}

int main() {
  int *out, h[4];
  cudaMalloc(&out, sizeof h);
  cudaLaunchConfig_t cfg = {};
  cfg.gridDim = dim3(4);
  cfg.blockDim = dim3(64);
  cudaLaunchAttribute attr[1];
  attr[0].id = cudaLaunchAttributeClusterDimension;
  attr[0].val.clusterDim.x = 2;
  attr[0].val.clusterDim.y = 1;
  attr[0].val.clusterDim.z = 1;
  cfg.attrs = attr;
  cfg.numAttrs = 1;
  cudaError_t e = cudaLaunchKernelEx(&cfg, swap_values, out);
  cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
  printf("launch %s: %d %d %d %d\n", cudaGetErrorName(e), h[0], h[1], h[2], h[3]);
  const bool ok = e == cudaSuccess && h[0] == 101 && h[1] == 100 && h[2] == 103 && h[3] == 102;
  printf(ok ? "PASS\n" : "FAIL\n");
  return ok ? 0 : 1;
}
