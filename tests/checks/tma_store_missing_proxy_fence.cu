// tma_tile_clean.cu without the fence.proxy.async: the threads write the
// results with ordinary stores (generic proxy) and thread 0's tensor store
// reads them through the async proxy; the __syncthreads() orders the
// threads but not the two proxies, so the store may carry stale bytes.
// EXPECT: async-proxy shared error at=@store at=@write
#include <cuda.h>
#include <cudaTypedefs.h>
#include <cuda_runtime.h>

#include <cstdint>
#include <cstdio>

constexpr int kW = 64, kH = 32; // the tensors: kH rows of kW floats
constexpr int kBox = 16;        // 16 x 16 tiles, one per block
constexpr unsigned kTileBytes = kBox * kBox * 4;

__device__ unsigned smem(const void *p) {
  return static_cast<unsigned>(__cvta_generic_to_shared(p));
}

// out = 2 * in + 1, tile by tile: a TMA load, the arithmetic in shared
// memory, a TMA store.
__global__ void twice(const __grid_constant__ CUtensorMap in,
                      const __grid_constant__ CUtensorMap out) {
  __shared__ alignas(128) float tile[kBox * kBox];
  __shared__ alignas(128) float result[kBox * kBox];
  __shared__ std::uint64_t bar;
  const unsigned t = threadIdx.x;
  const int x = blockIdx.x * kBox, y = blockIdx.y * kBox;
  if (t == 0) {
    asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(smem(&bar)));
    asm volatile("fence.proxy.async.shared::cta;" ::: "memory"); // the init, for the TMA unit
  }
  __syncthreads();
  if (t == 0) {
    asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(smem(&bar)),
                 "r"(kTileBytes)
                 : "memory");
    // clang-format off
    asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3}], [%4];" ::"r"(smem(tile)), "l"(&in), "r"(x), "r"(y), "r"(smem(&bar)) : "memory"); // @load
    // clang-format on
  }
  __syncthreads();
  asm volatile("{\n"
               " .reg .pred done;\n"
               "WAIT:\n"
               " mbarrier.try_wait.parity.shared::cta.b64 done, [%0], 0;\n"
               " @!done bra WAIT;\n"
               "}" ::"r"(smem(&bar))
               : "memory");
  for (unsigned i = t; i < kBox * kBox; i += blockDim.x)
    result[i] = 2.0f * tile[i] + 1.0f; // @write
  // BUG: no fence.proxy.async between the writes and the tensor store
  __syncthreads();
  if (t == 0) {
    // clang-format off
    asm volatile("cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group [%0, {%1, %2}], [%3];" ::"l"(&out), "r"(x), "r"(y), "r"(smem(result)) : "memory"); // @store
    // clang-format on
    asm volatile("cp.async.bulk.commit_group;" ::: "memory");
    asm volatile("cp.async.bulk.wait_group.read 0;" ::: "memory");
  }
}

PFN_cuTensorMapEncodeTiled_v12000 encode = nullptr;

CUresult make(CUtensorMap *m, float *base) {
  const cuuint64_t dim[2] = {kW, kH}, strides[1] = {kW * 4};
  const cuuint32_t box[2] = {kBox, kBox}, es[2] = {1, 1};
  return encode(m, CU_TENSOR_MAP_DATA_TYPE_FLOAT32, 2, base, dim, strides, box, es,
                CU_TENSOR_MAP_INTERLEAVE_NONE, CU_TENSOR_MAP_SWIZZLE_NONE,
                CU_TENSOR_MAP_L2_PROMOTION_NONE, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
}

int main() {
  cudaDriverEntryPointQueryResult q;
  cudaGetDriverEntryPointByVersion("cuTensorMapEncodeTiled", reinterpret_cast<void **>(&encode),
                                   12000, cudaEnableDefault, &q);
  if (encode == nullptr) {
    printf("no cuTensorMapEncodeTiled\n");
    return 1;
  }
  float h[kW * kH], *in, *out;
  for (int i = 0; i < kW * kH; ++i)
    h[i] = static_cast<float>(i % 97);
  cudaMalloc(&in, sizeof h);
  cudaMalloc(&out, sizeof h);
  cudaMemcpy(in, h, sizeof h, cudaMemcpyHostToDevice);
  CUtensorMap mi, mo;
  if (make(&mi, in) != CUDA_SUCCESS || make(&mo, out) != CUDA_SUCCESS) {
    printf("cuTensorMapEncodeTiled failed\n");
    return 1;
  }
  twice<<<dim3(kW / kBox, kH / kBox), 128>>>(mi, mo);
  cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
  int bad = 0;
  for (int i = 0; i < kW * kH; ++i)
    bad += h[i] != 2.0f * static_cast<float>(i % 97) + 1.0f;
  printf("%s\n", bad ? "FAIL" : "PASS");
  return bad ? 1 : 0;
}
