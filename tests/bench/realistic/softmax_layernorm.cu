// warpsim-golden: skip (full size by default; the bench_small tests run it small)
// Realistic-size suite: the two row-wise kernels of a transformer layer,
// softmax and layer normalisation, over a rows x 1024 float matrix (rows =
// 32768 / scale, argv[1] = scale, default 1). One 256-thread block per row,
// four elements per thread; block reductions by warp shuffles and a shared
// array of per-warp partials (max and sum for softmax, mean and variance in
// two passes for layernorm). The host computes both in double and compares
// (tolerance 1e-5 relative to the row's scale).
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "../cuda_check.h"

constexpr int kCols = 1024, kThreads = 256, kPer = kCols / kThreads;

__device__ float block_sum(float v, float *partial) {
  for (int off = 16; off > 0; off /= 2)
    v += __shfl_xor_sync(0xffffffffu, v, off);
  if (threadIdx.x % 32 == 0)
    partial[threadIdx.x / 32] = v;
  __syncthreads();
  float total = 0.0f;
  for (int w = 0; w < kThreads / 32; ++w)
    total += partial[w];
  __syncthreads();
  return total;
}

__device__ float block_max(float v, float *partial) {
  for (int off = 16; off > 0; off /= 2)
    v = fmaxf(v, __shfl_xor_sync(0xffffffffu, v, off));
  if (threadIdx.x % 32 == 0)
    partial[threadIdx.x / 32] = v;
  __syncthreads();
  float m = partial[0];
  for (int w = 1; w < kThreads / 32; ++w)
    m = fmaxf(m, partial[w]);
  __syncthreads();
  return m;
}

__global__ void softmax(const float *in, float *out) {
  __shared__ float partial[kThreads / 32];
  const float *x = in + size_t(blockIdx.x) * kCols;
  float v[kPer];
  float m = -INFINITY;
  for (int k = 0; k < kPer; ++k) {
    v[k] = x[threadIdx.x + k * kThreads];
    m = fmaxf(m, v[k]);
  }
  m = block_max(m, partial);
  float s = 0.0f;
  for (int k = 0; k < kPer; ++k) {
    v[k] = expf(v[k] - m);
    s += v[k];
  }
  s = block_sum(s, partial);
  float *y = out + size_t(blockIdx.x) * kCols;
  for (int k = 0; k < kPer; ++k)
    y[threadIdx.x + k * kThreads] = v[k] / s;
}

__global__ void layernorm(const float *in, const float *gamma, const float *beta, float *out) {
  __shared__ float partial[kThreads / 32];
  const float *x = in + size_t(blockIdx.x) * kCols;
  float v[kPer], s = 0.0f;
  for (int k = 0; k < kPer; ++k) {
    v[k] = x[threadIdx.x + k * kThreads];
    s += v[k];
  }
  const float mean = block_sum(s, partial) / kCols;
  float q = 0.0f;
  for (int k = 0; k < kPer; ++k)
    q += (v[k] - mean) * (v[k] - mean);
  const float rstd = rsqrtf(block_sum(q, partial) / kCols + 1e-5f);
  float *y = out + size_t(blockIdx.x) * kCols;
  for (int k = 0; k < kPer; ++k) {
    int c = threadIdx.x + k * kThreads;
    y[c] = (v[k] - mean) * rstd * gamma[c] + beta[c];
  }
}

int main(int argc, char **argv) {
  const int scale = argc > 1 ? std::atoi(argv[1]) : 1;
  if (scale < 1 || 32768 / scale < 1) {
    std::printf("FAIL: bad scale\n");
    return 1;
  }
  const int rows = 32768 / scale;
  const size_t cells = size_t(rows) * kCols, bytes = cells * sizeof(float);
  std::vector<float> x(cells), gamma(kCols), beta(kCols);
  unsigned s = 8080;
  auto next = [&s] {
    s = s * 1664525u + 1013904223u;
    return float(s >> 8) / 16777216.0f; // [0, 1)
  };
  for (size_t i = 0; i < cells; ++i)
    x[i] = (next() - 0.5f) * 8.0f + float(i / kCols % 7);
  for (int c = 0; c < kCols; ++c) {
    gamma[c] = 0.5f + next();
    beta[c] = next() - 0.5f;
  }
  float *d_x, *d_sm, *d_ln, *d_g, *d_b;
  CUDA_CHECK(cudaMalloc(&d_x, bytes));
  CUDA_CHECK(cudaMalloc(&d_sm, bytes));
  CUDA_CHECK(cudaMalloc(&d_ln, bytes));
  CUDA_CHECK(cudaMalloc(&d_g, sizeof(float) * kCols));
  CUDA_CHECK(cudaMalloc(&d_b, sizeof(float) * kCols));
  CUDA_CHECK(cudaMemcpy(d_x, x.data(), bytes, cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(d_g, gamma.data(), sizeof(float) * kCols, cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(d_b, beta.data(), sizeof(float) * kCols, cudaMemcpyHostToDevice));
  softmax<<<rows, kThreads>>>(d_x, d_sm);
  CUDA_CHECK(cudaGetLastError());
  layernorm<<<rows, kThreads>>>(d_x, d_g, d_b, d_ln);
  CUDA_CHECK(cudaGetLastError());
  std::vector<float> sm(cells), ln(cells);
  CUDA_CHECK(cudaMemcpy(sm.data(), d_sm, bytes, cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(ln.data(), d_ln, bytes, cudaMemcpyDeviceToHost));
  for (float *p : {d_x, d_sm, d_ln, d_g, d_b})
    CUDA_CHECK(cudaFree(p));

  long bad = 0;
  for (int r = 0; r < rows; ++r) {
    const float *xr = &x[size_t(r) * kCols];
    double m = xr[0], sum = 0, mean = 0, var = 0;
    for (int c = 0; c < kCols; ++c)
      m = xr[c] > m ? xr[c] : m;
    for (int c = 0; c < kCols; ++c)
      sum += std::exp(double(xr[c]) - m);
    for (int c = 0; c < kCols; ++c)
      mean += xr[c];
    mean /= kCols;
    for (int c = 0; c < kCols; ++c)
      var += (xr[c] - mean) * (xr[c] - mean);
    const double rstd = 1.0 / std::sqrt(var / kCols + 1e-5);
    for (int c = 0; c < kCols; ++c) {
      const size_t i = size_t(r) * kCols + c;
      const double want_sm = std::exp(double(xr[c]) - m) / sum;
      const double want_ln = (xr[c] - mean) * rstd * gamma[c] + beta[c];
      const bool sm_ok = std::fabs(sm[i] - want_sm) <= 1e-5 * (want_sm + 1e-3);
      const bool ln_ok = std::fabs(ln[i] - want_ln) <= 1e-4 * (std::fabs(want_ln) + 1.0);
      if (!sm_ok || !ln_ok) {
        if (bad < 5)
          std::printf("row %d col %d: softmax %g (expected %g), layernorm %g (expected %g)\n", r,
                      c, sm[i], want_sm, ln[i], want_ln);
        ++bad;
      }
    }
  }
  std::printf("softmax_layernorm: rows=%d cols=%d\n", rows, kCols);
  if (bad) {
    std::printf("FAIL: %ld of %zu outputs wrong\n", bad, cells);
    return 1;
  }
  std::printf("PASS\n");
  return 0;
}
