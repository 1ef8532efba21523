// nvcuda::wmma calls that only part of the warp executes: the fragment
// operations are warp collectives (all 32 lanes together), so a lane-
// dependent branch around one is undefined behaviour in CUDA. warpsim
// reports the collective that waits for lanes which went on past it (issue
// 27 item 2's rule, here for wmma::load_matrix_sync and wmma::mma_sync).
// The clean twin is kernels/h07_wmma_gemm.cu.
// EXPECT: warp-sync-mask - error at=@load at=@load_past
// EXPECT: warp-sync-mask - error at=@mma at=@mma_past
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
  float r[32];
  cudaMemcpy(r, out, sizeof r, cudaMemcpyDeviceToHost);
  std::printf("out[0] %g\n", r[0]);
  cudaFree(a);
  cudaFree(out);
  return 0;
}
