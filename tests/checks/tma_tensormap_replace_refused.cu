// A tensormap.replace that warpsim does not execute: the .rank field (its
// value encoding is not checked against the H100 yet). The launch ends at
// the instruction with a located tensor-map error naming the field, never a
// silently unchanged map. (tensormap.replace is sm_90a: a plain sm_90 build
// leaves the kernel empty.)
// EXPECT: tensor-map - error at=@replace
// MESSAGE: tensormap.replace .rank: not simulated yet
// EXIT: 3
#include <cuda.h>
#include <cudaTypedefs.h>
#include <cuda_runtime.h>

#include <cstdio>

__global__ void change(CUtensorMap *map) {
#if !defined(__CUDA_ARCH__) || defined(__CUDA_ARCH_FEAT_SM90_ALL) || defined(__WARPSIM__)
  if (threadIdx.x == 0) {
    // clang-format off
    asm volatile("tensormap.replace.tile.rank.global.b1024.b32 [%0], %1;" ::"l"(map), "r"(1) : "memory"); // @replace
    // clang-format on
  }
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
  float *data;
  CUtensorMap *map, m;
  cudaMalloc(&data, 64 * 64 * sizeof(float));
  cudaMalloc(&map, sizeof m);
  const cuuint64_t dim[3] = {64, 8, 8}, strides[2] = {256, 2048};
  const cuuint32_t box[3] = {16, 4, 4}, es[3] = {1, 1, 1};
  if (encode(&m, CU_TENSOR_MAP_DATA_TYPE_FLOAT32, 3, data, dim, strides, box, es,
             CU_TENSOR_MAP_INTERLEAVE_NONE, CU_TENSOR_MAP_SWIZZLE_NONE,
             CU_TENSOR_MAP_L2_PROMOTION_NONE, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE) != CUDA_SUCCESS) {
    printf("cuTensorMapEncodeTiled failed\n");
    return 1;
  }
  cudaMemcpy(map, &m, sizeof m, cudaMemcpyHostToDevice);
  change<<<1, 32>>>(map);
  printf("launch: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
  return 0;
}
