// A tensor map passed by value without const __grid_constant__: the kernel
// parameter is copied into the thread's local memory, and the address the
// copy gets (&map) is a local one, from which the TMA unit cannot read the
// map. warpsim ends the launch at the copy (tma_tile_clean.cu is the clean
// twin: the map is a __grid_constant__ parameter).
// EXPECT: tensor-map - error at=@load
// MESSAGE: local memory
// EXIT: 3
#include <cuda.h>
#include <cudaTypedefs.h>
#include <cuda_runtime.h>

#include <cstdint>
#include <cstdio>

__device__ unsigned smem(const void *p) {
  return static_cast<unsigned>(__cvta_generic_to_shared(p));
}

// BUG: `CUtensorMap map` instead of `const __grid_constant__ CUtensorMap map`.
__global__ void load(CUtensorMap map, float *out) {
  __shared__ alignas(128) float tile[32 * 8];
  __shared__ std::uint64_t bar;
  if (threadIdx.x == 0) {
    asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(smem(&bar)));
    asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
    asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(smem(&bar)),
                 "r"(32 * 8 * 4)
                 : "memory");
    // clang-format off
    asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3}], [%4];" ::"r"(smem(tile)), "l"(&map), "r"(0), "r"(0), "r"(smem(&bar)) : "memory"); // @load
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
  out[threadIdx.x] = tile[threadIdx.x];
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
  float *in, *out;
  cudaMalloc(&in, 32 * 8 * 4);
  cudaMalloc(&out, 32 * 8 * 4);
  cudaMemset(in, 0, 32 * 8 * 4);
  const cuuint64_t dim[2] = {32, 8}, strides[1] = {32 * 4};
  const cuuint32_t box[2] = {32, 8}, es[2] = {1, 1};
  CUtensorMap m;
  encode(&m, CU_TENSOR_MAP_DATA_TYPE_FLOAT32, 2, in, dim, strides, box, es,
         CU_TENSOR_MAP_INTERLEAVE_NONE, CU_TENSOR_MAP_SWIZZLE_NONE, CU_TENSOR_MAP_L2_PROMOTION_NONE,
         CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
  load<<<1, 256>>>(m, out);
  const cudaError_t e = cudaDeviceSynchronize();
  printf("%s\n", cudaGetErrorName(e));
  return e == cudaSuccess ? 0 : 1;
}
