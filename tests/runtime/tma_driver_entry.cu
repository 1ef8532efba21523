// The driver API as programs reach it: cuTensorMapEncodeTiled called
// directly (nvcc: link with -lcuda; warpsim nvcc accepts -lcuda, the
// function is in its runtime), through cudaGetDriverEntryPointByVersion and
// through the deprecated cudaGetDriverEntryPoint; what the lookups report
// for an old version and an unknown name; cuGetErrorName/String and
// cuDriverGetVersion. The three maps are used for the same copy and must
// give the same tile. Prints PASS.
#include <cuda.h>
#include <cudaTypedefs.h>

#include <cstdint>
#include <cstdio>
#include <cstring>

__device__ unsigned smem(const void *p) {
  return static_cast<unsigned>(__cvta_generic_to_shared(p));
}

__global__ void load(const __grid_constant__ CUtensorMap map, float *out) {
  __shared__ alignas(128) float tile[8 * 8];
  __shared__ std::uint64_t bar;
  if (threadIdx.x == 0) {
    asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(smem(&bar)));
    asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
    asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(smem(&bar)),
                 "r"(8 * 8 * 4)
                 : "memory");
    asm volatile("cp.async.bulk.tensor.2d.shared::cta.global.mbarrier::complete_tx::bytes"
                 " [%0], [%1, {%2, %3}], [%4];" ::"r"(smem(tile)),
                 "l"(&map), "r"(4), "r"(2), "r"(smem(&bar))
                 : "memory");
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

int failures = 0;
void expect(bool ok, const char *what) {
  if (!ok) {
    std::printf("FAIL: %s\n", what);
    ++failures;
  }
}

int main() {
  int version = 0;
  expect(cuInit(0) == CUDA_SUCCESS, "cuInit");
  expect(cuDriverGetVersion(&version) == CUDA_SUCCESS && version >= 13000, "cuDriverGetVersion");
  const char *name = nullptr, *text = nullptr;
  cuGetErrorName(CUDA_ERROR_INVALID_VALUE, &name);
  cuGetErrorString(CUDA_ERROR_INVALID_VALUE, &text);
  std::printf("%s: %s\n", name, text);

  PFN_cuTensorMapEncodeTiled_v12000 byVersion = nullptr, byName = nullptr, old = nullptr;
  cudaDriverEntryPointQueryResult q1, q2, q3, q4;
  expect(cudaGetDriverEntryPointByVersion("cuTensorMapEncodeTiled",
                                          reinterpret_cast<void **>(&byVersion), 12000,
                                          cudaEnableDefault, &q1) == cudaSuccess,
         "ByVersion");
  expect(cudaGetDriverEntryPoint("cuTensorMapEncodeTiled", reinterpret_cast<void **>(&byName),
                                 cudaEnableDefault, &q2) == cudaSuccess,
         "cudaGetDriverEntryPoint");
  // Tensor maps came with CUDA 12.0: asked for 11.8, the symbol is too new.
  expect(cudaGetDriverEntryPointByVersion("cuTensorMapEncodeTiled", reinterpret_cast<void **>(&old),
                                          11080, cudaEnableDefault, &q3) == cudaSuccess,
         "ByVersion 11.8");
  void *none = &version;
  expect(cudaGetDriverEntryPointByVersion("cuNoSuchFunction", &none, 12000, cudaEnableDefault,
                                          &q4) == cudaSuccess,
         "unknown name");
  std::printf("lookups: %d %d %d %d, pointers %s %s %s %s\n", static_cast<int>(q1),
              static_cast<int>(q2), static_cast<int>(q3), static_cast<int>(q4),
              byVersion ? "set" : "null", byName ? "set" : "null", old ? "set" : "null",
              none ? "set" : "null");
  expect(q1 == cudaDriverEntryPointSuccess && q2 == cudaDriverEntryPointSuccess &&
             q3 == cudaDriverEntryPointVersionNotSufficent &&
             q4 == cudaDriverEntryPointSymbolNotFound && byVersion && byName && !old && !none,
         "lookup results");

  float host[16 * 16], *in = nullptr, *out = nullptr;
  for (int i = 0; i < 16 * 16; ++i)
    host[i] = static_cast<float>(i);
  cudaMalloc(&in, sizeof host);
  cudaMalloc(&out, 64 * sizeof(float));
  cudaMemcpy(in, host, sizeof host, cudaMemcpyHostToDevice);
  const cuuint64_t dim[2] = {16, 16}, strides[1] = {16 * 4};
  const cuuint32_t box[2] = {8, 8}, es[2] = {1, 1};
  PFN_cuTensorMapEncodeTiled_v12000 ways[3] = {&cuTensorMapEncodeTiled, byVersion, byName};
  const char *wayNames[3] = {"direct", "ByVersion", "cudaGetDriverEntryPoint"};
  for (int w = 0; w < 3 && byVersion && byName; ++w) {
    CUtensorMap map;
    const CUresult r = ways[w](&map, CU_TENSOR_MAP_DATA_TYPE_FLOAT32, 2, in, dim, strides, box, es,
                               CU_TENSOR_MAP_INTERLEAVE_NONE, CU_TENSOR_MAP_SWIZZLE_NONE,
                               CU_TENSOR_MAP_L2_PROMOTION_NONE, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
    expect(r == CUDA_SUCCESS, wayNames[w]);
    load<<<1, 64>>>(map, out);
    float got[64];
    cudaMemcpy(got, out, sizeof got, cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int i = 0; i < 64; ++i)
      bad += got[i] != host[(2 + i / 8) * 16 + 4 + i % 8];
    std::printf("%s: map %s, tile[0] = %g, %d wrong\n", wayNames[w],
                r == CUDA_SUCCESS ? "made" : "refused", got[0], bad);
    expect(bad == 0, wayNames[w]);
  }
  std::printf("%s\n", failures == 0 ? "PASS" : "FAIL");
  return failures == 0 ? 0 : 1;
}
