// cuBLAS's routines real programs call, each checked against a host loop
// (column-major, op N/T, alpha/beta, host and device pointer modes), and a
// kernel that reads a cuBLAS result (the init checker must see cuBLAS's
// writes). Builds with nvcc too: nvcc cublas_ops.cu -lcublas.
#include <cublas_v2.h>
#include <cuda_fp16.h>

#include <cmath>
#include <cstdio>
#include <vector>

#define CHECK(call)                                                                                \
  do {                                                                                             \
    auto e_ = (call);                                                                              \
    if (e_ != 0) {                                                                                 \
      printf("%s:%d: %s failed (%d)\n", __FILE__, __LINE__, #call, (int)e_);                       \
      return 1;                                                                                    \
    }                                                                                              \
  } while (0)

static int bad = 0;
static void near(const char *what, double got, double want, double tol) {
  if (std::fabs(got - want) > tol * (1 + std::fabs(want))) {
    printf("%s: got %.8g, expected %.8g\n", what, got, want);
    ++bad;
  }
}

// C = alpha op(A) op(B) + beta C, column-major, on the host.
template <class T>
static void refGemm(bool ta, bool tb, int m, int n, int k, T alpha, const std::vector<T> &A,
                    int lda, const std::vector<T> &B, int ldb, T beta, std::vector<T> &C,
                    int ldc) {
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < m; ++i) {
      double s = 0;
      for (int p = 0; p < k; ++p)
        s += double(ta ? A[p + i * lda] : A[i + p * lda]) * double(tb ? B[j + p * ldb] : B[p + j * ldb]);
      C[i + j * ldc] = T(alpha * s + beta * double(C[i + j * ldc]));
    }
}

__global__ void sum_all(const float *c, int n, float *out) {
  float s = 0;
  for (int i = threadIdx.x; i < n; i += blockDim.x)
    s += c[i];
  atomicAdd(out, s);
}

template <class T> static T *toDevice(const std::vector<T> &h) {
  T *d = nullptr;
  cudaMalloc(&d, h.size() * sizeof(T));
  cudaMemcpy(d, h.data(), h.size() * sizeof(T), cudaMemcpyHostToDevice);
  return d;
}
template <class T> static std::vector<T> toHost(const T *d, size_t n) {
  std::vector<T> h(n);
  cudaMemcpy(h.data(), d, n * sizeof(T), cudaMemcpyDeviceToHost);
  return h;
}

int main() {
  cublasHandle_t h;
  CHECK(cublasCreate(&h));
  cudaStream_t s;
  CHECK(cudaStreamCreate(&s));
  CHECK(cublasSetStream(h, s));
  cudaStream_t got;
  CHECK(cublasGetStream(h, &got));
  if (got != s) {
    printf("cublasGetStream returned another stream\n");
    ++bad;
  }

  const int m = 5, n = 4, k = 3, lda = 6, ldb = 4, ldc = 7;
  std::vector<float> A(lda * k), B(ldb * n), C(ldc * n);
  for (size_t i = 0; i < A.size(); ++i)
    A[i] = float(int(i * 7 % 11) - 5) / 4;
  for (size_t i = 0; i < B.size(); ++i)
    B[i] = float(int(i * 5 % 13) - 6) / 8;
  for (size_t i = 0; i < C.size(); ++i)
    C[i] = float(int(i % 3) - 1);
  float *dA = toDevice(A), *dB = toDevice(B), *dC = toDevice(C);

  // Sgemm, op N/N, alpha and beta.
  float alpha = 1.5f, beta = -0.5f;
  CHECK(cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, &alpha, dA, lda, dB, ldb, &beta, dC, ldc));
  std::vector<float> ref = C;
  refGemm(false, false, m, n, k, alpha, A, lda, B, ldb, beta, ref, ldc);
  std::vector<float> out = toHost(dC, C.size());
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < ldc; ++i)
      near("Sgemm NN", out[i + j * ldc], i < m ? ref[i + j * ldc] : C[i + j * ldc], 1e-5);

  // Dgemm, op T/T: A is k x m stored with lda >= k, B is n x k.
  std::vector<double> Ad(4 * m), Bd(n * k), Cd(m * n, 2.0);
  for (size_t i = 0; i < Ad.size(); ++i)
    Ad[i] = double(int(i * 3 % 7) - 3) / 3;
  for (size_t i = 0; i < Bd.size(); ++i)
    Bd[i] = double(int(i * 5 % 9) - 4) / 5;
  double *dAd = toDevice(Ad), *dBd = toDevice(Bd), *dCd = toDevice(Cd);
  double da = 2.0, db = 0.25;
  CHECK(cublasDgemm(h, CUBLAS_OP_T, CUBLAS_OP_T, m, n, k, &da, dAd, 4, dBd, n, &db, dCd, m));
  std::vector<double> refd = Cd;
  refGemm(true, true, m, n, k, da, Ad, 4, Bd, n, db, refd, m);
  std::vector<double> outd = toHost(dCd, Cd.size());
  for (size_t i = 0; i < outd.size(); ++i)
    near("Dgemm TT", outd[i], refd[i], 1e-12);

  // Strided batched: 3 products of m x k by k x n.
  const int batch = 3;
  std::vector<float> Ab(m * k * batch), Bb(k * n * batch), Cb(m * n * batch, 0.f);
  for (size_t i = 0; i < Ab.size(); ++i)
    Ab[i] = float(int(i % 5) - 2);
  for (size_t i = 0; i < Bb.size(); ++i)
    Bb[i] = float(int(i % 7) - 3) / 2;
  float *dAb = toDevice(Ab), *dBb = toDevice(Bb), *dCb = toDevice(Cb);
  float one = 1.f, zero = 0.f;
  CHECK(cublasSgemmStridedBatched(h, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, &one, dAb, m, m * k, dBb,
                                  k, k * n, &zero, dCb, m, m * n, batch));
  std::vector<float> outb = toHost(dCb, Cb.size());
  for (int b = 0; b < batch; ++b) {
    std::vector<float> a(Ab.begin() + b * m * k, Ab.begin() + (b + 1) * m * k);
    std::vector<float> bb(Bb.begin() + b * k * n, Bb.begin() + (b + 1) * k * n);
    std::vector<float> c(m * n, 0.f);
    refGemm(false, false, m, n, k, 1.f, a, m, bb, k, 0.f, c, m);
    for (int i = 0; i < m * n; ++i)
      near("SgemmStridedBatched", outb[b * m * n + i], c[i], 1e-5);
  }

  // Hgemm and GemmEx (half in, float out, float compute).
  std::vector<__half> Ah(m * k), Bh(k * n), Ch(m * n, __float2half(0.f));
  std::vector<float> Af(m * k), Bf(k * n);
  for (int i = 0; i < m * k; ++i)
    Ah[i] = __float2half(Af[i] = float(i % 4) / 4);
  for (int i = 0; i < k * n; ++i)
    Bh[i] = __float2half(Bf[i] = float(i % 3) - 1);
  __half *dAh = toDevice(Ah), *dBh = toDevice(Bh), *dCh = toDevice(Ch);
  __half hone = __float2half(1.f), hzero = __float2half(0.f);
  CHECK(cublasHgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, &hone, dAh, m, dBh, k, &hzero, dCh, m));
  std::vector<float> reff(m * n, 0.f);
  refGemm(false, false, m, n, k, 1.f, Af, m, Bf, k, 0.f, reff, m);
  std::vector<__half> outh = toHost(dCh, Ch.size());
  for (int i = 0; i < m * n; ++i)
    near("Hgemm", __half2float(outh[i]), reff[i], 1e-3);
  float *dCf = toDevice(std::vector<float>(m * n, 0.f));
  CHECK(cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, &one, dAh, CUDA_R_16F, m, dBh,
                     CUDA_R_16F, k, &zero, dCf, CUDA_R_32F, m, CUBLAS_COMPUTE_32F,
                     CUBLAS_GEMM_DEFAULT));
  std::vector<float> outf = toHost(dCf, m * n);
  for (int i = 0; i < m * n; ++i)
    near("GemmEx", outf[i], reff[i], 1e-6);

  // geam: C = alpha A^T + beta B (A is n x m).
  std::vector<float> Ag(n * m), Bg(m * n);
  for (int i = 0; i < n * m; ++i) {
    Ag[i] = float(i);
    Bg[i] = float(i % 5);
  }
  float *dAg = toDevice(Ag), *dBg = toDevice(Bg), *dCg = toDevice(std::vector<float>(m * n));
  float ga = 2.f, gb = -1.f;
  CHECK(cublasSgeam(h, CUBLAS_OP_T, CUBLAS_OP_N, m, n, &ga, dAg, n, &gb, dBg, m, dCg, m));
  std::vector<float> outg = toHost(dCg, m * n);
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < m; ++i)
      near("geam", outg[i + j * m], 2.f * Ag[j + i * n] - Bg[i + j * m], 0);

  // gemv (op T), axpy, dot, nrm2, scal, amax.
  // y = 2 A^T x + y, A being m x k.
  std::vector<float> x = {1, -2, 3, -4, 5}, y = {0.5f, 0.5f, 0.5f};
  float *dx = toDevice(x), *dy = toDevice(y);
  float va = 2.f, vb = 1.f;
  CHECK(cublasSgemv(h, CUBLAS_OP_T, m, k, &va, dA, lda, dx, 1, &vb, dy, 1));
  std::vector<float> outy = toHost(dy, k);
  for (int j = 0; j < k; ++j) {
    double s = 0;
    for (int i = 0; i < m; ++i)
      s += A[i + j * lda] * x[i];
    near("gemv T", outy[j], 2 * s + 0.5, 1e-6);
  }
  std::vector<float> v1 = {3, 1, -7, 2}, v2 = {1, 2, 3, 4};
  float *d1 = toDevice(v1), *d2 = toDevice(v2);
  float three = 3.f;
  CHECK(cublasSaxpy(h, 4, &three, d1, 1, d2, 1));
  std::vector<float> o2 = toHost(d2, 4);
  for (int i = 0; i < 4; ++i)
    near("axpy", o2[i], 3 * v1[i] + v2[i], 0);
  float dot = 0, nrm = 0;
  CHECK(cublasSdot(h, 4, d1, 1, d2, 1, &dot));
  double want = 0;
  for (int i = 0; i < 4; ++i)
    want += v1[i] * o2[i];
  near("dot", dot, want, 1e-6);
  CHECK(cublasSnrm2(h, 4, d1, 1, &nrm));
  near("nrm2", nrm, std::sqrt(9 + 1 + 49 + 4), 1e-6);
  float half = 0.5f;
  CHECK(cublasSscal(h, 4, &half, d1, 1));
  std::vector<float> o1 = toHost(d1, 4);
  for (int i = 0; i < 4; ++i)
    near("scal", o1[i], v1[i] / 2, 0);
  int imax = 0;
  CHECK(cublasIsamax(h, 4, d1, 1, &imax));
  if (imax != 3) {
    printf("amax: got %d, expected 3 (1-based)\n", imax);
    ++bad;
  }
  // Device pointer mode: the result lands in device memory.
  int *dimax;
  CHECK(cudaMalloc(&dimax, sizeof(int)));
  CHECK(cublasSetPointerMode(h, CUBLAS_POINTER_MODE_DEVICE));
  CHECK(cublasIsamax(h, 4, d2, 1, dimax));
  CHECK(cublasSetPointerMode(h, CUBLAS_POINTER_MODE_HOST));
  int himax = toHost(dimax, 1)[0];
  if (himax != 3) { // o2 = {10, 5, -18, 10}
    printf("amax (device pointer mode): got %d, expected 3\n", himax);
    ++bad;
  }

  // A kernel reads what cuBLAS wrote (no uninitialised read under check).
  float *dsum;
  CHECK(cudaMalloc(&dsum, sizeof(float)));
  CHECK(cudaMemset(dsum, 0, sizeof(float)));
  sum_all<<<1, 32>>>(dCg, m * n, dsum);
  float sum = toHost(dsum, 1)[0];
  double wsum = 0;
  for (float v : outg)
    wsum += v;
  near("kernel over the geam result", sum, wsum, 1e-6);

  CHECK(cublasDestroy(h));
  CHECK(cudaStreamDestroy(s));
  printf(bad ? "FAIL (%d)\n" : "PASS\n", bad);
  return bad ? 1 : 0;
}
