// A tensor copy multicast to both CTAs of a cluster of 2
// (.multicast::cluster, ctaMask 0b11): rank 0 issues it, the tile lands at
// the same shared offset in both CTAs and completes the tx-count of each
// CTA's own mbarrier at the same offset; every thread waits on its CTA's
// mbarrier before reading the tile. The tile's earlier generic writes are
// fenced (fence.proxy.async) before the copy overwrites them. Clean twin of
// tma_multicast_missing_wait.cu and tma_multicast_missing_proxy_fence.cu.
// EXPECT-CLEAN
#include <cooperative_groups.h>
#include <cuda.h>
#include <cuda/ptx>
#include <cudaTypedefs.h>
#include <cuda_runtime.h>

#include <cstdint>
#include <cstdio>

namespace cg = cooperative_groups;
namespace ptx = cuda::ptx;

constexpr int kW = 32, kH = 16; // the tensor: kH rows of kW floats, one box
constexpr unsigned kTileBytes = kW * kH * 4;

__device__ unsigned smem(const void *p) {
  return static_cast<unsigned>(__cvta_generic_to_shared(p));
}

__global__ void __cluster_dims__(2, 1, 1)
    broadcast(const __grid_constant__ CUtensorMap in, float *out) {
  cg::cluster_group cluster = cg::this_cluster();
  __shared__ alignas(128) float tile[kW * kH];
  __shared__ std::uint64_t bar;
  const unsigned t = threadIdx.x;
  for (unsigned i = t; i < kW * kH; i += blockDim.x)
    tile[i] = -1.0f; // generic writes the copy then overwrites
  // ... made visible to the async proxy before the copy overwrites them.
  ptx::fence_proxy_async(ptx::space_shared);
  if (t == 0) {
    ptx::mbarrier_init(&bar, 1);
    ptx::mbarrier_arrive_expect_tx(ptx::sem_release, ptx::scope_cluster, ptx::space_shared, &bar,
                                   std::uint32_t{kTileBytes});
  }
  // The peer's mbarrier is initialised before the copy completes on it.
  ptx::fence_mbarrier_init(ptx::sem_release, ptx::scope_cluster);
  cluster.sync();
  if (cluster.block_rank() == 0 && t == 0) {
    // clang-format off
    asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes.multicast::cluster [%0], [%1, {%2, %3}], [%4], 0x3;" ::"r"(smem(tile)), "l"(&in), "r"(0), "r"(0), "r"(smem(&bar)) : "memory"); // @load
    // clang-format on
  }
  while (!ptx::mbarrier_try_wait_parity(ptx::sem_acquire, ptx::scope_cluster, &bar, 0))
    ;
  float sum = 0;
  for (unsigned i = t; i < kW * kH; i += blockDim.x)
    sum += tile[i]; // @read
  atomicAdd(&out[cluster.block_rank()], sum);
  cluster.sync(); // rank 1 does not leave while rank 0's copy targets it
}

int main() {
  PFN_cuTensorMapEncodeTiled_v12000 encode = nullptr;
  cudaDriverEntryPointQueryResult q;
  cudaGetDriverEntryPointByVersion("cuTensorMapEncodeTiled", reinterpret_cast<void **>(&encode),
                                   12000, cudaEnableDefault, &q);
  if (encode == nullptr) {
    printf("no cuTensorMapEncodeTiled\n");
    return 1;
  }
  float h[kW * kH], *in, *out, sums[2];
  for (int i = 0; i < kW * kH; ++i)
    h[i] = static_cast<float>(i % 13);
  cudaMalloc(&in, sizeof h);
  cudaMalloc(&out, sizeof sums);
  cudaMemcpy(in, h, sizeof h, cudaMemcpyHostToDevice);
  cudaMemset(out, 0, sizeof sums);
  CUtensorMap m;
  const cuuint64_t dim[2] = {kW, kH}, strides[1] = {kW * 4};
  const cuuint32_t box[2] = {kW, kH}, es[2] = {1, 1};
  if (encode(&m, CU_TENSOR_MAP_DATA_TYPE_FLOAT32, 2, in, dim, strides, box, es,
             CU_TENSOR_MAP_INTERLEAVE_NONE, CU_TENSOR_MAP_SWIZZLE_NONE,
             CU_TENSOR_MAP_L2_PROMOTION_NONE, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE) != CUDA_SUCCESS) {
    printf("cuTensorMapEncodeTiled failed\n");
    return 1;
  }
  broadcast<<<2, 128>>>(m, out);
  cudaMemcpy(sums, out, sizeof sums, cudaMemcpyDeviceToHost);
  float expect = 0;
  for (int i = 0; i < kW * kH; ++i)
    expect += h[i];
  printf("sums %.0f %.0f (expected %.0f)\n", sums[0], sums[1], expect);
  printf("%s\n", sums[0] == expect && sums[1] == expect ? "PASS" : "FAIL");
  return 0;
}
