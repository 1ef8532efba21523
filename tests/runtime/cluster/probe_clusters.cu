// Probes how the H100 and CUDA 13 treat thread block clusters: launch errors,
// occupancy, special registers and DSMEM. scripts/h100-clusters.sh runs it.
#include <cooperative_groups.h>
#include <cstdio>
namespace cg = cooperative_groups;

__global__ void __cluster_dims__(2, 1, 1) fixed2(int *out) {
  cg::cluster_group c = cg::this_cluster();
  if (threadIdx.x == 0)
    out[blockIdx.x] = static_cast<int>(c.block_rank()) * 100 + static_cast<int>(c.num_blocks());
}

__global__ void ranks(int *out) {
  cg::cluster_group c = cg::this_cluster();
  unsigned r, n, cid, ncid, cctaid, cnctaid, expl;
  asm("mov.u32 %0, %%cluster_ctarank;" : "=r"(r));
  asm("mov.u32 %0, %%cluster_nctarank;" : "=r"(n));
  asm("mov.u32 %0, %%clusterid.x;" : "=r"(cid));
  asm("mov.u32 %0, %%nclusterid.x;" : "=r"(ncid));
  asm("mov.u32 %0, %%cluster_ctaid.x;" : "=r"(cctaid));
  asm("mov.u32 %0, %%cluster_nctaid.x;" : "=r"(cnctaid));
  asm("{ .reg .pred p; mov.pred p, %%is_explicit_cluster; selp.u32 %0, 1, 0, p; }" : "=r"(expl));
  if (threadIdx.x == 0) {
    int *o = out + 8 * (blockIdx.x + gridDim.x * blockIdx.y);
    o[0] = r; o[1] = n; o[2] = cid; o[3] = ncid; o[4] = cctaid; o[5] = cnctaid; o[6] = expl;
    o[7] = static_cast<int>(c.block_index().x) * 10 + static_cast<int>(c.dim_blocks().x);
  }
}

__global__ void dsmem(int *out) {
  __shared__ int v[64];
  cg::cluster_group c = cg::this_cluster();
  v[threadIdx.x] = static_cast<int>(blockIdx.x) * 1000 + threadIdx.x;
  c.sync();
  int *peer = c.map_shared_rank(v, (c.block_rank() + 1) % c.num_blocks());
  out[blockIdx.x * 64 + threadIdx.x] = peer[threadIdx.x];
  c.sync();
}

// The configuration of a launch with a cluster of cx x cy blocks.
struct Config {
  cudaLaunchConfig_t cfg = {};
  cudaLaunchAttribute attr[1];
  Config(dim3 grid, dim3 block, unsigned cx, unsigned cy) {
    cfg.gridDim = grid;
    cfg.blockDim = block;
    attr[0].id = cudaLaunchAttributeClusterDimension;
    attr[0].val.clusterDim.x = cx;
    attr[0].val.clusterDim.y = cy;
    attr[0].val.clusterDim.z = 1;
    cfg.attrs = attr;
    cfg.numAttrs = 1;
  }
};

static void report(const char *what, cudaError_t e) {
  cudaError_t s = cudaDeviceSynchronize();
  printf("%s: launch %s sync %s\n", what, cudaGetErrorName(e), cudaGetErrorName(s));
  cudaGetLastError();
}

int main() {
  int *o;
  cudaMalloc(&o, 4096 * sizeof(int));
  int h[4096];
  cudaMemset(o, 0, 4096 * sizeof(int));
  fixed2<<<4, 32>>>(o);
  printf("fixed2 <<<4>>>: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
  cudaMemcpy(h, o, 4 * sizeof(int), cudaMemcpyDeviceToHost);
  printf("fixed2 ranks: %d %d %d %d\n", h[0], h[1], h[2], h[3]);
  fixed2<<<3, 32>>>(o);
  printf("fixed2 <<<3>>>: launch %s sync %s\n", cudaGetErrorName(cudaGetLastError()),
         cudaGetErrorName(cudaDeviceSynchronize()));
  {
    Config c(dim3(8), dim3(32), 4, 1);
    report("fixed2 ex cluster 4", cudaLaunchKernelEx(&c.cfg, fixed2, o));
  }
  {
    Config c(dim3(8), dim3(32), 2, 1);
    report("fixed2 ex cluster 2", cudaLaunchKernelEx(&c.cfg, fixed2, o));
  }
  cudaMemset(o, 0, 4096 * sizeof(int));
  {
    Config c(dim3(8, 2), dim3(32), 4, 2);
    report("ranks cluster 4x2 grid 8x2", cudaLaunchKernelEx(&c.cfg, ranks, o));
  }
  cudaMemcpy(h, o, 16 * 8 * sizeof(int), cudaMemcpyDeviceToHost);
  for (int b = 0; b < 16; ++b)
    printf("ranks b%d: rank %d n %d cid %d ncid %d cctaid %d cnctaid %d expl %d idx*10+dim %d\n", b,
           h[b * 8], h[b * 8 + 1], h[b * 8 + 2], h[b * 8 + 3], h[b * 8 + 4], h[b * 8 + 5],
           h[b * 8 + 6], h[b * 8 + 7]);
  ranks<<<2, 32>>>(o);
  cudaDeviceSynchronize();
  cudaMemcpy(h, o, 16 * sizeof(int), cudaMemcpyDeviceToHost);
  printf("ranks no cluster b1: rank %d n %d cid %d ncid %d cctaid %d cnctaid %d expl %d %d\n", h[8],
         h[9], h[10], h[11], h[12], h[13], h[14], h[15]);
  {
    Config c(dim3(6), dim3(32), 4, 1);
    report("ranks grid 6 cluster 4", cudaLaunchKernelEx(&c.cfg, ranks, o));
  }
  {
    Config c(dim3(8), dim3(32), 8, 1);
    report("ranks cluster 8", cudaLaunchKernelEx(&c.cfg, ranks, o));
  }
  {
    Config c(dim3(16), dim3(32), 16, 1);
    report("ranks cluster 16", cudaLaunchKernelEx(&c.cfg, ranks, o));
  }
  {
    Config c(dim3(6), dim3(32), 3, 1);
    report("ranks cluster 3", cudaLaunchKernelEx(&c.cfg, ranks, o));
  }
  {
    Config c(dim3(6), dim3(32), 0, 1);
    report("ranks cluster 0", cudaLaunchKernelEx(&c.cfg, ranks, o));
  }
  cudaError_t a = cudaFuncSetAttribute(ranks, cudaFuncAttributeNonPortableClusterSizeAllowed, 1);
  printf("set nonportable: %s\n", cudaGetErrorName(a));
  {
    Config c(dim3(16), dim3(32), 16, 1);
    report("ranks cluster 16 nonportable", cudaLaunchKernelEx(&c.cfg, ranks, o));
  }
  {
    Config c(dim3(32), dim3(32), 32, 1);
    report("ranks cluster 32 nonportable", cudaLaunchKernelEx(&c.cfg, ranks, o));
  }
  {
    Config c(dim3(8), dim3(64), 4, 1);
    report("dsmem cluster 4", cudaLaunchKernelEx(&c.cfg, dsmem, o));
  }
  cudaMemcpy(h, o, 8 * 64 * sizeof(int), cudaMemcpyDeviceToHost);
  printf("dsmem: b0t5 %d b3t7 %d b4t1 %d b7t63 %d\n", h[5], h[3 * 64 + 7], h[4 * 64 + 1],
         h[7 * 64 + 63]);
  for (int cs : {1, 2, 4, 8, 16}) {
    cudaLaunchConfig_t cfg = {};
    cfg.gridDim = dim3(cs * 16);
    cfg.blockDim = dim3(256);
    cudaLaunchAttribute attr[1];
    attr[0].id = cudaLaunchAttributeClusterDimension;
    attr[0].val.clusterDim.x = cs;
    attr[0].val.clusterDim.y = 1;
    attr[0].val.clusterDim.z = 1;
    cfg.attrs = attr;
    cfg.numAttrs = 1;
    int n = -1;
    cudaError_t e = cudaOccupancyMaxActiveClusters(&n, ranks, &cfg);
    printf("max active clusters size %d x 256 threads: %d (%s)\n", cs, n, cudaGetErrorName(e));
  }
  {
    cudaLaunchConfig_t cfg = {};
    cfg.gridDim = dim3(64);
    cfg.blockDim = dim3(256);
    int n = -1;
    cudaError_t e = cudaOccupancyMaxPotentialClusterSize(&n, ranks, &cfg);
    printf("max potential cluster size (nonportable set): %d (%s)\n", n, cudaGetErrorName(e));
    e = cudaOccupancyMaxPotentialClusterSize(&n, dsmem, &cfg);
    printf("max potential cluster size: %d (%s)\n", n, cudaGetErrorName(e));
  }
  cudaFuncAttributes fa;
  cudaFuncGetAttributes(&fa, fixed2);
  printf("fixed2 attrs: clusterDimMustBeSet %d required %d %d %d nonportable %d\n",
         fa.clusterDimMustBeSet, fa.requiredClusterWidth, fa.requiredClusterHeight,
         fa.requiredClusterDepth, fa.nonPortableClusterSizeAllowed);
  int v = 0;
  cudaDeviceGetAttribute(&v, cudaDevAttrClusterLaunch, 0);
  printf("cudaDevAttrClusterLaunch %d\n", v);
  {
    void *args[] = {&o};
    cudaError_t e = cudaLaunchCooperativeKernel((void *)fixed2, dim3(4), dim3(32), args, 0, 0);
    printf("cooperative fixed2: %s sync %s\n", cudaGetErrorName(e),
           cudaGetErrorName(cudaDeviceSynchronize()));
  }
  return 0;
}
