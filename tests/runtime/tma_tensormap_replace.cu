// Tensor maps changed on the device (PTX tensormap.replace, sm_90a) and used
// by tensor copies after fence.proxy.tensormap::generic release/acquire,
// checked against values the host computes and printed for the comparison
// with the H100 (the lead records them: nvcc -arch=sm_90a -std=c++17
// tma_tensormap_replace.cu). A plain sm_90 build has no tensormap.replace:
// it prints SKIP.
//   block 0: a copy of the host's map in shared memory gets a new global
//     address (another tensor, 48 x 40 floats, rows of 256 bytes), new
//     global dims and stride, box_dim[1] = 8 and the NaN fill; the warp
//     copies it to a global slot with tensormap.cp_fenceproxy (release),
//     thread 0 acquires it and loads a box partly outside the new tensor;
//   block 1: the map in a global slot itself gets box_dim[0] = 8,
//     element_stride[1] = 2 and (through cuda::ptx) a new global address.
#include <cuda.h>
#include <cuda/ptx>
#include <cudaTypedefs.h>
#include <cuda_runtime.h>

#include <cmath>
#include <cstdint>
#include <cstdio>

#if defined(__CUDA_ARCH__) && !defined(__CUDA_ARCH_FEAT_SM90_ALL) && !defined(__WARPSIM__)
#define HAVE_REPLACE 0
#else
#define HAVE_REPLACE 1
#endif

namespace ptx = cuda::ptx;

constexpr int kW = 64, kH = 64;   // tensor a: kH rows of kW floats
constexpr int kBW = 48, kBH = 40; // tensor b: kBH rows of kBW floats, rows of 64
constexpr int kOut = 4;

__device__ unsigned smem(const void *p) {
  return static_cast<unsigned>(__cvta_generic_to_shared(p));
}

__global__ void replace(const __grid_constant__ CUtensorMap host, CUtensorMap *maps, float *b,
                        float *out) {
  const unsigned t = threadIdx.x;
  float *o = out + blockIdx.x * kOut;
#if HAVE_REPLACE
  __shared__ alignas(128) CUtensorMap local;
  __shared__ alignas(128) float tile[16 * 16];
  __shared__ std::uint64_t bar;
  CUtensorMap *slot = &maps[blockIdx.x];
  if (t == 0) {
    asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(smem(&bar)));
    asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
    if (blockIdx.x == 0) {
      local = host;
      // clang-format off
      asm volatile("tensormap.replace.tile.global_address.shared::cta.b1024.b64 [%0], %1;" ::"r"(smem(&local)), "l"(b) : "memory");
      asm volatile("tensormap.replace.tile.global_dim.shared::cta.b1024.b32 [%0], 0, %1;" ::"r"(smem(&local)), "r"(kBW) : "memory");
      asm volatile("tensormap.replace.tile.global_dim.shared::cta.b1024.b32 [%0], 1, %1;" ::"r"(smem(&local)), "r"(kBH) : "memory");
      asm volatile("tensormap.replace.tile.global_stride.shared::cta.b1024.b64 [%0], 0, %1;" ::"r"(smem(&local)), "l"(256ull) : "memory");
      asm volatile("tensormap.replace.tile.box_dim.shared::cta.b1024.b32 [%0], 1, %1;" ::"r"(smem(&local)), "r"(8) : "memory");
      asm volatile("tensormap.replace.tile.fill_mode.shared::cta.b1024.b32 [%0], 1;" ::"r"(smem(&local)) : "memory");
      // clang-format on
    } else {
      // clang-format off
      asm volatile("tensormap.replace.tile.box_dim.global.b1024.b32 [%0], 0, %1;" ::"l"(slot), "r"(8) : "memory");
      asm volatile("tensormap.replace.tile.element_stride.global.b1024.b32 [%0], 1, %1;" ::"l"(slot), "r"(2) : "memory");
      // clang-format on
      ptx::tensormap_replace_global_address(ptx::space_global, slot, b);
      ptx::fence_proxy_tensormap_generic(ptx::sem_release, ptx::scope_gpu);
    }
  }
  // Block 0: the warp copies the new map to its global slot, with the
  // release fence (tensormap.cp_fenceproxy, all 32 lanes).
  __syncwarp();
  if (blockIdx.x == 0)
    ptx::tensormap_cp_fenceproxy(ptx::sem_release, ptx::scope_gpu, slot, &local, ptx::n32_t<128>());
  __syncwarp();
  if (t == 0) {
    ptx::fence_proxy_tensormap_generic(ptx::sem_acquire, ptx::scope_gpu, slot, ptx::n32_t<128>());
    const unsigned bytes = blockIdx.x == 0 ? 16 * 8 * 4 : 8 * 8 * 4;
    const int x = blockIdx.x == 0 ? 40 : 8, y = blockIdx.x == 0 ? 36 : 4;
    asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(smem(&bar)),
                 "r"(bytes)
                 : "memory");
    // clang-format off
    asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3}], [%4];" ::"r"(smem(tile)), "l"(slot), "r"(x), "r"(y), "r"(smem(&bar)) : "memory");
    // clang-format on
  }
  __syncthreads();
  asm volatile("{ .reg .pred p; W: mbarrier.try_wait.parity.shared::cta.b64 p, [%0], 0; @!p bra "
               "W; }" ::"r"(smem(&bar))
               : "memory");
  if (t == 0) {
    const int n = blockIdx.x == 0 ? 16 * 8 : 8 * 8;
    float sum = 0;
    int nans = 0;
    for (int i = 0; i < n; ++i) {
      if (tile[i] != tile[i])
        ++nans;
      else
        sum += tile[i] * static_cast<float>(i % 5 + 1);
    }
    o[0] = sum;
    o[1] = static_cast<float>(nans);
    o[2] = tile[1];
    o[3] = tile[n - 1];
  }
#else
  if (t == 0)
    o[0] = -1; // built without sm_90a's tensormap.replace
#endif
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
  static float ha[kW * kH], hb[kBH * 64];
  for (int i = 0; i < kW * kH; ++i)
    ha[i] = static_cast<float>((i / kW) * 100 + i % kW);
  for (int i = 0; i < kBH * 64; ++i)
    hb[i] = static_cast<float>(10000 + i);
  float *a, *b, *out;
  CUtensorMap *maps;
  cudaMalloc(&a, sizeof ha);
  cudaMalloc(&b, sizeof hb);
  cudaMalloc(&out, 2 * kOut * sizeof(float));
  cudaMalloc(&maps, 2 * sizeof(CUtensorMap));
  cudaMemcpy(a, ha, sizeof ha, cudaMemcpyHostToDevice);
  cudaMemcpy(b, hb, sizeof hb, cudaMemcpyHostToDevice);
  cudaMemset(out, 0, 2 * kOut * sizeof(float));
  CUtensorMap m;
  const cuuint64_t dim[2] = {kW, kH}, strides[1] = {kW * 4};
  const cuuint32_t box[2] = {16, 16}, es[2] = {1, 1};
  if (encode(&m, CU_TENSOR_MAP_DATA_TYPE_FLOAT32, 2, a, dim, strides, box, es,
             CU_TENSOR_MAP_INTERLEAVE_NONE, CU_TENSOR_MAP_SWIZZLE_NONE,
             CU_TENSOR_MAP_L2_PROMOTION_NONE, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE) != CUDA_SUCCESS) {
    printf("cuTensorMapEncodeTiled failed\n");
    return 1;
  }
  cudaMemcpy(&maps[1], &m, sizeof m, cudaMemcpyHostToDevice);
  replace<<<2, 32>>>(m, maps, b, out);
  const cudaError_t e = cudaDeviceSynchronize();
  if (e != cudaSuccess) {
    printf("launch: %s\n", cudaGetErrorString(e));
    return 1;
  }
  float o[2 * kOut];
  cudaMemcpy(o, out, sizeof o, cudaMemcpyDeviceToHost);
  if (o[0] == -1) {
    printf("SKIP: built without sm_90a's tensormap.replace\n");
    return 0;
  }
  // Block 0: the box at (40, 36) of b (48 x 40), 16 x 8, NaN outside.
  // Block 1: the box at (8, 4) of b seen as the old map's 64 x 64 tensor of
  // rows of 256 bytes, 8 wide, every other row.
  float expect[2 * kOut] = {0, 0, 0, 0, 0, 0, 0, 0};
  for (int k = 0; k < 2; ++k) {
    const int w = k == 0 ? 16 : 8, rows = 8, x0 = k == 0 ? 40 : 8, y0 = k == 0 ? 36 : 4;
    const int es = k == 0 ? 1 : 2, dimX = k == 0 ? kBW : kW, dimY = k == 0 ? kBH : kH;
    for (int i = 0; i < w * rows; ++i) {
      const int x = x0 + i % w, y = y0 + (i / w) * es;
      const bool in = x < dimX && y < dimY && y < kBH; // block 1 reads b's rows only below 40
      const float v = in ? hb[y * 64 + x] : NAN;
      if (!in && k == 0)
        expect[k * kOut + 1] += 1;
      else
        expect[k * kOut] += (in ? v : 0) * static_cast<float>(i % 5 + 1);
      if (i == 1)
        expect[k * kOut + 2] = v;
      if (i == w * rows - 1)
        expect[k * kOut + 3] = v;
    }
  }
  int wrong = 0;
  for (int k = 0; k < 2; ++k) {
    printf("block %d: sum %.0f, NaN %.0f, tile[1] %.0f, tile[last] %.0f\n", k, o[k * kOut],
           o[k * kOut + 1], o[k * kOut + 2], o[k * kOut + 3]);
    for (int j = 0; j < kOut; ++j) {
      const float x = o[k * kOut + j], y = expect[k * kOut + j];
      wrong += !(x == y || (x != x && y != y));
    }
  }
  printf("%d wrong\n%s\n", wrong, wrong == 0 ? "PASS" : "FAIL");
  return wrong == 0 ? 0 : 1;
}
