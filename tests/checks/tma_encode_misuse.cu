// Tensor maps the driver refuses (cuTensorMapEncodeTiled returns
// CUDA_ERROR_INVALID_VALUE, and the map is not written): a global address
// that is not 16-byte aligned, a box dimension above 256, and a box whose
// inner dimension (64 floats, 256 bytes) is wider than its 128-byte swizzle
// span. Each is reported at its call; the program checks the codes and
// then copies with a valid map (tma_tile_clean.cu is the clean twin).
// EXPECT: tensor-map - error at=@base
// EXPECT: tensor-map - error at=@box
// EXPECT: tensor-map - error at=@swizzle
// MESSAGE: globalAddress is not aligned to 16 bytes
// MESSAGE: boxDim\[1\] = 300 is not in 1\.\.256
// MESSAGE: larger than the 128-byte swizzle span
#include <cuda.h>
#include <cudaTypedefs.h>
#include <cuda_runtime.h>

#include <cstdint>
#include <cstdio>

constexpr int kW = 64, kH = 64;

__device__ unsigned smem(const void *p) {
  return static_cast<unsigned>(__cvta_generic_to_shared(p));
}

// Loads the 64 x 8 box at row 8 * blockIdx.x and writes it back doubled.
__global__ void rows(const __grid_constant__ CUtensorMap map, float *out) {
  __shared__ alignas(128) float tile[kW * 8];
  __shared__ std::uint64_t bar;
  if (threadIdx.x == 0) {
    asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(smem(&bar)));
    asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
    asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(smem(&bar)),
                 "r"(kW * 8 * 4)
                 : "memory");
    asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes "
                 "[%0], [%1, {%2, %3}], [%4];" ::"r"(smem(tile)),
                 "l"(&map), "r"(0), "r"(8 * static_cast<int>(blockIdx.x)), "r"(smem(&bar))
                 : "memory");
  }
  asm volatile("{\n"
               " .reg .pred done;\n"
               "WAIT:\n"
               " mbarrier.try_wait.parity.shared::cta.b64 done, [%0], 0;\n"
               " @!done bra WAIT;\n"
               "}" ::"r"(smem(&bar))
               : "memory");
  for (int i = threadIdx.x; i < kW * 8; i += blockDim.x)
    out[blockIdx.x * kW * 8 + i] = 2.0f * tile[i];
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
  float h[kW * kH], *in, *out;
  for (int i = 0; i < kW * kH; ++i)
    h[i] = static_cast<float>(i % 89);
  cudaMalloc(&in, sizeof h);
  cudaMalloc(&out, sizeof h);
  cudaMemcpy(in, h, sizeof h, cudaMemcpyHostToDevice);
  const cuuint64_t dim[2] = {kW, kH}, strides[1] = {kW * 4};
  const cuuint32_t box[2] = {kW, 8}, tall[2] = {kW, 300}, es[2] = {1, 1};
  CUtensorMap m;
  // clang-format off
  // BUG: the tensor starts 8 bytes into the allocation (16-byte alignment).
  const CUresult base = encode(&m, CU_TENSOR_MAP_DATA_TYPE_FLOAT32, 2, in + 2, dim, strides, box, es, CU_TENSOR_MAP_INTERLEAVE_NONE, CU_TENSOR_MAP_SWIZZLE_NONE, CU_TENSOR_MAP_L2_PROMOTION_NONE, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE); // @base
  // BUG: a box of 300 rows (at most 256 per dimension).
  const CUresult tooTall = encode(&m, CU_TENSOR_MAP_DATA_TYPE_FLOAT32, 2, in, dim, strides, tall, es, CU_TENSOR_MAP_INTERLEAVE_NONE, CU_TENSOR_MAP_SWIZZLE_NONE, CU_TENSOR_MAP_L2_PROMOTION_NONE, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE); // @box
  // BUG: 256-byte rows with a 128-byte swizzle (the inner box must fit the span).
  const CUresult swizzled = encode(&m, CU_TENSOR_MAP_DATA_TYPE_FLOAT32, 2, in, dim, strides, box, es, CU_TENSOR_MAP_INTERLEAVE_NONE, CU_TENSOR_MAP_SWIZZLE_128B, CU_TENSOR_MAP_L2_PROMOTION_NONE, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE); // @swizzle
  // clang-format on
  printf("codes %d %d %d\n", static_cast<int>(base), static_cast<int>(tooTall),
         static_cast<int>(swizzled));
  const CUresult ok = encode(&m, CU_TENSOR_MAP_DATA_TYPE_FLOAT32, 2, in, dim, strides, box, es,
                             CU_TENSOR_MAP_INTERLEAVE_NONE, CU_TENSOR_MAP_SWIZZLE_NONE,
                             CU_TENSOR_MAP_L2_PROMOTION_NONE, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
  rows<<<kH / 8, 128>>>(m, out);
  cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
  int bad = 0;
  for (int i = 0; i < kW * kH; ++i)
    bad += h[i] != 2.0f * static_cast<float>(i % 89);
  const bool codes = base == CUDA_ERROR_INVALID_VALUE && tooTall == CUDA_ERROR_INVALID_VALUE &&
                     swizzled == CUDA_ERROR_INVALID_VALUE && ok == CUDA_SUCCESS;
  printf("%s\n", bad == 0 && codes ? "PASS" : "FAIL");
  return bad == 0 && codes ? 0 : 1;
}
