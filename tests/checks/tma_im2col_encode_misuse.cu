// Im2col maps the driver refuses (cuTensorMapEncodeIm2col returns
// CUDA_ERROR_INVALID_VALUE, and the map is not written): a rank-2 tensor
// (im2col needs 3..5), a rank-4 corner outside [-128, 127], and a bounding
// box of no pixel along H. Each is reported at its call; the program checks
// the codes, then runs tma_im2col_clean.cu's convolution with a valid map.
// EXPECT: tensor-map - error at=@rank
// EXPECT: tensor-map - error at=@corner
// EXPECT: tensor-map - error at=@area
// MESSAGE: tensorRank 2 is not 3, 4 or 5 \(im2col\)
// MESSAGE: pixelBoxLowerCorner\[1\] = -200 is not in \[-128, 127\] \(rank 4\)
// MESSAGE: the bounding box has no pixel along dimension 2
#include <cuda.h>
#include <cudaTypedefs.h>
#include <cuda_runtime.h>

#include <cstdint>
#include <cstdio>

constexpr int kC = 4, kW = 8, kH = 4, kN = 1; // 32 pixels of 4 channels
constexpr unsigned kColumnBytes = 32 * kC * 4;

__device__ unsigned smem(const void *p);

__device__ unsigned smem(const void *p) {
  return static_cast<unsigned>(__cvta_generic_to_shared(p));
}

// The column of filter tap (S, R): the window's top-left pixel runs over the
// bounding box from (-1, -1), so the tap reads pixel (w - 1 + S, h - 1 + R).
template <int S, int R>
__device__ void load(const CUtensorMap &in, float *column, std::uint64_t *bar) {
  // clang-format off
  asm volatile("cp.async.bulk.tensor.4d.shared::cluster.global.im2col.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3, %4, %5}], [%6], {%7, %8};" ::"r"(smem(column)), "l"(&in), "r"(0), "r"(-1), "r"(-1), "r"(0), "r"(smem(bar)), "n"(S), "n"(R) : "memory"); // @load
  // clang-format on
}

__global__ void conv(const __grid_constant__ CUtensorMap in, float *out) {
  __shared__ alignas(128) float column[32 * kC];
  __shared__ std::uint64_t bar;
  const unsigned t = threadIdx.x; // one thread per pixel
  float acc = 0;
  if (t == 0) {
    asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(smem(&bar)));
    asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  }
  __syncthreads();
  for (int tap = 0; tap < 9; ++tap) {
    if (t == 0) {
      asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(smem(&bar)),
                   "r"(kColumnBytes)
                   : "memory");
      switch (tap) { // the offsets are immediates
      case 0:
        load<0, 0>(in, column, &bar);
        break;
      case 1:
        load<1, 0>(in, column, &bar);
        break;
      case 2:
        load<2, 0>(in, column, &bar);
        break;
      case 3:
        load<0, 1>(in, column, &bar);
        break;
      case 4:
        load<1, 1>(in, column, &bar);
        break;
      case 5:
        load<2, 1>(in, column, &bar);
        break;
      case 6:
        load<0, 2>(in, column, &bar);
        break;
      case 7:
        load<1, 2>(in, column, &bar);
        break;
      default:
        load<2, 2>(in, column, &bar);
        break;
      }
    }
    asm volatile("{ .reg .pred p; W: mbarrier.try_wait.parity.shared::cta.b64 p, [%0], %1; @!p "
                 "bra W; }" ::"r"(smem(&bar)),
                 "r"(tap & 1)
                 : "memory");
    for (int c = 0; c < kC; ++c)
      acc += column[t * kC + c] * static_cast<float>(tap + 1); // @read
    __syncthreads(); // every thread has read the column before the next copy
  }
  out[t] = acc;
}

int main() {
  PFN_cuTensorMapEncodeIm2col_v12000 encode = nullptr;
  cudaDriverEntryPointQueryResult q;
  cudaGetDriverEntryPointByVersion("cuTensorMapEncodeIm2col", reinterpret_cast<void **>(&encode),
                                   12000, cudaEnableDefault, &q);
  if (encode == nullptr) {
    printf("no cuTensorMapEncodeIm2col\n");
    return 1;
  }
  float h[kN * kH * kW * kC], *in, *out, o[32];
  for (int i = 0; i < kN * kH * kW * kC; ++i)
    h[i] = static_cast<float>(i % 5);
  cudaMalloc(&in, sizeof h);
  cudaMalloc(&out, sizeof o);
  cudaMemcpy(in, h, sizeof h, cudaMemcpyHostToDevice);
  const cuuint64_t dim[4] = {kC, kW, kH, kN};
  const cuuint64_t strides[3] = {kC * 4, kW * kC * 4, kH * kW * kC * 4};
  const int lower[2] = {-1, -1}, upper[2] = {-1, -1};
  const cuuint32_t es[4] = {1, 1, 1, 1};
  CUtensorMap m;
  const int far[2] = {-1, -200}, empty[2] = {0, -8};
  // clang-format off
  // BUG: a rank-2 tensor (im2col maps have 3 to 5 dimensions).
  const CUresult rank = encode(&m, CU_TENSOR_MAP_DATA_TYPE_FLOAT32, 2, in, dim, strides, lower, upper, kC, 32, es, CU_TENSOR_MAP_INTERLEAVE_NONE, CU_TENSOR_MAP_SWIZZLE_NONE, CU_TENSOR_MAP_L2_PROMOTION_NONE, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE); // @rank
  // BUG: a corner of -200 (rank 4 allows [-128, 127]).
  const CUresult corner = encode(&m, CU_TENSOR_MAP_DATA_TYPE_FLOAT32, 4, in, dim, strides, far, upper, kC, 32, es, CU_TENSOR_MAP_INTERLEAVE_NONE, CU_TENSOR_MAP_SWIZZLE_NONE, CU_TENSOR_MAP_L2_PROMOTION_NONE, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE); // @corner
  // BUG: H from -1 to 4 - 1 - 8: no pixel.
  const CUresult area = encode(&m, CU_TENSOR_MAP_DATA_TYPE_FLOAT32, 4, in, dim, strides, lower, empty, kC, 32, es, CU_TENSOR_MAP_INTERLEAVE_NONE, CU_TENSOR_MAP_SWIZZLE_NONE, CU_TENSOR_MAP_L2_PROMOTION_NONE, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE); // @area
  // clang-format on
  printf("codes %d %d %d\n", static_cast<int>(rank), static_cast<int>(corner),
         static_cast<int>(area));
  if (rank != CUDA_ERROR_INVALID_VALUE || corner != CUDA_ERROR_INVALID_VALUE ||
      area != CUDA_ERROR_INVALID_VALUE) {
    printf("FAIL\n");
    return 1;
  }
  if (encode(&m, CU_TENSOR_MAP_DATA_TYPE_FLOAT32, 4, in, dim, strides, lower, upper, kC, 32, es,
             CU_TENSOR_MAP_INTERLEAVE_NONE, CU_TENSOR_MAP_SWIZZLE_NONE,
             CU_TENSOR_MAP_L2_PROMOTION_NONE, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE) != CUDA_SUCCESS) {
    printf("cuTensorMapEncodeIm2col failed\n");
    return 1;
  }
  conv<<<1, 32>>>(m, out);
  cudaMemcpy(o, out, sizeof o, cudaMemcpyDeviceToHost);
  int bad = 0;
  for (int p = 0; p < 32; ++p) {
    const int w = p % kW, y = p / kW;
    float want = 0;
    for (int tap = 0; tap < 9; ++tap) {
      const int x = w - 1 + tap % 3, z = y - 1 + tap / 3;
      if (x >= 0 && x < kW && z >= 0 && z < kH)
        for (int c = 0; c < kC; ++c)
          want += h[(z * kW + x) * kC + c] * static_cast<float>(tap + 1);
    }
    bad += o[p] != want;
  }
  printf("out[0] %.0f out[9] %.0f out[31] %.0f\n%s\n", o[0], o[9], o[31], bad ? "FAIL" : "PASS");
  return bad ? 1 : 0;
}
