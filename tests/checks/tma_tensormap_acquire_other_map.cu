// tma_tensormap_fence_clean.cu with the acquire naming the first block's
// slot in every block: blocks 1..3 acquire another map than the one their
// tensor copy reads (fence.proxy.tensormap::generic.acquire orders the map
// at its address only).
// EXPECT: tensormap-proxy global error at=@load at=@write
// MESSAGE: no fence.proxy.tensormap::generic.acquire of the map by the copying thread
#include <cuda.h>
#include <cudaTypedefs.h>
#include <cuda_runtime.h>

#include <cstdint>
#include <cstdio>

constexpr int kW = 32, kH = 32, kBox = 16; // 16 x 16 tiles, one per block
constexpr unsigned kTileBytes = kBox * kBox * 4;

__device__ unsigned smem(const void *p) {
  return static_cast<unsigned>(__cvta_generic_to_shared(p));
}

__global__ void tiles(const __grid_constant__ CUtensorMap in, CUtensorMap *maps, float *out) {
  __shared__ alignas(128) float tile[kBox * kBox];
  __shared__ std::uint64_t bar;
  const unsigned t = threadIdx.x;
  CUtensorMap *mine = &maps[blockIdx.x];
  if (t < 8) {
    // 16 bytes per thread: the map's 128 bytes, through the generic proxy.
    reinterpret_cast<uint4 *>(mine)[t] = reinterpret_cast<const uint4 *>(&in)[t]; // @write
    asm volatile("fence.proxy.tensormap::generic.release.gpu;" ::: "memory");
  }
  if (t == 0) {
    asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(smem(&bar)));
    asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  }
  __syncthreads();
  if (t == 0) {
    // BUG: the acquire names maps[0], not this block's map
    asm volatile("fence.proxy.tensormap::generic.acquire.gpu [%0], 128;" ::"l"(maps) : "memory");
    asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(smem(&bar)),
                 "r"(kTileBytes)
                 : "memory");
    // clang-format off
    asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3}], [%4];" ::"r"(smem(tile)), "l"(mine), "r"(kBox * (blockIdx.x % 2)), "r"(kBox * (blockIdx.x / 2)), "r"(smem(&bar)) : "memory"); // @load
    // clang-format on
  }
  asm volatile(
      "{ .reg .pred p; W: mbarrier.try_wait.parity.shared::cta.b64 p, [%0], 0; @!p bra W; }" ::"r"(
          smem(&bar))
      : "memory");
  float sum = 0;
  for (unsigned i = t; i < kBox * kBox; i += blockDim.x)
    sum += tile[i];
  atomicAdd(out, sum);
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
  float h[kW * kH], *in, *out, sum = 0;
  for (int i = 0; i < kW * kH; ++i)
    h[i] = static_cast<float>(i % 11);
  CUtensorMap *maps;
  cudaMalloc(&in, sizeof h);
  cudaMalloc(&out, sizeof(float));
  cudaMalloc(&maps, 4 * sizeof(CUtensorMap));
  cudaMemcpy(in, h, sizeof h, cudaMemcpyHostToDevice);
  cudaMemset(out, 0, sizeof(float));
  CUtensorMap m;
  const cuuint64_t dim[2] = {kW, kH}, strides[1] = {kW * 4};
  const cuuint32_t box[2] = {kBox, kBox}, es[2] = {1, 1};
  if (encode(&m, CU_TENSOR_MAP_DATA_TYPE_FLOAT32, 2, in, dim, strides, box, es,
             CU_TENSOR_MAP_INTERLEAVE_NONE, CU_TENSOR_MAP_SWIZZLE_NONE,
             CU_TENSOR_MAP_L2_PROMOTION_NONE, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE) != CUDA_SUCCESS) {
    printf("cuTensorMapEncodeTiled failed\n");
    return 1;
  }
  tiles<<<4, 64>>>(m, maps, out);
  cudaMemcpy(&sum, out, sizeof sum, cudaMemcpyDeviceToHost);
  float expect = 0;
  for (int i = 0; i < kW * kH; ++i)
    expect += h[i];
  printf("sum %.0f (expected %.0f)\n%s\n", sum, expect, sum == expect ? "PASS" : "FAIL");
  return 0;
}
