// im2col tensor copies (cuTensorMapEncodeIm2col, cp.async.bulk.tensor
// .im2col) checked against the host's reading of the PTX ISA ("Tensor copy:
// im2col mode") and printed for the comparison with the H100 (the lead
// records them: nvcc -arch=sm_90 -std=c++17 tma_im2col.cu). Each copy is a
// column of pixelsPerColumn pixels, one row of channelsPerPixel channels per
// pixel; the traversal starts at the coordinates, walks W within the
// bounding box [lower, dim - 1 + upper] (step elementStrides), wraps into H,
// D, then the next image; each pixel read is the position plus the im2col
// offsets, and pixels or channels outside the tensor are filled.
//   A: 4-d NHWC 2 x 6 x 5 x 8 floats, a 3x3 window with padding 1
//      (corners -1, -1), 16 pixels: from (w, h, n) = (-1, -1, 0) with
//      offsets (0, 0), and from (2, 3, 1) with offsets (1, 2), which runs
//      past the last image;
//   B: 3-d NWC 2 x 7 x 12 floats, corners -2 / 0, W stride 2, 8 channels
//      from c = 8 (half of them past C), 32B swizzle, 10 pixels;
//   C: 5-d NDHWC 1 x 2 x 3 x 3 x 4 floats, NaN fill, 20 pixels, offsets
//      (0, 0, 1); and a prefetch of A's map in .im2col mode.
#include <cuda.h>
#include <cudaTypedefs.h>
#include <cuda_runtime.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <vector>

__device__ unsigned smem(const void *p) {
  return static_cast<unsigned>(__cvta_generic_to_shared(p));
}

__device__ void wait(std::uint64_t *bar) {
  asm volatile("{ .reg .pred p; W: mbarrier.try_wait.parity.shared::cta.b64 p, [%0], 0; @!p bra "
               "W; }" ::"r"(smem(bar))
               : "memory");
}

constexpr int kOut = 1024; // floats per copy in the output

__global__ void columns(const __grid_constant__ CUtensorMap a,
                        const __grid_constant__ CUtensorMap b,
                        const __grid_constant__ CUtensorMap c, float *out) {
  __shared__ alignas(1024) float buf[4][kOut];
  __shared__ std::uint64_t bar[4];
  const unsigned t = threadIdx.x;
  for (unsigned i = t; i < 4 * kOut; i += blockDim.x)
    buf[i / kOut][i % kOut] = -7.0f; // bytes no copy writes keep this
  if (t == 0)
    for (int k = 0; k < 4; ++k)
      asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(smem(&bar[k])));
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  // The offsets of the second copy in 16-bit registers ("h").
  const short one = static_cast<short>(blockDim.x / 64), two = static_cast<short>(2 * one);
  if (t == 0) {
    const unsigned bytes[4] = {16 * 8 * 4, 16 * 8 * 4, 10 * 8 * 4, 20 * 4 * 4};
    for (int k = 0; k < 4; ++k)
      asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(smem(&bar[k])),
                   "r"(bytes[k])
                   : "memory");
    // clang-format off
    asm volatile("cp.async.bulk.prefetch.tensor.4d.L2.global.im2col [%0, {%1, %2, %3, %4}], {0, 0};" ::"l"(&a), "r"(0), "r"(-1), "r"(-1), "r"(0) : "memory");
    asm volatile("cp.async.bulk.tensor.4d.shared::cluster.global.im2col.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3, %4, %5}], [%6], {0, 0};"
                 ::"r"(smem(buf[0])), "l"(&a), "r"(0), "r"(-1), "r"(-1), "r"(0), "r"(smem(&bar[0])) : "memory");
    asm volatile("cp.async.bulk.tensor.4d.shared::cta.global.im2col.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3, %4, %5}], [%6], {%7, %8};"
                 ::"r"(smem(buf[1])), "l"(&a), "r"(0), "r"(2), "r"(3), "r"(1), "r"(smem(&bar[1])), "h"(one), "h"(two) : "memory");
    asm volatile("cp.async.bulk.tensor.3d.shared::cluster.global.im2col.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3, %4}], [%5], {1};"
                 ::"r"(smem(buf[2])), "l"(&b), "r"(8), "r"(-2), "r"(0), "r"(smem(&bar[2])) : "memory");
    asm volatile("cp.async.bulk.tensor.5d.shared::cluster.global.im2col.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3, %4, %5, %6}], [%7], {0, 0, 1};"
                 ::"r"(smem(buf[3])), "l"(&c), "r"(0), "r"(0), "r"(0), "r"(0), "r"(0), "r"(smem(&bar[3])) : "memory");
    // clang-format on
  }
  for (int k = 0; k < 4; ++k)
    wait(&bar[k]);
  for (unsigned i = t; i < 4 * kOut; i += blockDim.x)
    out[i] = buf[i / kOut][i % kOut];
}

// The host's model of one copy: element (pixel, channel) of the column.
struct Im2col {
  int rank;
  long long dim[5];
  int lower[3], upper[3], es[5];
  int channels, pixels, swizzle; // swizzle span in bytes (0: none)
  bool nan;
};

float value(const Im2col &m, const long long *at) {
  long long v = 0, scale = 1;
  for (int i = 0; i < m.rank; ++i) {
    v += at[i] * scale;
    scale *= 100;
  }
  return static_cast<float>(v % 16777216);
}

// The column as the shared buffer holds it (-7 where nothing is written).
std::vector<float> column(const Im2col &m, const int *coords, const int *offs) {
  std::vector<float> s(kOut, -7.0f);
  const int spatial = m.rank - 2, n = m.rank - 1;
  const int pitch = m.swizzle != 0 ? m.swizzle : m.channels * 4;
  long long pos[5] = {0, 0, 0, 0, 0};
  for (int i = 1; i < m.rank; ++i)
    pos[i] = coords[i];
  for (int p = 0; p < m.pixels; ++p) {
    long long at[5] = {0, 0, 0, 0, 0};
    bool in = pos[n] >= 0 && pos[n] < m.dim[n];
    at[n] = pos[n];
    for (int i = 1; i <= spatial; ++i) {
      at[i] = pos[i] + offs[i - 1];
      in = in && at[i] >= 0 && at[i] < m.dim[i];
    }
    for (int k = 0; k < m.channels; ++k) {
      at[0] = coords[0] + k;
      const bool ok = in && at[0] >= 0 && at[0] < m.dim[0];
      const float v = ok ? value(m, at) : m.nan ? NAN : 0.0f;
      unsigned byte = p * pitch + k * 4;
      if (m.swizzle != 0)
        byte ^= ((byte >> 7) & (m.swizzle / 16 - 1)) << 4;
      s[byte / 4] = v;
    }
    int i = 1;
    for (; i <= spatial; ++i) {
      pos[i] += m.es[i];
      if (pos[i] <= m.dim[i] - 1 + m.upper[i - 1])
        break;
      pos[i] = m.lower[i - 1];
    }
    if (i > spatial)
      ++pos[n];
  }
  return s;
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
  const Im2col ma{4, {8, 5, 6, 2}, {-1, -1}, {-1, -1}, {1, 1, 1, 1}, 8, 16, 0, false};
  const Im2col mb{3, {12, 7, 2}, {-2}, {0}, {1, 2, 1}, 8, 10, 32, false};
  const Im2col mc{5, {4, 3, 3, 2, 1}, {0, 0, 0}, {0, 0, 0}, {1, 1, 1, 1, 1}, 4, 20, 0, true};
  const Im2col *maps[3] = {&ma, &mb, &mc};
  CUtensorMap tm[3];
  for (int k = 0; k < 3; ++k) {
    const Im2col &m = *maps[k];
    long long count = 1;
    for (int i = 0; i < m.rank; ++i)
      count *= m.dim[i];
    std::vector<float> h(count);
    for (long long e = 0; e < count; ++e) {
      long long at[5], r = e;
      for (int i = 0; i < m.rank; ++i) {
        at[i] = r % m.dim[i];
        r /= m.dim[i];
      }
      h[e] = value(m, at);
    }
    float *d;
    cudaMalloc(&d, count * sizeof(float));
    cudaMemcpy(d, h.data(), count * sizeof(float), cudaMemcpyHostToDevice);
    cuuint64_t dims[5], strides[4];
    cuuint32_t es[5];
    for (int i = 0; i < m.rank; ++i) {
      dims[i] = m.dim[i];
      es[i] = m.es[i];
    }
    strides[0] = m.dim[0] * 4;
    for (int i = 1; i + 1 < m.rank; ++i)
      strides[i] = strides[i - 1] * m.dim[i];
    const CUresult r =
        encode(&tm[k], CU_TENSOR_MAP_DATA_TYPE_FLOAT32, m.rank, d, dims, strides, m.lower, m.upper,
               m.channels, m.pixels, es, CU_TENSOR_MAP_INTERLEAVE_NONE,
               m.swizzle == 32 ? CU_TENSOR_MAP_SWIZZLE_32B : CU_TENSOR_MAP_SWIZZLE_NONE,
               CU_TENSOR_MAP_L2_PROMOTION_NONE,
               m.nan ? CU_TENSOR_MAP_FLOAT_OOB_FILL_NAN_REQUEST_ZERO_FMA
                     : CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
    if (r != CUDA_SUCCESS) {
      printf("cuTensorMapEncodeIm2col %d failed: %d\n", k, static_cast<int>(r));
      return 1;
    }
  }
  float *out;
  cudaMalloc(&out, 4 * kOut * sizeof(float));
  columns<<<1, 64>>>(tm[0], tm[1], tm[2], out);
  const cudaError_t e = cudaDeviceSynchronize();
  if (e != cudaSuccess) {
    printf("launch: %s\n", cudaGetErrorString(e));
    return 1;
  }
  static float got[4 * kOut];
  cudaMemcpy(got, out, sizeof got, cudaMemcpyDeviceToHost);
  const int coords[4][5] = {{0, -1, -1, 0}, {0, 2, 3, 1}, {8, -2, 0}, {0, 0, 0, 0, 0}};
  const int offs[4][3] = {{0, 0}, {1, 2}, {1}, {0, 0, 1}};
  const Im2col *of[4] = {&ma, &ma, &mb, &mc};
  int wrong = 0;
  for (int k = 0; k < 4; ++k) {
    const std::vector<float> want = column(*of[k], coords[k], offs[k]);
    double sum = 0;
    int zeros = 0, nans = 0, differ = 0;
    for (int i = 0; i < kOut; ++i) {
      const float g = got[k * kOut + i];
      if (g != g)
        ++nans;
      else if (g == 0.0f)
        ++zeros;
      else if (g != -7.0f)
        sum += static_cast<double>(g) * (i % 7 + 1);
      differ += !(g == want[i] || (g != g && want[i] != want[i]));
    }
    printf("copy %d: sum %.0f, zeros %d, NaNs %d, first row", k, sum, zeros, nans);
    for (int i = 0; i < 4; ++i)
      printf(" %.0f", got[k * kOut + i]);
    printf(", %d differ\n", differ);
    wrong += differ;
  }
  printf("%d wrong\n%s\n", wrong, wrong == 0 ? "PASS" : "FAIL");
  return wrong == 0 ? 0 : 1;
}
