// cuSPARSE as programs call it, against host loops: an unsorted COO matrix
// sorted by row (cusparseXcoosortByRow, with the permutation applied to the
// values by cusparseGather), converted to CSR (cusparseXcoo2csr) and back
// (cusparseXcsr2coo) and to CSC (cusparseCsr2cscEx2); SpMV with CSR, COO and
// CSC, op N and T; SpMM with column- and row-major dense matrices, op N and
// T; float and double; index base zero and one; alpha and beta from the host.
// Tolerances: float 1e-5 and double 1e-12, relative to the sum of the
// magnitudes of the terms (the order of the additions is cuSPARSE's own).
// Builds unmodified with nvcc -arch=sm_90 -lcusparse.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include <cuda_runtime.h>
#include <cusparse.h>

#define CK(x)                                                                                      \
  do {                                                                                             \
    cudaError_t e_ = (x);                                                                          \
    if (e_ != cudaSuccess) {                                                                       \
      std::printf("CUDA error %s at line %d\n", cudaGetErrorString(e_), __LINE__);                 \
      std::exit(1);                                                                                \
    }                                                                                              \
  } while (0)
#define SP(x)                                                                                      \
  do {                                                                                             \
    cusparseStatus_t s_ = (x);                                                                     \
    if (s_ != CUSPARSE_STATUS_SUCCESS) {                                                           \
      std::printf("cuSPARSE error %s at line %d\n", cusparseGetErrorString(s_), __LINE__);         \
      std::exit(1);                                                                                \
    }                                                                                              \
  } while (0)

static unsigned g_seed = 12345u;
static unsigned nextRand() {
  g_seed = g_seed * 1664525u + 1013904223u;
  return g_seed >> 8;
}
static double uniform() { return (nextRand() % 20001) / 10000.0 - 1.0; }

static int g_failures = 0;
static void expectNear(const char *what, int i, double got, double want, double scale, double tol) {
  if (!(std::fabs(got - want) <= tol * (scale + 1.0))) {
    if (g_failures < 10)
      std::printf("FAIL %s[%d]: got %.17g, expected %.17g\n", what, i, got, want);
    ++g_failures;
  }
}
static void expectEq(const char *what, int i, long long got, long long want) {
  if (got != want) {
    if (g_failures < 10)
      std::printf("FAIL %s[%d]: got %lld, expected %lld\n", what, i, got, want);
    ++g_failures;
  }
}

template <class T> struct Type;
template <> struct Type<float> {
  static constexpr cudaDataType value = CUDA_R_32F;
  static constexpr double tol = 1e-5;
};
template <> struct Type<double> {
  static constexpr cudaDataType value = CUDA_R_64F;
  static constexpr double tol = 1e-12;
};

template <class T> T *toDevice(const std::vector<T> &h) {
  T *d = nullptr;
  CK(cudaMalloc(&d, (h.size() > 0 ? h.size() : 1) * sizeof(T)));
  if (!h.empty())
    CK(cudaMemcpy(d, h.data(), h.size() * sizeof(T), cudaMemcpyHostToDevice));
  return d;
}
template <class T> std::vector<T> toHost(const T *d, size_t n) {
  std::vector<T> h(n);
  if (n > 0)
    CK(cudaMemcpy(h.data(), d, n * sizeof(T), cudaMemcpyDeviceToHost));
  return h;
}

// y = alpha * op(A) * x + beta * y on the host, in double, with the sum of
// the magnitudes of the terms for the tolerance.
static void refSpmv(int m, int n, const std::vector<int> &r, const std::vector<int> &c,
                    const std::vector<double> &v, bool trans, double alpha,
                    const std::vector<double> &x, double beta, std::vector<double> &y,
                    std::vector<double> &scale) {
  const int out = trans ? n : m;
  std::vector<double> acc(out, 0.0), mag(out, 0.0);
  for (size_t i = 0; i < v.size(); ++i) {
    const int row = trans ? c[i] : r[i], col = trans ? r[i] : c[i];
    acc[row] += v[i] * x[col];
    mag[row] += std::fabs(v[i] * x[col]);
  }
  scale.assign(out, 0.0);
  for (int i = 0; i < out; ++i) {
    scale[i] = std::fabs(alpha) * mag[i] + std::fabs(beta * y[i]);
    y[i] = alpha * acc[i] + beta * y[i];
  }
}

template <class T> void run(cusparseHandle_t h, cusparseIndexBase_t baseKind) {
  const int b = baseKind == CUSPARSE_INDEX_BASE_ONE ? 1 : 0;
  const char *tname = sizeof(T) == 4 ? "float" : "double";
  const int M = 37, N = 29;
  // The nonzeros in row-major order, then shuffled (unsorted COO).
  std::vector<int> rows, cols;
  std::vector<double> vals;
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < N; ++j)
      if (nextRand() % 100 < 15) {
        rows.push_back(i);
        cols.push_back(j);
        vals.push_back(uniform());
      }
  const int nnz = static_cast<int>(vals.size());
  std::vector<int> order(nnz);
  for (int i = 0; i < nnz; ++i)
    order[i] = i;
  for (int i = nnz - 1; i > 0; --i) {
    const int j = static_cast<int>(nextRand() % (i + 1));
    const int t = order[i];
    order[i] = order[j];
    order[j] = t;
  }
  std::vector<int> ur(nnz), uc(nnz);
  std::vector<T> uv(nnz);
  for (int i = 0; i < nnz; ++i) {
    ur[i] = rows[order[i]] + b;
    uc[i] = cols[order[i]] + b;
    uv[i] = static_cast<T>(vals[order[i]]);
  }
  // The reference uses the values as stored in T.
  std::vector<double> tv(nnz);
  for (int i = 0; i < nnz; ++i)
    tv[i] = static_cast<double>(static_cast<T>(vals[i]));

  // Sort by row; the permutation reorders the values (gather).
  int *dRows = toDevice(ur), *dCols = toDevice(uc);
  T *dUnsorted = toDevice(uv), *dVals = nullptr;
  int *dP = nullptr;
  CK(cudaMalloc(&dVals, nnz * sizeof(T)));
  CK(cudaMalloc(&dP, nnz * sizeof(int)));
  size_t bufBytes = 0;
  SP(cusparseXcoosort_bufferSizeExt(h, M, N, nnz, dRows, dCols, &bufBytes));
  void *dBuf = nullptr;
  CK(cudaMalloc(&dBuf, bufBytes));
  SP(cusparseCreateIdentityPermutation(h, nnz, dP));
  SP(cusparseXcoosortByRow(h, M, N, nnz, dRows, dCols, dP, dBuf));
  cusparseSpVecDescr_t perm;
  cusparseDnVecDescr_t unsorted;
  SP(cusparseCreateSpVec(&perm, nnz, nnz, dP, dVals, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO,
                         Type<T>::value));
  SP(cusparseCreateDnVec(&unsorted, nnz, dUnsorted, Type<T>::value));
  SP(cusparseGather(h, unsorted, perm));
  {
    std::vector<int> sr = toHost(dRows, nnz), sc = toHost(dCols, nnz), p = toHost(dP, nnz);
    std::vector<T> sv = toHost(dVals, nnz);
    for (int i = 0; i < nnz; ++i) {
      // Row-major order of the original is the sorted order.
      expectEq("coosortByRow rows", i, sr[i], rows[i] + b);
      expectEq("coosortByRow cols", i, sc[i], cols[i] + b);
      expectEq("coosortByRow P", i, order[p[i]], i);
      expectNear("gather values", i, sv[i], tv[i], 0.0, 0.0);
    }
  }

  // COO -> CSR -> COO.
  int *dRowPtr = nullptr, *dRowsBack = nullptr;
  CK(cudaMalloc(&dRowPtr, (M + 1) * sizeof(int)));
  CK(cudaMalloc(&dRowsBack, nnz * sizeof(int)));
  SP(cusparseXcoo2csr(h, dRows, nnz, M, dRowPtr, baseKind));
  SP(cusparseXcsr2coo(h, dRowPtr, nnz, M, dRowsBack, baseKind));
  {
    std::vector<int> rp = toHost(dRowPtr, M + 1), back = toHost(dRowsBack, nnz);
    std::vector<int> want(M + 1, 0);
    for (int i = 0; i < nnz; ++i)
      ++want[rows[i] + 1];
    for (int i = 0; i < M; ++i)
      want[i + 1] += want[i];
    for (int i = 0; i <= M; ++i)
      expectEq("coo2csr", i, rp[i], want[i] + b);
    for (int i = 0; i < nnz; ++i)
      expectEq("csr2coo", i, back[i], rows[i] + b);
  }

  // CSR -> CSC.
  int *dColPtr = nullptr, *dRowInd = nullptr;
  T *dCscVals = nullptr;
  CK(cudaMalloc(&dColPtr, (N + 1) * sizeof(int)));
  CK(cudaMalloc(&dRowInd, nnz * sizeof(int)));
  CK(cudaMalloc(&dCscVals, nnz * sizeof(T)));
  size_t cscBytes = 0;
  SP(cusparseCsr2cscEx2_bufferSize(h, M, N, nnz, dVals, dRowPtr, dCols, dCscVals, dColPtr, dRowInd,
                                   Type<T>::value, CUSPARSE_ACTION_NUMERIC, baseKind,
                                   CUSPARSE_CSR2CSC_ALG1, &cscBytes));
  void *dCscBuf = nullptr;
  CK(cudaMalloc(&dCscBuf, cscBytes > 0 ? cscBytes : 1));
  SP(cusparseCsr2cscEx2(h, M, N, nnz, dVals, dRowPtr, dCols, dCscVals, dColPtr, dRowInd,
                        Type<T>::value, CUSPARSE_ACTION_NUMERIC, baseKind, CUSPARSE_CSR2CSC_ALG1,
                        dCscBuf));
  {
    std::vector<int> cp = toHost(dColPtr, N + 1), ri = toHost(dRowInd, nnz);
    std::vector<T> cv = toHost(dCscVals, nnz);
    int k = 0;
    for (int j = 0; j < N; ++j) {
      expectEq("csr2csc colPtr", j, cp[j], k + b);
      for (int i = 0; i < nnz; ++i)
        if (cols[i] == j) {
          expectEq("csr2csc rowInd", k, ri[k], rows[i] + b);
          expectNear("csr2csc values", k, cv[k], tv[i], 0.0, 0.0);
          ++k;
        }
    }
    expectEq("csr2csc colPtr", N, cp[N], nnz + b);
  }

  // SpMV: CSR, COO, CSC; op N and T.
  cusparseSpMatDescr_t csr, coo, csc;
  SP(cusparseCreateCsr(&csr, M, N, nnz, dRowPtr, dCols, dVals, CUSPARSE_INDEX_32I,
                       CUSPARSE_INDEX_32I, baseKind, Type<T>::value));
  SP(cusparseCreateCoo(&coo, M, N, nnz, dRows, dCols, dVals, CUSPARSE_INDEX_32I, baseKind,
                       Type<T>::value));
  SP(cusparseCreateCsc(&csc, M, N, nnz, dColPtr, dRowInd, dCscVals, CUSPARSE_INDEX_32I,
                       CUSPARSE_INDEX_32I, baseKind, Type<T>::value));
  const T alpha = static_cast<T>(1.5), beta = static_cast<T>(-0.5);
  cusparseSpMatDescr_t mats[3] = {csr, coo, csc};
  const char *names[3] = {"CSR", "COO", "CSC"};
  for (int f = 0; f < 3; ++f)
    for (int t = 0; t < 2; ++t) {
      const bool trans = t == 1;
      const int xn = trans ? M : N, yn = trans ? N : M;
      std::vector<double> x(xn), y(yn);
      for (double &v : x)
        v = static_cast<T>(uniform());
      for (double &v : y)
        v = static_cast<T>(uniform());
      std::vector<T> hx(x.begin(), x.end()), hy(y.begin(), y.end());
      T *dx = toDevice(hx), *dy = toDevice(hy);
      cusparseDnVecDescr_t vx, vy;
      SP(cusparseCreateDnVec(&vx, xn, dx, Type<T>::value));
      SP(cusparseCreateDnVec(&vy, yn, dy, Type<T>::value));
      const cusparseOperation_t op =
          trans ? CUSPARSE_OPERATION_TRANSPOSE : CUSPARSE_OPERATION_NON_TRANSPOSE;
      size_t bytes = 0;
      SP(cusparseSpMV_bufferSize(h, op, &alpha, mats[f], vx, &beta, vy, Type<T>::value,
                                 CUSPARSE_SPMV_ALG_DEFAULT, &bytes));
      void *buf = nullptr;
      CK(cudaMalloc(&buf, bytes > 0 ? bytes : 1));
      SP(cusparseSpMV(h, op, &alpha, mats[f], vx, &beta, vy, Type<T>::value,
                      CUSPARSE_SPMV_ALG_DEFAULT, buf));
      std::vector<double> scale;
      refSpmv(M, N, rows, cols, tv, trans, 1.5, x, -0.5, y, scale);
      std::vector<T> got = toHost(dy, yn);
      char what[64];
      std::snprintf(what, sizeof what, "SpMV %s %s op %c base %d", names[f], tname,
                    trans ? 'T' : 'N', b);
      for (int i = 0; i < yn; ++i)
        expectNear(what, i, got[i], y[i], scale[i], Type<T>::tol);
      SP(cusparseDestroyDnVec(vx));
      SP(cusparseDestroyDnVec(vy));
      CK(cudaFree(dx));
      CK(cudaFree(dy));
      CK(cudaFree(buf));
    }

  // SpMM: C = alpha op(A) op(B) + beta C; B column-major with op N, row-major with op T.
  for (int t = 0; t < 2; ++t) {
    const bool transA = t == 1, transB = t == 1;
    const int m = transA ? N : M, k = transA ? M : N, n = 5;
    const int bRows = transB ? n : k, bCols = transB ? k : n;
    const cusparseOrder_t bOrder = transB ? CUSPARSE_ORDER_ROW : CUSPARSE_ORDER_COL;
    const cusparseOrder_t cOrder = transA ? CUSPARSE_ORDER_ROW : CUSPARSE_ORDER_COL;
    const int ldb = (bOrder == CUSPARSE_ORDER_COL ? bRows : bCols) + 2;
    const int ldc = (cOrder == CUSPARSE_ORDER_COL ? m : n) + 1;
    auto bAt = [&](int r, int c) {
      return bOrder == CUSPARSE_ORDER_COL ? r + c * ldb : c + r * ldb;
    };
    auto cAt = [&](int r, int c) {
      return cOrder == CUSPARSE_ORDER_COL ? r + c * ldc : c + r * ldc;
    };
    std::vector<T> hB((bOrder == CUSPARSE_ORDER_COL ? bCols : bRows) * ldb, T(0));
    std::vector<T> hC((cOrder == CUSPARSE_ORDER_COL ? n : m) * ldc, T(0));
    for (int r = 0; r < bRows; ++r)
      for (int c = 0; c < bCols; ++c)
        hB[bAt(r, c)] = static_cast<T>(uniform());
    for (int r = 0; r < m; ++r)
      for (int c = 0; c < n; ++c)
        hC[cAt(r, c)] = static_cast<T>(uniform());
    T *dB = toDevice(hB), *dC = toDevice(hC);
    cusparseDnMatDescr_t mb, mc;
    SP(cusparseCreateDnMat(&mb, bRows, bCols, ldb, dB, Type<T>::value, bOrder));
    SP(cusparseCreateDnMat(&mc, m, n, ldc, dC, Type<T>::value, cOrder));
    const cusparseOperation_t opA =
        transA ? CUSPARSE_OPERATION_TRANSPOSE : CUSPARSE_OPERATION_NON_TRANSPOSE;
    const cusparseOperation_t opB =
        transB ? CUSPARSE_OPERATION_TRANSPOSE : CUSPARSE_OPERATION_NON_TRANSPOSE;
    size_t bytes = 0;
    SP(cusparseSpMM_bufferSize(h, opA, opB, &alpha, csr, mb, &beta, mc, Type<T>::value,
                               CUSPARSE_SPMM_ALG_DEFAULT, &bytes));
    void *buf = nullptr;
    CK(cudaMalloc(&buf, bytes > 0 ? bytes : 1));
    SP(cusparseSpMM(h, opA, opB, &alpha, csr, mb, &beta, mc, Type<T>::value,
                    CUSPARSE_SPMM_ALG_DEFAULT, buf));
    std::vector<T> got = toHost(dC, hC.size());
    char what[64];
    std::snprintf(what, sizeof what, "SpMM %s op %c base %d", tname, transA ? 'T' : 'N', b);
    for (int j = 0; j < n; ++j) {
      std::vector<double> x(k), y(m), scale;
      for (int i = 0; i < k; ++i)
        x[i] = hB[transB ? bAt(j, i) : bAt(i, j)];
      for (int i = 0; i < m; ++i)
        y[i] = hC[cAt(i, j)];
      refSpmv(M, N, rows, cols, tv, transA, 1.5, x, -0.5, y, scale);
      for (int i = 0; i < m; ++i)
        expectNear(what, i + j * m, got[cAt(i, j)], y[i], scale[i], Type<T>::tol);
    }
    // Padding (ld beyond the matrix) is left alone.
    for (int r = 0; r < (cOrder == CUSPARSE_ORDER_COL ? n : m); ++r)
      expectNear("SpMM padding", r, got[r * ldc + ldc - 1], hC[r * ldc + ldc - 1], 0.0, 0.0);
    SP(cusparseDestroyDnMat(mb));
    SP(cusparseDestroyDnMat(mc));
    CK(cudaFree(dB));
    CK(cudaFree(dC));
    CK(cudaFree(buf));
  }

  SP(cusparseDestroySpMat(csr));
  SP(cusparseDestroySpMat(coo));
  SP(cusparseDestroySpMat(csc));
  SP(cusparseDestroySpVec(perm));
  SP(cusparseDestroyDnVec(unsorted));
  void *all[] = {dRows,   dCols,     dUnsorted, dVals,   dP,       dBuf,
                 dRowPtr, dRowsBack, dColPtr,   dRowInd, dCscVals, dCscBuf};
  for (void *p : all)
    CK(cudaFree(p));
  std::printf("%s base %d: %d nonzeros checked\n", tname, b, nnz);
}

int main() {
  cusparseHandle_t h;
  SP(cusparseCreate(&h));
  cudaStream_t s;
  CK(cudaStreamCreate(&s));
  SP(cusparseSetStream(h, s));
  cudaStream_t got = nullptr;
  SP(cusparseGetStream(h, &got));
  if (got != s) {
    std::printf("FAIL cusparseGetStream\n");
    ++g_failures;
  }
  cusparseMatDescr_t descr;
  SP(cusparseCreateMatDescr(&descr));
  SP(cusparseSetMatType(descr, CUSPARSE_MATRIX_TYPE_GENERAL));
  SP(cusparseSetMatIndexBase(descr, CUSPARSE_INDEX_BASE_ONE));
  if (cusparseGetMatIndexBase(descr) != CUSPARSE_INDEX_BASE_ONE ||
      cusparseGetMatType(descr) != CUSPARSE_MATRIX_TYPE_GENERAL) {
    std::printf("FAIL mat descr\n");
    ++g_failures;
  }
  SP(cusparseDestroyMatDescr(descr));
  run<float>(h, CUSPARSE_INDEX_BASE_ZERO);
  run<float>(h, CUSPARSE_INDEX_BASE_ONE);
  run<double>(h, CUSPARSE_INDEX_BASE_ZERO);
  run<double>(h, CUSPARSE_INDEX_BASE_ONE);
  CK(cudaStreamSynchronize(s));
  SP(cusparseDestroy(h));
  CK(cudaStreamDestroy(s));
  std::printf(g_failures == 0 ? "PASS\n" : "FAIL (%d mismatches)\n", g_failures);
  return g_failures == 0 ? 0 : 1;
}
