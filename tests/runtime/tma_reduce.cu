// Tensor-map reductions and prefetches: four blocks add their 16 x 8 f32
// tiles into one 32 x 16 tensor with cp.reduce.async.bulk.tensor.2d .add
// (two tiles per box position, one of them partly outside the tensor: its
// outside elements are not combined), blocks take the .min of s32 tiles and
// .xor of u32 tiles through cuda::ptx::cp_reduce_async_bulk_tensor, and
// cp.async.bulk.prefetch.tensor runs (it changes nothing visible). Every
// element is reduced atomically: the blocks do not race. Prints PASS.
#include <cuda.h>
#include <cuda/ptx>
#include <cudaTypedefs.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>

constexpr int W = 32, H = 16, BW = 16, BH = 8;

__device__ unsigned smem(const void *p) {
  return static_cast<unsigned>(__cvta_generic_to_shared(p));
}

// Block b adds tile value (b + 1) * (i + 1) at box (x, y) = (16 * (b % 2), 8 * (b / 2) + 4 * (b ==
// 3)).
__global__ void add(const __grid_constant__ CUtensorMap map) {
  __shared__ alignas(128) float tile[BW * BH];
  const int b = blockIdx.x;
  for (int i = threadIdx.x; i < BW * BH; i += blockDim.x)
    tile[i] = static_cast<float>((b + 1) * (i + 1));
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  if (threadIdx.x == 0) {
    const int x = BW * (b % 2), y = BH * (b / 2) + (b == 3 ? 4 : 0);
    asm volatile("cp.async.bulk.prefetch.tensor.2d.L2.global.tile [%0, {%1, %2}];" ::"l"(&map),
                 "r"(x), "r"(y)
                 : "memory");
    asm volatile("cp.reduce.async.bulk.tensor.2d.global.shared::cta.add.tile.bulk_group"
                 " [%0, {%1, %2}], [%3];" ::"l"(&map),
                 "r"(x), "r"(y), "r"(smem(tile))
                 : "memory");
    asm volatile("cp.async.bulk.commit_group;" ::: "memory");
    asm volatile("cp.async.bulk.wait_group.read 0;" ::: "memory");
  }
}

// Every block combines its 16 x 8 tile at (0, 0): .min of s32, .xor of u32.
__global__ void minXor(const __grid_constant__ CUtensorMap mins,
                       const __grid_constant__ CUtensorMap xors) {
  __shared__ alignas(128) std::int32_t a[BW * BH];
  __shared__ alignas(128) std::uint32_t x[BW * BH];
  const int b = blockIdx.x;
  for (int i = threadIdx.x; i < BW * BH; i += blockDim.x) {
    a[i] = (i * 7 + b * 13) % 23 - 11;
    x[i] = 1u << ((i + b) % 32);
  }
  cuda::ptx::fence_proxy_async(cuda::ptx::space_shared);
  __syncthreads();
  if (threadIdx.x == 0) {
    const std::int32_t c[2] = {0, 0};
    cuda::ptx::cp_reduce_async_bulk_tensor(cuda::ptx::space_global, cuda::ptx::space_shared,
                                           cuda::ptx::op_min, &mins, c, a);
    cuda::ptx::cp_reduce_async_bulk_tensor(cuda::ptx::space_global, cuda::ptx::space_shared,
                                           cuda::ptx::op_xor_op, &xors, c, x);
    cuda::ptx::cp_async_bulk_commit_group();
    cuda::ptx::cp_async_bulk_wait_group_read(cuda::ptx::n32_t<0>());
  }
}

PFN_cuTensorMapEncodeTiled_v12000 encode = nullptr;

CUtensorMap make(CUtensorMapDataType type, void *base) {
  CUtensorMap m;
  const cuuint64_t dim[2] = {W, H}, strides[1] = {W * 4};
  const cuuint32_t box[2] = {BW, BH}, es[2] = {1, 1};
  if (encode(&m, type, 2, base, dim, strides, box, es, CU_TENSOR_MAP_INTERLEAVE_NONE,
             CU_TENSOR_MAP_SWIZZLE_NONE, CU_TENSOR_MAP_L2_PROMOTION_NONE,
             CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE) != CUDA_SUCCESS)
    std::printf("cuTensorMapEncodeTiled failed\n");
  return m;
}

int main() {
  cudaDriverEntryPointQueryResult q;
  cudaGetDriverEntryPointByVersion("cuTensorMapEncodeTiled", reinterpret_cast<void **>(&encode),
                                   12000, cudaEnableDefault, &q);
  if (encode == nullptr) {
    std::printf("no cuTensorMapEncodeTiled\n");
    return 1;
  }
  float *f = nullptr;
  std::int32_t *s = nullptr;
  std::uint32_t *u = nullptr;
  cudaMalloc(&f, W * H * 4);
  cudaMalloc(&s, W * H * 4);
  cudaMalloc(&u, W * H * 4);
  cudaMemset(f, 0, W * H * 4);
  static std::int32_t hs[W * H];
  static std::uint32_t hu[W * H];
  static float hf[W * H];
  for (int i = 0; i < W * H; ++i)
    hs[i] = 5;
  cudaMemcpy(s, hs, sizeof hs, cudaMemcpyHostToDevice);
  cudaMemset(u, 0, W * H * 4);
  add<<<4, 64>>>(make(CU_TENSOR_MAP_DATA_TYPE_FLOAT32, f));
  minXor<<<3, 64>>>(make(CU_TENSOR_MAP_DATA_TYPE_INT32, s),
                    make(CU_TENSOR_MAP_DATA_TYPE_UINT32, u));
  cudaMemcpy(hf, f, sizeof hf, cudaMemcpyDeviceToHost);
  cudaMemcpy(hs, s, sizeof hs, cudaMemcpyDeviceToHost);
  cudaMemcpy(hu, u, sizeof hu, cudaMemcpyDeviceToHost);
  int bad = 0;
  for (int r = 0; r < H; ++r)
    for (int c = 0; c < W; ++c) {
      float want = 0;
      for (int b = 0; b < 4; ++b) {
        const int x = BW * (b % 2), y = BH * (b / 2) + (b == 3 ? 4 : 0);
        if (c >= x && c < x + BW && r >= y && r < y + BH)
          want += static_cast<float>((b + 1) * ((r - y) * BW + (c - x) + 1));
      }
      std::int32_t wantMin = 5;
      std::uint32_t wantXor = 0;
      if (r < BH && c < BW)
        for (int b = 0; b < 3; ++b) {
          const int i = r * BW + c;
          wantMin = std::min(wantMin, (i * 7 + b * 13) % 23 - 11);
          wantXor ^= 1u << ((i + b) % 32);
        }
      bad += hf[r * W + c] != want;
      bad += hs[r * W + c] != wantMin;
      bad += hu[r * W + c] != wantXor;
    }
  std::printf("sums: [0][0] %g, [8][16] %g, [15][31] %g; min [0][0] %d; xor [0][1] %08x\n", hf[0],
              hf[8 * W + 16], hf[15 * W + 31], hs[0], hu[1]);
  const cudaError_t e = cudaDeviceSynchronize();
  std::printf("%s (%d wrong, %s)\n", bad == 0 && e == cudaSuccess ? "PASS" : "FAIL", bad,
              cudaGetErrorName(e));
  return bad == 0 && e == cudaSuccess ? 0 : 1;
}
