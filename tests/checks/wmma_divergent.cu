// nvcuda::wmma calls that only part of the warp executes: the fragment
// operations are warp collectives (all 32 lanes together), so a lane-
// dependent branch around one is undefined behaviour in CUDA. warpsim
// reports the collective that waits for lanes which went on past it (issue
// 27 item 2's rule, here for wmma::load_matrix_sync and wmma::mma_sync), and
// a matrix operation that completes without all 32 lanes (inline PTX
// mma.sync, whose skipping lanes exit).
// The clean twin is kernels/h07_wmma_gemm.cu.
// EXPECT: warp-sync-mask - error at=@load at=@load_past
// EXPECT: warp-sync-mask - error at=@mma at=@mma_past
// EXPECT: warp-sync-mask - error at=@ptx
// MESSAGE: wmma::load_matrix_sync with mask 0xffffffff waits for lanes 16\.\.31 named in the mask, which went on past it
#include <mma.h>
#include <cstdio>
using namespace nvcuda;

__global__ void load_half(const half *a, float *out) {
  wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> fa;
  wmma::fill_fragment(fa, __float2half(0.0f));
  if (threadIdx.x < 16)
    wmma::load_matrix_sync(fa, a, 16);  // @load
  out[threadIdx.x] = __half2float(fa.x[0]); // @load_past
}

__global__ void mma_some(const half *a, float *out) {
  wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> fa;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> fb;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
  wmma::load_matrix_sync(fa, a, 16);
  wmma::load_matrix_sync(fb, a, 16);
  wmma::fill_fragment(acc, 0.0f);
  if (threadIdx.x % 2 == 0)
    wmma::mma_sync(acc, fa, fb, acc); // @mma
  out[threadIdx.x] = acc.x[0];        // @mma_past
}

__global__ void ptx_some(float *out) {
  float d0 = 0, d1 = 0, d2 = 0, d3 = 0;
  const unsigned ones = 0x3c003c00; // two halves of 1.0
  if (threadIdx.x < 16)
    asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0, %1, %2, %3}, " // @ptx
                 "{%4, %4, %4, %4}, {%4, %4}, {%0, %1, %2, %3};"
                 : "+f"(d0), "+f"(d1), "+f"(d2), "+f"(d3)
                 : "r"(ones));
  out[threadIdx.x] = d0 + d1 + d2 + d3;
}

int main() {
  half h[256];
  for (int i = 0; i < 256; ++i)
    h[i] = __float2half(float(i % 5));
  half *a;
  float *out;
  cudaMalloc(&a, sizeof h);
  cudaMalloc(&out, 32 * sizeof(float));
  cudaMemcpy(a, h, sizeof h, cudaMemcpyHostToDevice);
  load_half<<<1, 32>>>(a, out);
  mma_some<<<1, 32>>>(a, out);
  ptx_some<<<1, 32>>>(out);
  float r[32];
  cudaMemcpy(r, out, sizeof r, cudaMemcpyDeviceToHost);
  std::printf("out[0] %g\n", r[0]);
  cudaFree(a);
  cudaFree(out);
  return 0;
}
