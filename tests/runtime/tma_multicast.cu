// Multicast copies (.multicast::cluster) in clusters of 4 CTAs, checked
// against values the host computes, and printed for the comparison with the
// H100 (the lead records them: nvcc -arch=sm_90a -std=c++17 tma_multicast.cu).
// Per cluster:
//   1. each CTA loads 8 rows of a 32 x 16 float tile with a tensor copy and
//      multicasts them to all four (ctaMask 0xf in an "h" register): every
//      CTA's mbarrier counts the whole tile's bytes, from four issuers;
//   2. the same with a 128B swizzle (32 x 32 floats; read back through the
//      swizzle);
//   3. rank 0 multicasts one 16 x 8 box to ranks 0 and 2 only (ctaMask
//      0b0101): ranks 1 and 3 keep their sentinel;
//   4. rank 1 multicasts 256 bytes with a plain bulk copy
//      (cuda::ptx::cp_async_bulk with a ctaMask);
//   5. rank 3 multicasts a box partly outside the tensor through
//      cuda::ptx::cp_async_bulk_tensor with a ctaMask: zero fill in every CTA.
#include <cooperative_groups.h>
#include <cuda.h>
#include <cuda/ptx>
#include <cudaTypedefs.h>
#include <cuda_runtime.h>

#include <cstdint>
#include <cstdio>

namespace cg = cooperative_groups;
namespace ptx = cuda::ptx;

// cuda::ptx's multicast forms need sm_90a's features: a native build for
// plain sm_90 writes the same instructions as inline PTX.
#if defined(__CUDA_ARCH__) && !defined(__CUDA_ARCH_FEAT_SM90_ALL) && !defined(__WARPSIM__)
#define LIBRARY_MULTICAST 0
#else
#define LIBRARY_MULTICAST 1
#endif

constexpr int kW = 64, kH = 64; // the tensor: kH rows of kW floats
constexpr int kCluster = 4, kClusters = 2;
constexpr int kOut = 8; // results per block

__device__ unsigned smem(const void *p) {
  return static_cast<unsigned>(__cvta_generic_to_shared(p));
}

__device__ void waitParity(std::uint64_t *bar, unsigned parity) {
  while (!ptx::mbarrier_try_wait_parity(ptx::sem_acquire, ptx::scope_cluster, bar, parity))
    ;
}

__global__ void __cluster_dims__(kCluster, 1, 1)
    multicast(const __grid_constant__ CUtensorMap plain, const __grid_constant__ CUtensorMap swz,
              const float *a, float *out) {
  cg::cluster_group cluster = cg::this_cluster();
  __shared__ alignas(128) float tile[32 * 16];
  __shared__ alignas(1024) float wide[32 * 32];
  __shared__ alignas(128) float part[8 * 16];
  __shared__ alignas(128) float bytes[64];
  __shared__ alignas(128) float edge[8 * 16];
  __shared__ std::uint64_t bar[5];
  const unsigned t = threadIdx.x;
  const int rank = static_cast<int>(cluster.block_rank());
  const int c = static_cast<int>(blockIdx.x) / kCluster;
  for (unsigned i = t; i < 8 * 16; i += blockDim.x)
    part[i] = -1.0f; // the sentinel ranks 1 and 3 keep
  if (t == 0) {
    for (int k = 0; k < 5; ++k)
      ptx::mbarrier_init(&bar[k], 1);
  }
  // The inits, for peers' complete_tx, and the sentinel, for the async
  // proxy's writes of ranks 0 and 2.
  ptx::fence_mbarrier_init(ptx::sem_release, ptx::scope_cluster);
  ptx::fence_proxy_async(ptx::space_shared);
  cluster.sync();
  const unsigned short all = (1u << cluster.num_blocks()) - 1; // a 16-bit register: "h"
  if (t == 0) {
    // 1. 8 rows each, to all four.
    ptx::mbarrier_arrive_expect_tx(ptx::sem_release, ptx::scope_cluster, ptx::space_shared, &bar[0],
                                   32 * 16 * 4);
    // clang-format off
    asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes.multicast::cluster [%0], [%1, {%2, %3}], [%4], %5;"
                 ::"r"(smem(tile + rank * 8 * 16)), "l"(&plain), "r"(c * 16), "r"(rank * 8),
                   "r"(smem(&bar[0])), "h"(all) : "memory");
    // clang-format on
    // 2. Swizzled: 8 rows of 128 bytes each.
    ptx::mbarrier_arrive_expect_tx(ptx::sem_release, ptx::scope_cluster, ptx::space_shared, &bar[1],
                                   32 * 32 * 4);
    // clang-format off
    asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes.multicast::cluster.L2::cache_hint [%0], [%1, {%2, %3}], [%4], 0xf, %5;"
                 ::"r"(smem(wide + rank * 8 * 32)), "l"(&swz), "r"(c * 32), "r"(32 + rank * 8),
                   "r"(smem(&bar[1])), "l"(0x1000000000000000ull) : "memory");
    // clang-format on
    // 3. Rank 0 to ranks 0 and 2.
    if (rank == 0 || rank == 2)
      ptx::mbarrier_arrive_expect_tx(ptx::sem_release, ptx::scope_cluster, ptx::space_shared,
                                     &bar[2], 8 * 16 * 4);
    if (rank == 0) {
      // clang-format off
      asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster [%0], [%1, {%2, %3}], [%4], 0x5;"
                   ::"r"(smem(part)), "l"(&plain), "r"(48), "r"(8 * c), "r"(smem(&bar[2])) : "memory");
      // clang-format on
    }
    // 4. Rank 1: 256 bytes, plain bulk copy.
    ptx::mbarrier_arrive_expect_tx(ptx::sem_release, ptx::scope_cluster, ptx::space_shared, &bar[3],
                                   256);
    if (rank == 1) {
#if LIBRARY_MULTICAST
      ptx::cp_async_bulk(ptx::space_cluster, ptx::space_global, bytes, a + 64 * c + 8, 256u,
                         &bar[3], static_cast<std::uint16_t>(0xf));
#else
      // clang-format off
      asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster [%0], [%1], 256, [%2], 0xf;"
                   ::"r"(smem(bytes)), "l"(a + 64 * c + 8), "r"(smem(&bar[3])) : "memory");
      // clang-format on
#endif
    }
    // 5. Rank 3: a box partly outside the tensor.
    ptx::mbarrier_arrive_expect_tx(ptx::sem_release, ptx::scope_cluster, ptx::space_shared, &bar[4],
                                   8 * 16 * 4);
    if (rank == 3) {
      const std::int32_t at[2] = {56 - 4 * c, 60};
#if LIBRARY_MULTICAST
      ptx::cp_async_bulk_tensor(ptx::space_cluster, ptx::space_global, edge, &plain, at, &bar[4],
                                static_cast<std::uint16_t>(0xf));
#else
      // clang-format off
      asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes.multicast::cluster [%0], [%1, {%2, %3}], [%4], 0xf;"
                   ::"r"(smem(edge)), "l"(&plain), "r"(at[0]), "r"(at[1]), "r"(smem(&bar[4])) : "memory");
      // clang-format on
#endif
    }
  }
  for (int k = 0; k < 5; ++k)
    if (k != 2 || rank == 0 || rank == 2)
      waitParity(&bar[k], 0);
  __syncthreads();
  if (t == 0) {
    float sum = 0, sumSwz = 0, sumPart = 0, sumBytes = 0, sumEdge = 0;
    int swzWrong = 0;
    for (int i = 0; i < 32 * 16; ++i)
      sum += tile[i] * static_cast<float>(i % 7 + 1);
    // Row r, 16-byte chunk k of the 128B swizzle sits at chunk k ^ (r % 8).
    for (int r = 0; r < 32; ++r)
      for (int col = 0; col < 32; ++col) {
        const float v = wide[r * 32 + (((col / 4) ^ (r % 8)) * 4) + col % 4];
        swzWrong += v != a[(32 + r) * kW + c * 32 + col];
        sumSwz += v * static_cast<float>(col % 5 + 1);
      }
    for (int i = 0; i < 8 * 16; ++i) {
      sumPart += part[i] * static_cast<float>(i % 3 + 1);
      sumEdge += edge[i] * static_cast<float>(i % 3 + 1);
    }
    for (int i = 0; i < 64; ++i)
      sumBytes += bytes[i] * static_cast<float>(i % 4 + 1);
    float *o = out + blockIdx.x * kOut;
    o[0] = sum;
    o[1] = sumSwz;
    o[2] = static_cast<float>(swzWrong);
    o[3] = sumPart;
    o[4] = sumBytes;
    o[5] = sumEdge;
    o[6] = edge[3 * 16 + 7];  // (63, 63): inside
    o[7] = edge[7 * 16 + 15]; // (71, 67): outside, zero
  }
  cluster.sync(); // no CTA leaves while a peer's copy may still target it
}

PFN_cuTensorMapEncodeTiled_v12000 encode = nullptr;

CUresult make(CUtensorMap *m, float *base, cuuint32_t boxW, CUtensorMapSwizzle swizzle) {
  const cuuint64_t dim[2] = {kW, kH}, strides[1] = {kW * 4};
  const cuuint32_t box[2] = {boxW, 8}, es[2] = {1, 1};
  return encode(m, CU_TENSOR_MAP_DATA_TYPE_FLOAT32, 2, base, dim, strides, box, es,
                CU_TENSOR_MAP_INTERLEAVE_NONE, swizzle, CU_TENSOR_MAP_L2_PROMOTION_NONE,
                CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
}

int main() {
  cudaDriverEntryPointQueryResult q;
  cudaGetDriverEntryPointByVersion("cuTensorMapEncodeTiled", reinterpret_cast<void **>(&encode),
                                   12000, cudaEnableDefault, &q);
  if (encode == nullptr) {
    printf("no cuTensorMapEncodeTiled\n");
    return 1;
  }
  static float h[kW * kH];
  for (int i = 0; i < kW * kH; ++i)
    h[i] = static_cast<float>((i / kW) * 100 + i % kW);
  float *a, *out;
  cudaMalloc(&a, sizeof h);
  cudaMalloc(&out, kClusters * kCluster * kOut * sizeof(float));
  cudaMemcpy(a, h, sizeof h, cudaMemcpyHostToDevice);
  CUtensorMap plain, swz;
  if (make(&plain, a, 16, CU_TENSOR_MAP_SWIZZLE_NONE) != CUDA_SUCCESS ||
      make(&swz, a, 32, CU_TENSOR_MAP_SWIZZLE_128B) != CUDA_SUCCESS) {
    printf("cuTensorMapEncodeTiled failed\n");
    return 1;
  }
  multicast<<<kClusters * kCluster, 64>>>(plain, swz, a, out);
  const cudaError_t e = cudaDeviceSynchronize();
  if (e != cudaSuccess) {
    printf("launch: %s\n", cudaGetErrorString(e));
    return 1;
  }
  float o[kClusters * kCluster * kOut];
  cudaMemcpy(o, out, sizeof o, cudaMemcpyDeviceToHost);
  // The expected values, from the tensor on the host.
  auto at = [&](int x, int y) { return x < kW && y < kH ? h[y * kW + x] : 0.0f; };
  int wrong = 0;
  for (int b = 0; b < kClusters * kCluster; ++b) {
    const int c = b / kCluster, rank = b % kCluster;
    float sum = 0, sumSwz = 0, sumPart = 0, sumBytes = 0, sumEdge = 0;
    for (int i = 0; i < 32 * 16; ++i)
      sum += at(c * 16 + i % 16, i / 16) * static_cast<float>(i % 7 + 1);
    for (int r = 0; r < 32; ++r)
      for (int col = 0; col < 32; ++col)
        sumSwz += at(c * 32 + col, 32 + r) * static_cast<float>(col % 5 + 1);
    for (int i = 0; i < 8 * 16; ++i) {
      const float p = rank % 2 == 0 ? at(48 + i % 16, 8 * c + i / 16) : -1.0f;
      sumPart += p * static_cast<float>(i % 3 + 1);
      sumEdge += at(56 - 4 * c + i % 16, 60 + i / 16) * static_cast<float>(i % 3 + 1);
    }
    for (int i = 0; i < 64; ++i)
      sumBytes += h[64 * c + 8 + i] * static_cast<float>(i % 4 + 1);
    const float expect[kOut] = {sum,
                                sumSwz,
                                0,
                                sumPart,
                                sumBytes,
                                sumEdge,
                                at(56 - 4 * c + 7, 63),
                                at(56 - 4 * c + 15, 67)};
    printf("block %d (cluster %d rank %d):", b, c, rank);
    for (int k = 0; k < kOut; ++k) {
      printf(" %.0f", o[b * kOut + k]);
      wrong += o[b * kOut + k] != expect[k];
    }
    printf("\n");
  }
  printf("%d wrong\n%s\n", wrong, wrong == 0 ? "PASS" : "FAIL");
  return wrong == 0 ? 0 : 1;
}
