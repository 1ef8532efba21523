// cuSPARSE on the host, as cuBLAS (Cublas.cpp): each call checks its
// operands against the simulated device's allocations, computes in the
// matrix's value type in a fixed order, and tells the observers which
// device bytes it read and wrote, as work on the handle's stream.
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <numeric>
#include <vector>

#include <cusparse.h>

#include "LibraryMemory.h"

struct cusparseContext {
  cudaStream_t stream = nullptr;
  cusparsePointerMode_t pointer_mode = CUSPARSE_POINTER_MODE_HOST;
};
struct cusparseMatDescr {
  cusparseMatrixType_t type = CUSPARSE_MATRIX_TYPE_GENERAL;
  cusparseFillMode_t fill = CUSPARSE_FILL_MODE_LOWER;
  cusparseDiagType_t diag = CUSPARSE_DIAG_TYPE_NON_UNIT;
  cusparseIndexBase_t base = CUSPARSE_INDEX_BASE_ZERO;
};
struct cusparseSpMatDescr {
  cusparseFormat_t format;
  int64_t rows, cols, nnz;
  // CSR: row offsets, column indices; CSC: column offsets, row indices;
  // COO: row indices, column indices.
  void *offsets, *indices, *values;
  cusparseIndexType_t offsetType, indexType;
  cusparseIndexBase_t base;
  cudaDataType type;
};
struct cusparseSpVecDescr {
  int64_t size, nnz;
  void *indices, *values;
  cusparseIndexType_t indexType;
  cusparseIndexBase_t base;
  cudaDataType type;
};
struct cusparseDnVecDescr {
  int64_t size;
  void *values;
  cudaDataType type;
};
struct cusparseDnMatDescr {
  int64_t rows, cols, ld;
  void *values;
  cudaDataType type;
  cusparseOrder_t order;
};

namespace {

using warpsim::libs::checkDevice;
using warpsim::libs::wrote;

cudaStream_t streamOf(cusparseHandle_t h) { return h != nullptr ? h->stream : nullptr; }

bool validIndex(cusparseIndexType_t t) {
  return t == CUSPARSE_INDEX_32I || t == CUSPARSE_INDEX_64I;
}
std::size_t indexSize(cusparseIndexType_t t) { return t == CUSPARSE_INDEX_64I ? 8 : 4; }
bool validValue(cudaDataType t) { return t == CUDA_R_32F || t == CUDA_R_64F; }
std::size_t valueSize(cudaDataType t) { return t == CUDA_R_64F ? 8 : 4; }
bool validBase(cusparseIndexBase_t b) {
  return b == CUSPARSE_INDEX_BASE_ZERO || b == CUSPARSE_INDEX_BASE_ONE;
}
int64_t indexAt(const void *p, cusparseIndexType_t t, int64_t i) {
  return t == CUSPARSE_INDEX_64I ? static_cast<const int64_t *>(p)[i]
                                 : static_cast<const int32_t *>(p)[i];
}

cusparseStatus_t unsupported(const char *what, const char *why) {
  std::fflush(stdout);
  std::fprintf(stderr, "warpsim: %s: %s is not supported by warpsim's cuSPARSE\n", what, why);
  return CUSPARSE_STATUS_NOT_SUPPORTED;
}

// A scalar: host memory, or device memory under CUSPARSE_POINTER_MODE_DEVICE.
template <class T> bool scalar(cusparseHandle_t h, const void *p, T &v, const char *what) {
  if (p == nullptr)
    return false;
  if (h->pointer_mode == CUSPARSE_POINTER_MODE_DEVICE && !checkDevice(p, sizeof(T), what, "scalar"))
    return false;
  v = *static_cast<const T *>(p);
  return true;
}

// The matrix's nonzeros as (row, column, position in values), zero-based,
// in storage order. Checks the index arrays and every index first.
bool entries(const cusparseSpMatDescr &A, const char *what,
             std::vector<std::pair<int64_t, int64_t>> &rc) {
  const int64_t base = A.base == CUSPARSE_INDEX_BASE_ONE ? 1 : 0;
  rc.clear();
  if (A.format == CUSPARSE_FORMAT_COO) {
    if (A.nnz > 0 && (!checkDevice(A.offsets, A.nnz * indexSize(A.offsetType), what, "cooRowInd") ||
                      !checkDevice(A.indices, A.nnz * indexSize(A.indexType), what, "cooColInd")))
      return false;
    for (int64_t i = 0; i < A.nnz; ++i)
      rc.emplace_back(indexAt(A.offsets, A.offsetType, i) - base,
                      indexAt(A.indices, A.indexType, i) - base);
  } else {
    const bool csr = A.format == CUSPARSE_FORMAT_CSR;
    const int64_t outer = csr ? A.rows : A.cols;
    if (!checkDevice(A.offsets, (outer + 1) * indexSize(A.offsetType), what,
                     csr ? "csrRowOffsets" : "cscColOffsets") ||
        (A.nnz > 0 && !checkDevice(A.indices, A.nnz * indexSize(A.indexType), what,
                                   csr ? "csrColInd" : "cscRowInd")))
      return false;
    if (indexAt(A.offsets, A.offsetType, 0) - base != 0 ||
        indexAt(A.offsets, A.offsetType, outer) - base != A.nnz) {
      std::fflush(stdout);
      std::fprintf(stderr,
                   "warpsim: error: %s: the offsets run from %lld to %lld, not from the index "
                   "base to nnz + base (%lld)\n",
                   what, static_cast<long long>(indexAt(A.offsets, A.offsetType, 0)),
                   static_cast<long long>(indexAt(A.offsets, A.offsetType, outer)),
                   static_cast<long long>(A.nnz + base));
      return false;
    }
    for (int64_t o = 0; o < outer; ++o) {
      const int64_t lo = indexAt(A.offsets, A.offsetType, o) - base,
                    hi = indexAt(A.offsets, A.offsetType, o + 1) - base;
      if (hi < lo) {
        std::fflush(stdout);
        std::fprintf(stderr, "warpsim: error: %s: offsets[%lld] > offsets[%lld]\n", what,
                     static_cast<long long>(o), static_cast<long long>(o + 1));
        return false;
      }
      for (int64_t i = lo; i < hi; ++i) {
        const int64_t in = indexAt(A.indices, A.indexType, i) - base;
        if (csr)
          rc.emplace_back(o, in);
        else
          rc.emplace_back(in, o);
      }
    }
  }
  for (std::size_t i = 0; i < rc.size(); ++i)
    if (rc[i].first < 0 || rc[i].first >= A.rows || rc[i].second < 0 || rc[i].second >= A.cols) {
      std::fflush(stdout);
      std::fprintf(stderr,
                   "warpsim: error: %s: nonzero %zu at (%lld, %lld) (index base %lld) is outside "
                   "the %lld x %lld matrix\n",
                   what, i, static_cast<long long>(rc[i].first + base),
                   static_cast<long long>(rc[i].second + base), static_cast<long long>(base),
                   static_cast<long long>(A.rows), static_cast<long long>(A.cols));
      return false;
    }
  return A.nnz == 0 || checkDevice(A.values, A.nnz * valueSize(A.type), what, "values");
}

template <class T>
cusparseStatus_t spmv(cusparseHandle_t h, bool trans, const void *alpha,
                      const cusparseSpMatDescr &A, const cusparseDnVecDescr &x, const void *beta,
                      cusparseDnVecDescr &y, const char *what) {
  T a, b;
  if (!scalar(h, alpha, a, what) || !scalar(h, beta, b, what))
    return CUSPARSE_STATUS_INVALID_VALUE;
  std::vector<std::pair<int64_t, int64_t>> rc;
  if (!entries(A, what, rc) ||
      (x.size > 0 && !checkDevice(x.values, x.size * sizeof(T), what, "vecX")) ||
      (y.size > 0 && !checkDevice(y.values, y.size * sizeof(T), what, "vecY")))
    return CUSPARSE_STATUS_EXECUTION_FAILED;
  const T *av = static_cast<const T *>(A.values), *xv = static_cast<const T *>(x.values);
  T *yv = static_cast<T *>(y.values);
  std::vector<T> acc(static_cast<std::size_t>(y.size), T(0));
  // Row by row in storage order (CSR), or as stored (COO, CSC, transposes).
  for (std::size_t i = 0; i < rc.size(); ++i) {
    const int64_t r = trans ? rc[i].second : rc[i].first, c = trans ? rc[i].first : rc[i].second;
    acc[r] += av[i] * xv[c];
  }
  for (int64_t i = 0; i < y.size; ++i)
    yv[i] = b == T(0) ? a * acc[i] : a * acc[i] + b * yv[i];
  if (y.size > 0)
    wrote(yv, y.size * sizeof(T), what);
  return CUSPARSE_STATUS_SUCCESS;
}

// Element (r, c) of a dense matrix.
std::size_t at(const cusparseDnMatDescr &M, int64_t r, int64_t c) {
  return static_cast<std::size_t>(M.order == CUSPARSE_ORDER_COL ? r + c * M.ld : c + r * M.ld);
}
bool denseOk(const cusparseDnMatDescr &M) {
  return M.rows >= 0 && M.cols >= 0 &&
         (M.order == CUSPARSE_ORDER_COL ? M.ld >= std::max<int64_t>(1, M.rows)
                                        : M.ld >= std::max<int64_t>(1, M.cols));
}
std::size_t denseBytes(const cusparseDnMatDescr &M) {
  if (M.rows == 0 || M.cols == 0)
    return 0;
  return (at(M, M.rows - 1, M.cols - 1) + 1) * valueSize(M.type);
}

template <class T>
cusparseStatus_t spmm(cusparseHandle_t h, bool transA, bool transB, const void *alpha,
                      const cusparseSpMatDescr &A, const cusparseDnMatDescr &B, const void *beta,
                      cusparseDnMatDescr &C, const char *what) {
  T a, b;
  if (!scalar(h, alpha, a, what) || !scalar(h, beta, b, what))
    return CUSPARSE_STATUS_INVALID_VALUE;
  std::vector<std::pair<int64_t, int64_t>> rc;
  if (!entries(A, what, rc) ||
      (denseBytes(B) > 0 && !checkDevice(B.values, denseBytes(B), what, "matB")) ||
      (denseBytes(C) > 0 && !checkDevice(C.values, denseBytes(C), what, "matC")))
    return CUSPARSE_STATUS_EXECUTION_FAILED;
  const T *av = static_cast<const T *>(A.values), *bv = static_cast<const T *>(B.values);
  T *cv = static_cast<T *>(C.values);
  const int64_t n = C.cols;
  std::vector<T> acc(static_cast<std::size_t>(C.rows * n), T(0));
  for (std::size_t i = 0; i < rc.size(); ++i) {
    const int64_t r = transA ? rc[i].second : rc[i].first, k = transA ? rc[i].first : rc[i].second;
    for (int64_t j = 0; j < n; ++j)
      acc[r * n + j] += av[i] * bv[transB ? at(B, j, k) : at(B, k, j)];
  }
  for (int64_t r = 0; r < C.rows; ++r)
    for (int64_t j = 0; j < n; ++j) {
      T &out = cv[at(C, r, j)];
      out = b == T(0) ? a * acc[r * n + j] : a * acc[r * n + j] + b * out;
    }
  if (C.order == CUSPARSE_ORDER_COL)
    for (int64_t j = 0; j < C.cols && C.rows > 0; ++j)
      wrote(cv + at(C, 0, j), C.rows * sizeof(T), what);
  else
    for (int64_t r = 0; r < C.rows && C.cols > 0; ++r)
      wrote(cv + at(C, r, 0), C.cols * sizeof(T), what);
  return CUSPARSE_STATUS_SUCCESS;
}

bool validOp(cusparseOperation_t op) {
  return op == CUSPARSE_OPERATION_NON_TRANSPOSE || op == CUSPARSE_OPERATION_TRANSPOSE ||
         op == CUSPARSE_OPERATION_CONJUGATE_TRANSPOSE;
}

// SpMV's and SpMM's shared checks; the status to return, or SUCCESS to go on.
cusparseStatus_t checkSpMat(cusparseHandle_t h, const cusparseSpMatDescr *A, cudaDataType ct,
                            const char *what) {
  if (h == nullptr)
    return CUSPARSE_STATUS_NOT_INITIALIZED;
  if (A == nullptr)
    return CUSPARSE_STATUS_INVALID_VALUE;
  if (A->type != ct)
    return unsupported(what, "a compute type other than the matrix's value type");
  if (!warpsim::libs::usable())
    return CUSPARSE_STATUS_EXECUTION_FAILED;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t createSpMat(cusparseSpMatDescr_t *out, cusparseFormat_t f, int64_t rows,
                             int64_t cols, int64_t nnz, const void *off, const void *ind,
                             const void *val, cusparseIndexType_t ot, cusparseIndexType_t it,
                             cusparseIndexBase_t base, cudaDataType vt, const char *what) {
  if (out == nullptr || rows < 0 || cols < 0 || nnz < 0 || !validBase(base))
    return CUSPARSE_STATUS_INVALID_VALUE;
  if (!validIndex(ot) || !validIndex(it))
    return unsupported(what, "the index type CUSPARSE_INDEX_16U");
  if (!validValue(vt))
    return unsupported(what, "a value type other than CUDA_R_32F and CUDA_R_64F");
  *out = new cusparseSpMatDescr{f,
                                rows,
                                cols,
                                nnz,
                                const_cast<void *>(off),
                                const_cast<void *>(ind),
                                const_cast<void *>(val),
                                ot,
                                it,
                                base,
                                vt};
  return CUSPARSE_STATUS_SUCCESS;
}

// Sorts the COO pairs by (key, other), keeping equal pairs in order, and
// permutes P with them.
cusparseStatus_t coosort(cusparseHandle_t h, int m, int n, int nnz, int *rows, int *cols, int *P,
                         void *buffer, bool byRow, const char *what) {
  if (h == nullptr)
    return CUSPARSE_STATUS_NOT_INITIALIZED;
  if (m < 0 || n < 0 || nnz < 0)
    return CUSPARSE_STATUS_INVALID_VALUE;
  if (!warpsim::libs::usable())
    return CUSPARSE_STATUS_EXECUTION_FAILED;
  if (nnz == 0)
    return CUSPARSE_STATUS_SUCCESS;
  const std::size_t bytes = static_cast<std::size_t>(nnz) * sizeof(int);
  if (!checkDevice(rows, bytes, what, "cooRowsA") || !checkDevice(cols, bytes, what, "cooColsA") ||
      !checkDevice(P, bytes, what, "P") || !checkDevice(buffer, bytes + 128, what, "pBuffer"))
    return CUSPARSE_STATUS_EXECUTION_FAILED;
  std::vector<int> order(static_cast<std::size_t>(nnz));
  std::iota(order.begin(), order.end(), 0);
  const int *key = byRow ? rows : cols, *other = byRow ? cols : rows;
  std::sort(order.begin(), order.end(), [&](int x, int y) {
    return key[x] != key[y] ? key[x] < key[y] : other[x] != other[y] ? other[x] < other[y] : x < y;
  });
  std::vector<int> r(order.size()), c(order.size()), p(order.size());
  for (std::size_t i = 0; i < order.size(); ++i) {
    r[i] = rows[order[i]];
    c[i] = cols[order[i]];
    p[i] = P[order[i]];
  }
  std::memcpy(rows, r.data(), bytes);
  std::memcpy(cols, c.data(), bytes);
  std::memcpy(P, p.data(), bytes);
  wrote(rows, bytes, what);
  wrote(cols, bytes, what);
  wrote(P, bytes, what);
  return CUSPARSE_STATUS_SUCCESS;
}

template <class T> void gatherT(const cusparseDnVecDescr &y, cusparseSpVecDescr &x) {
  const int64_t base = x.base == CUSPARSE_INDEX_BASE_ONE ? 1 : 0;
  for (int64_t i = 0; i < x.nnz; ++i)
    static_cast<T *>(x.values)[i] =
        static_cast<const T *>(y.values)[indexAt(x.indices, x.indexType, i) - base];
}
template <class T> void scatterT(const cusparseSpVecDescr &x, cusparseDnVecDescr &y) {
  const int64_t base = x.base == CUSPARSE_INDEX_BASE_ONE ? 1 : 0;
  for (int64_t i = 0; i < x.nnz; ++i)
    static_cast<T *>(y.values)[indexAt(x.indices, x.indexType, i) - base] =
        static_cast<const T *>(x.values)[i];
}
// Whether every index of the sparse vector lies in [0, size) (after the base).
bool spvecIndices(const cusparseSpVecDescr &x, int64_t size, const char *what) {
  if (x.nnz > 0 && (!checkDevice(x.indices, x.nnz * indexSize(x.indexType), what, "indices") ||
                    !checkDevice(x.values, x.nnz * valueSize(x.type), what, "values")))
    return false;
  const int64_t base = x.base == CUSPARSE_INDEX_BASE_ONE ? 1 : 0;
  for (int64_t i = 0; i < x.nnz; ++i) {
    const int64_t k = indexAt(x.indices, x.indexType, i) - base;
    if (k < 0 || k >= size) {
      std::fflush(stdout);
      std::fprintf(stderr,
                   "warpsim: error: %s: index %lld of the sparse vector (%lld) is outside the "
                   "dense vector of %lld\n",
                   what, static_cast<long long>(i), static_cast<long long>(k + base),
                   static_cast<long long>(size));
      return false;
    }
  }
  return true;
}

} // namespace

extern "C" {

cusparseStatus_t cusparseCreate(cusparseHandle_t *handle) {
  if (handle == nullptr)
    return CUSPARSE_STATUS_INVALID_VALUE;
  *handle = new cusparseContext;
  return CUSPARSE_STATUS_SUCCESS;
}
cusparseStatus_t cusparseDestroy(cusparseHandle_t handle) {
  if (handle == nullptr)
    return CUSPARSE_STATUS_NOT_INITIALIZED;
  delete handle;
  return CUSPARSE_STATUS_SUCCESS;
}
cusparseStatus_t cusparseGetVersion(cusparseHandle_t h, int *version) {
  if (h == nullptr)
    return CUSPARSE_STATUS_NOT_INITIALIZED;
  if (version == nullptr)
    return CUSPARSE_STATUS_INVALID_VALUE;
  *version = CUSPARSE_VERSION;
  return CUSPARSE_STATUS_SUCCESS;
}
cusparseStatus_t cusparseGetProperty(libraryPropertyType type, int *value) {
  if (value == nullptr)
    return CUSPARSE_STATUS_INVALID_VALUE;
  switch (type) {
  case MAJOR_VERSION:
    *value = CUSPARSE_VER_MAJOR;
    return CUSPARSE_STATUS_SUCCESS;
  case MINOR_VERSION:
    *value = CUSPARSE_VER_MINOR;
    return CUSPARSE_STATUS_SUCCESS;
  case PATCH_LEVEL:
    *value = CUSPARSE_VER_PATCH;
    return CUSPARSE_STATUS_SUCCESS;
  }
  return CUSPARSE_STATUS_INVALID_VALUE;
}
const char *cusparseGetErrorName(cusparseStatus_t s) {
  switch (s) {
  case CUSPARSE_STATUS_SUCCESS:
    return "CUSPARSE_STATUS_SUCCESS";
  case CUSPARSE_STATUS_NOT_INITIALIZED:
    return "CUSPARSE_STATUS_NOT_INITIALIZED";
  case CUSPARSE_STATUS_ALLOC_FAILED:
    return "CUSPARSE_STATUS_ALLOC_FAILED";
  case CUSPARSE_STATUS_INVALID_VALUE:
    return "CUSPARSE_STATUS_INVALID_VALUE";
  case CUSPARSE_STATUS_ARCH_MISMATCH:
    return "CUSPARSE_STATUS_ARCH_MISMATCH";
  case CUSPARSE_STATUS_MAPPING_ERROR:
    return "CUSPARSE_STATUS_MAPPING_ERROR";
  case CUSPARSE_STATUS_EXECUTION_FAILED:
    return "CUSPARSE_STATUS_EXECUTION_FAILED";
  case CUSPARSE_STATUS_INTERNAL_ERROR:
    return "CUSPARSE_STATUS_INTERNAL_ERROR";
  case CUSPARSE_STATUS_MATRIX_TYPE_NOT_SUPPORTED:
    return "CUSPARSE_STATUS_MATRIX_TYPE_NOT_SUPPORTED";
  case CUSPARSE_STATUS_ZERO_PIVOT:
    return "CUSPARSE_STATUS_ZERO_PIVOT";
  case CUSPARSE_STATUS_NOT_SUPPORTED:
    return "CUSPARSE_STATUS_NOT_SUPPORTED";
  case CUSPARSE_STATUS_INSUFFICIENT_RESOURCES:
    return "CUSPARSE_STATUS_INSUFFICIENT_RESOURCES";
  }
  return "CUSPARSE_STATUS_UNKNOWN";
}
const char *cusparseGetErrorString(cusparseStatus_t s) {
  switch (s) {
  case CUSPARSE_STATUS_SUCCESS:
    return "success";
  case CUSPARSE_STATUS_NOT_INITIALIZED:
    return "initialization error";
  case CUSPARSE_STATUS_INVALID_VALUE:
    return "invalid value";
  case CUSPARSE_STATUS_EXECUTION_FAILED:
    return "execution failed";
  case CUSPARSE_STATUS_NOT_SUPPORTED:
    return "operation not supported";
  default:
    return cusparseGetErrorName(s);
  }
}
cusparseStatus_t cusparseSetStream(cusparseHandle_t h, cudaStream_t s) {
  if (h == nullptr)
    return CUSPARSE_STATUS_NOT_INITIALIZED;
  h->stream = s;
  return CUSPARSE_STATUS_SUCCESS;
}
cusparseStatus_t cusparseGetStream(cusparseHandle_t h, cudaStream_t *s) {
  if (h == nullptr)
    return CUSPARSE_STATUS_NOT_INITIALIZED;
  if (s == nullptr)
    return CUSPARSE_STATUS_INVALID_VALUE;
  *s = h->stream;
  return CUSPARSE_STATUS_SUCCESS;
}
cusparseStatus_t cusparseGetPointerMode(cusparseHandle_t h, cusparsePointerMode_t *mode) {
  if (h == nullptr)
    return CUSPARSE_STATUS_NOT_INITIALIZED;
  if (mode == nullptr)
    return CUSPARSE_STATUS_INVALID_VALUE;
  *mode = h->pointer_mode;
  return CUSPARSE_STATUS_SUCCESS;
}
cusparseStatus_t cusparseSetPointerMode(cusparseHandle_t h, cusparsePointerMode_t mode) {
  if (h == nullptr)
    return CUSPARSE_STATUS_NOT_INITIALIZED;
  if (mode != CUSPARSE_POINTER_MODE_HOST && mode != CUSPARSE_POINTER_MODE_DEVICE)
    return CUSPARSE_STATUS_INVALID_VALUE;
  h->pointer_mode = mode;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseCreateMatDescr(cusparseMatDescr_t *d) {
  if (d == nullptr)
    return CUSPARSE_STATUS_INVALID_VALUE;
  *d = new cusparseMatDescr;
  return CUSPARSE_STATUS_SUCCESS;
}
cusparseStatus_t cusparseDestroyMatDescr(cusparseMatDescr_t d) {
  delete d;
  return CUSPARSE_STATUS_SUCCESS;
}
cusparseStatus_t cusparseSetMatType(cusparseMatDescr_t d, cusparseMatrixType_t t) {
  if (d == nullptr || t < CUSPARSE_MATRIX_TYPE_GENERAL || t > CUSPARSE_MATRIX_TYPE_TRIANGULAR)
    return CUSPARSE_STATUS_INVALID_VALUE;
  d->type = t;
  return CUSPARSE_STATUS_SUCCESS;
}
cusparseMatrixType_t cusparseGetMatType(const cusparseMatDescr_t d) { return d->type; }
cusparseStatus_t cusparseSetMatFillMode(cusparseMatDescr_t d, cusparseFillMode_t f) {
  if (d == nullptr || (f != CUSPARSE_FILL_MODE_LOWER && f != CUSPARSE_FILL_MODE_UPPER))
    return CUSPARSE_STATUS_INVALID_VALUE;
  d->fill = f;
  return CUSPARSE_STATUS_SUCCESS;
}
cusparseFillMode_t cusparseGetMatFillMode(const cusparseMatDescr_t d) { return d->fill; }
cusparseStatus_t cusparseSetMatDiagType(cusparseMatDescr_t d, cusparseDiagType_t t) {
  if (d == nullptr || (t != CUSPARSE_DIAG_TYPE_NON_UNIT && t != CUSPARSE_DIAG_TYPE_UNIT))
    return CUSPARSE_STATUS_INVALID_VALUE;
  d->diag = t;
  return CUSPARSE_STATUS_SUCCESS;
}
cusparseDiagType_t cusparseGetMatDiagType(const cusparseMatDescr_t d) { return d->diag; }
cusparseStatus_t cusparseSetMatIndexBase(cusparseMatDescr_t d, cusparseIndexBase_t b) {
  if (d == nullptr || !validBase(b))
    return CUSPARSE_STATUS_INVALID_VALUE;
  d->base = b;
  return CUSPARSE_STATUS_SUCCESS;
}
cusparseIndexBase_t cusparseGetMatIndexBase(const cusparseMatDescr_t d) { return d->base; }

cusparseStatus_t cusparseXcoo2csr(cusparseHandle_t h, const int *cooRowInd, int nnz, int m,
                                  int *csrRowPtr, cusparseIndexBase_t base) {
  WARPSIM_LIBRARY_CALL("cusparseXcoo2csr", streamOf(h));
  if (h == nullptr)
    return CUSPARSE_STATUS_NOT_INITIALIZED;
  if (nnz < 0 || m < 0 || !validBase(base))
    return CUSPARSE_STATUS_INVALID_VALUE;
  if (!warpsim::libs::usable())
    return CUSPARSE_STATUS_EXECUTION_FAILED;
  if ((nnz > 0 && !checkDevice(cooRowInd, nnz * sizeof(int), "cusparseXcoo2csr", "cooRowInd")) ||
      !checkDevice(csrRowPtr, (m + 1) * sizeof(int), "cusparseXcoo2csr", "csrRowPtr"))
    return CUSPARSE_STATUS_EXECUTION_FAILED;
  const int b = base == CUSPARSE_INDEX_BASE_ONE ? 1 : 0;
  std::vector<int> count(static_cast<std::size_t>(m) + 1, 0);
  for (int i = 0; i < nnz; ++i) {
    const int r = cooRowInd[i] - b;
    if (r < 0 || r >= m || (i > 0 && cooRowInd[i] < cooRowInd[i - 1])) {
      std::fflush(stdout);
      std::fprintf(stderr,
                   "warpsim: error: cusparseXcoo2csr: cooRowInd[%d] = %d is %s (the rows must "
                   "be sorted, each in [%d, %d])\n",
                   i, cooRowInd[i],
                   r < 0 || r >= m ? "out of range" : "smaller than the one before", b, m - 1 + b);
      return CUSPARSE_STATUS_INVALID_VALUE;
    }
    ++count[static_cast<std::size_t>(r) + 1];
  }
  csrRowPtr[0] = b;
  for (int r = 0; r < m; ++r)
    csrRowPtr[r + 1] = csrRowPtr[r] + count[static_cast<std::size_t>(r) + 1];
  wrote(csrRowPtr, (m + 1) * sizeof(int), "cusparseXcoo2csr");
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseXcsr2coo(cusparseHandle_t h, const int *csrRowPtr, int nnz, int m,
                                  int *cooRowInd, cusparseIndexBase_t base) {
  WARPSIM_LIBRARY_CALL("cusparseXcsr2coo", streamOf(h));
  if (h == nullptr)
    return CUSPARSE_STATUS_NOT_INITIALIZED;
  if (nnz < 0 || m < 0 || !validBase(base))
    return CUSPARSE_STATUS_INVALID_VALUE;
  if (!warpsim::libs::usable())
    return CUSPARSE_STATUS_EXECUTION_FAILED;
  if (!checkDevice(csrRowPtr, (m + 1) * sizeof(int), "cusparseXcsr2coo", "csrRowPtr") ||
      (nnz > 0 && !checkDevice(cooRowInd, nnz * sizeof(int), "cusparseXcsr2coo", "cooRowInd")))
    return CUSPARSE_STATUS_EXECUTION_FAILED;
  const int b = base == CUSPARSE_INDEX_BASE_ONE ? 1 : 0;
  for (int r = 0; r < m; ++r)
    for (int i = csrRowPtr[r]; i < csrRowPtr[r + 1]; ++i) {
      if (i - b < 0 || i - b >= nnz) {
        std::fflush(stdout);
        std::fprintf(stderr,
                     "warpsim: error: cusparseXcsr2coo: csrRowPtr[%d..%d] = %d..%d runs outside "
                     "the %d nonzeros\n",
                     r, r + 1, csrRowPtr[r], csrRowPtr[r + 1], nnz);
        return CUSPARSE_STATUS_INVALID_VALUE;
      }
      cooRowInd[i - b] = r + b;
    }
  if (nnz > 0)
    wrote(cooRowInd, nnz * sizeof(int), "cusparseXcsr2coo");
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseCreateIdentityPermutation(cusparseHandle_t h, int n, int *p) {
  WARPSIM_LIBRARY_CALL("cusparseCreateIdentityPermutation", streamOf(h));
  if (h == nullptr)
    return CUSPARSE_STATUS_NOT_INITIALIZED;
  if (n < 0)
    return CUSPARSE_STATUS_INVALID_VALUE;
  if (n == 0)
    return CUSPARSE_STATUS_SUCCESS;
  if (!warpsim::libs::usable() ||
      !checkDevice(p, n * sizeof(int), "cusparseCreateIdentityPermutation", "p"))
    return CUSPARSE_STATUS_EXECUTION_FAILED;
  std::iota(p, p + n, 0);
  wrote(p, n * sizeof(int), "cusparseCreateIdentityPermutation");
  return CUSPARSE_STATUS_SUCCESS;
}

// The sort works in host memory; the buffer is only checked (nnz ints and
// 128 bytes, what it is asked to hold).
cusparseStatus_t cusparseXcoosort_bufferSizeExt(cusparseHandle_t h, int m, int n, int nnz,
                                                const int *, const int *, size_t *size) {
  if (h == nullptr)
    return CUSPARSE_STATUS_NOT_INITIALIZED;
  if (m < 0 || n < 0 || nnz < 0 || size == nullptr)
    return CUSPARSE_STATUS_INVALID_VALUE;
  *size = static_cast<size_t>(nnz) * sizeof(int) + 128;
  return CUSPARSE_STATUS_SUCCESS;
}
cusparseStatus_t cusparseXcoosortByRow(cusparseHandle_t h, int m, int n, int nnz, int *rows,
                                       int *cols, int *P, void *buffer) {
  WARPSIM_LIBRARY_CALL("cusparseXcoosortByRow", streamOf(h));
  return coosort(h, m, n, nnz, rows, cols, P, buffer, true, "cusparseXcoosortByRow");
}
cusparseStatus_t cusparseXcoosortByColumn(cusparseHandle_t h, int m, int n, int nnz, int *rows,
                                          int *cols, int *P, void *buffer) {
  WARPSIM_LIBRARY_CALL("cusparseXcoosortByColumn", streamOf(h));
  return coosort(h, m, n, nnz, rows, cols, P, buffer, false, "cusparseXcoosortByColumn");
}
cusparseStatus_t cusparseXcsrsort_bufferSizeExt(cusparseHandle_t h, int m, int n, int nnz,
                                                const int *, const int *, size_t *size) {
  return cusparseXcoosort_bufferSizeExt(h, m, n, nnz, nullptr, nullptr, size);
}
cusparseStatus_t cusparseXcsrsort(cusparseHandle_t h, int m, int n, int nnz,
                                  const cusparseMatDescr_t d, const int *rowPtr, int *colInd,
                                  int *P, void *buffer) {
  const char *what = "cusparseXcsrsort";
  WARPSIM_LIBRARY_CALL(what, streamOf(h));
  if (h == nullptr)
    return CUSPARSE_STATUS_NOT_INITIALIZED;
  if (m < 0 || n < 0 || nnz < 0 || d == nullptr)
    return CUSPARSE_STATUS_INVALID_VALUE;
  if (!warpsim::libs::usable())
    return CUSPARSE_STATUS_EXECUTION_FAILED;
  if (nnz == 0)
    return CUSPARSE_STATUS_SUCCESS;
  const std::size_t bytes = static_cast<std::size_t>(nnz) * sizeof(int);
  if (!checkDevice(rowPtr, (m + 1) * sizeof(int), what, "csrRowPtrA") ||
      !checkDevice(colInd, bytes, what, "csrColIndA") || !checkDevice(P, bytes, what, "P") ||
      !checkDevice(buffer, bytes + 128, what, "pBuffer"))
    return CUSPARSE_STATUS_EXECUTION_FAILED;
  const int b = d->base == CUSPARSE_INDEX_BASE_ONE ? 1 : 0;
  std::vector<int> order(bytes / sizeof(int)), c(order.size()), p(order.size());
  std::iota(order.begin(), order.end(), 0);
  for (int r = 0; r < m; ++r) {
    const int lo = rowPtr[r] - b, hi = rowPtr[r + 1] - b;
    if (lo < 0 || hi > nnz || hi < lo) {
      std::fflush(stdout);
      std::fprintf(stderr, "warpsim: error: %s: csrRowPtrA[%d..%d] = %d..%d is not a row\n", what,
                   r, r + 1, rowPtr[r], rowPtr[r + 1]);
      return CUSPARSE_STATUS_INVALID_VALUE;
    }
    std::sort(order.begin() + lo, order.begin() + hi,
              [&](int x, int y) { return colInd[x] != colInd[y] ? colInd[x] < colInd[y] : x < y; });
  }
  for (std::size_t i = 0; i < order.size(); ++i) {
    c[i] = colInd[order[i]];
    p[i] = P[order[i]];
  }
  std::memcpy(colInd, c.data(), bytes);
  std::memcpy(P, p.data(), bytes);
  wrote(colInd, bytes, what);
  wrote(P, bytes, what);
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseCsr2cscEx2_bufferSize(cusparseHandle_t h, int m, int n, int nnz,
                                               const void *, const int *, const int *, void *,
                                               int *, int *, cudaDataType, cusparseAction_t,
                                               cusparseIndexBase_t, cusparseCsr2CscAlg_t,
                                               size_t *size) {
  if (h == nullptr)
    return CUSPARSE_STATUS_NOT_INITIALIZED;
  if (m < 0 || n < 0 || nnz < 0 || size == nullptr)
    return CUSPARSE_STATUS_INVALID_VALUE;
  *size = static_cast<size_t>(nnz) * sizeof(int) + 128;
  return CUSPARSE_STATUS_SUCCESS;
}
cusparseStatus_t cusparseCsr2cscEx2(cusparseHandle_t h, int m, int n, int nnz, const void *csrVal,
                                    const int *csrRowPtr, const int *csrColInd, void *cscVal,
                                    int *cscColPtr, int *cscRowInd, cudaDataType vt,
                                    cusparseAction_t action, cusparseIndexBase_t base,
                                    cusparseCsr2CscAlg_t, void *) {
  const char *what = "cusparseCsr2cscEx2";
  WARPSIM_LIBRARY_CALL(what, streamOf(h));
  if (h == nullptr)
    return CUSPARSE_STATUS_NOT_INITIALIZED;
  if (m < 0 || n < 0 || nnz < 0 || !validBase(base) ||
      (action != CUSPARSE_ACTION_SYMBOLIC && action != CUSPARSE_ACTION_NUMERIC))
    return CUSPARSE_STATUS_INVALID_VALUE;
  if (!validValue(vt))
    return unsupported(what, "a value type other than CUDA_R_32F and CUDA_R_64F");
  if (!warpsim::libs::usable())
    return CUSPARSE_STATUS_EXECUTION_FAILED;
  cusparseSpMatDescr A{CUSPARSE_FORMAT_CSR,
                       m,
                       n,
                       nnz,
                       const_cast<int *>(csrRowPtr),
                       const_cast<int *>(csrColInd),
                       const_cast<void *>(csrVal),
                       CUSPARSE_INDEX_32I,
                       CUSPARSE_INDEX_32I,
                       base,
                       vt};
  std::vector<std::pair<int64_t, int64_t>> rc;
  const bool values = action == CUSPARSE_ACTION_NUMERIC;
  if (!values)
    A.nnz = 0; // the values are not read
  if (!entries(A, what, rc))
    return CUSPARSE_STATUS_EXECUTION_FAILED;
  const std::size_t vs = valueSize(vt);
  if (!checkDevice(cscColPtr, (n + 1) * sizeof(int), what, "cscColPtr") ||
      (nnz > 0 && !checkDevice(cscRowInd, nnz * sizeof(int), what, "cscRowInd")) ||
      (nnz > 0 && values && !checkDevice(cscVal, nnz * vs, what, "cscVal")))
    return CUSPARSE_STATUS_EXECUTION_FAILED;
  const int b = base == CUSPARSE_INDEX_BASE_ONE ? 1 : 0;
  std::vector<int> start(static_cast<std::size_t>(n) + 1, 0);
  for (const auto &e : rc)
    ++start[static_cast<std::size_t>(e.second) + 1];
  std::partial_sum(start.begin(), start.end(), start.begin());
  std::vector<int> next(start.begin(), start.end() - 1);
  for (std::size_t i = 0; i < rc.size(); ++i) {
    const int k = next[static_cast<std::size_t>(rc[i].second)]++;
    cscRowInd[k] = static_cast<int>(rc[i].first) + b;
    if (values)
      std::memcpy(static_cast<char *>(cscVal) + k * vs, static_cast<const char *>(csrVal) + i * vs,
                  vs);
  }
  for (int c = 0; c <= n; ++c)
    cscColPtr[c] = start[static_cast<std::size_t>(c)] + b;
  wrote(cscColPtr, (n + 1) * sizeof(int), what);
  if (nnz > 0) {
    wrote(cscRowInd, nnz * sizeof(int), what);
    if (values)
      wrote(cscVal, nnz * vs, what);
  }
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseCreateSpVec(cusparseSpVecDescr_t *out, int64_t size, int64_t nnz,
                                     void *indices, void *values, cusparseIndexType_t it,
                                     cusparseIndexBase_t base, cudaDataType vt) {
  if (out == nullptr || size < 0 || nnz < 0 || nnz > size || !validBase(base))
    return CUSPARSE_STATUS_INVALID_VALUE;
  if (!validIndex(it))
    return unsupported("cusparseCreateSpVec", "the index type CUSPARSE_INDEX_16U");
  if (!validValue(vt))
    return unsupported("cusparseCreateSpVec", "a value type other than CUDA_R_32F and CUDA_R_64F");
  *out = new cusparseSpVecDescr{size, nnz, indices, values, it, base, vt};
  return CUSPARSE_STATUS_SUCCESS;
}
cusparseStatus_t cusparseCreateConstSpVec(cusparseConstSpVecDescr_t *out, int64_t size, int64_t nnz,
                                          const void *indices, const void *values,
                                          cusparseIndexType_t it, cusparseIndexBase_t base,
                                          cudaDataType vt) {
  cusparseSpVecDescr_t d = nullptr;
  cusparseStatus_t s = cusparseCreateSpVec(&d, size, nnz, const_cast<void *>(indices),
                                           const_cast<void *>(values), it, base, vt);
  if (out != nullptr)
    *out = d;
  return s;
}
cusparseStatus_t cusparseDestroySpVec(cusparseConstSpVecDescr_t d) {
  delete d;
  return CUSPARSE_STATUS_SUCCESS;
}
cusparseStatus_t cusparseSpVecGet(cusparseSpVecDescr_t d, int64_t *size, int64_t *nnz,
                                  void **indices, void **values, cusparseIndexType_t *it,
                                  cusparseIndexBase_t *base, cudaDataType *vt) {
  if (d == nullptr)
    return CUSPARSE_STATUS_INVALID_VALUE;
  if (size)
    *size = d->size;
  if (nnz)
    *nnz = d->nnz;
  if (indices)
    *indices = d->indices;
  if (values)
    *values = d->values;
  if (it)
    *it = d->indexType;
  if (base)
    *base = d->base;
  if (vt)
    *vt = d->type;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseCreateDnVec(cusparseDnVecDescr_t *out, int64_t size, void *values,
                                     cudaDataType vt) {
  if (out == nullptr || size < 0)
    return CUSPARSE_STATUS_INVALID_VALUE;
  if (!validValue(vt))
    return unsupported("cusparseCreateDnVec", "a value type other than CUDA_R_32F and CUDA_R_64F");
  *out = new cusparseDnVecDescr{size, values, vt};
  return CUSPARSE_STATUS_SUCCESS;
}
cusparseStatus_t cusparseCreateConstDnVec(cusparseConstDnVecDescr_t *out, int64_t size,
                                          const void *values, cudaDataType vt) {
  cusparseDnVecDescr_t d = nullptr;
  cusparseStatus_t s = cusparseCreateDnVec(&d, size, const_cast<void *>(values), vt);
  if (out != nullptr)
    *out = d;
  return s;
}
cusparseStatus_t cusparseDestroyDnVec(cusparseConstDnVecDescr_t d) {
  delete d;
  return CUSPARSE_STATUS_SUCCESS;
}
cusparseStatus_t cusparseDnVecGet(cusparseDnVecDescr_t d, int64_t *size, void **values,
                                  cudaDataType *vt) {
  if (d == nullptr)
    return CUSPARSE_STATUS_INVALID_VALUE;
  if (size)
    *size = d->size;
  if (values)
    *values = d->values;
  if (vt)
    *vt = d->type;
  return CUSPARSE_STATUS_SUCCESS;
}
cusparseStatus_t cusparseDnVecGetValues(cusparseDnVecDescr_t d, void **values) {
  if (d == nullptr || values == nullptr)
    return CUSPARSE_STATUS_INVALID_VALUE;
  *values = d->values;
  return CUSPARSE_STATUS_SUCCESS;
}
cusparseStatus_t cusparseDnVecSetValues(cusparseDnVecDescr_t d, void *values) {
  if (d == nullptr)
    return CUSPARSE_STATUS_INVALID_VALUE;
  d->values = values;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseCreateCsr(cusparseSpMatDescr_t *out, int64_t rows, int64_t cols,
                                   int64_t nnz, void *off, void *ind, void *val,
                                   cusparseIndexType_t ot, cusparseIndexType_t it,
                                   cusparseIndexBase_t base, cudaDataType vt) {
  return createSpMat(out, CUSPARSE_FORMAT_CSR, rows, cols, nnz, off, ind, val, ot, it, base, vt,
                     "cusparseCreateCsr");
}
cusparseStatus_t cusparseCreateConstCsr(cusparseConstSpMatDescr_t *out, int64_t rows, int64_t cols,
                                        int64_t nnz, const void *off, const void *ind,
                                        const void *val, cusparseIndexType_t ot,
                                        cusparseIndexType_t it, cusparseIndexBase_t base,
                                        cudaDataType vt) {
  cusparseSpMatDescr_t d = nullptr;
  cusparseStatus_t s = createSpMat(&d, CUSPARSE_FORMAT_CSR, rows, cols, nnz, off, ind, val, ot, it,
                                   base, vt, "cusparseCreateConstCsr");
  if (out != nullptr)
    *out = d;
  return s;
}
cusparseStatus_t cusparseCreateCsc(cusparseSpMatDescr_t *out, int64_t rows, int64_t cols,
                                   int64_t nnz, void *off, void *ind, void *val,
                                   cusparseIndexType_t ot, cusparseIndexType_t it,
                                   cusparseIndexBase_t base, cudaDataType vt) {
  return createSpMat(out, CUSPARSE_FORMAT_CSC, rows, cols, nnz, off, ind, val, ot, it, base, vt,
                     "cusparseCreateCsc");
}
cusparseStatus_t cusparseCreateCoo(cusparseSpMatDescr_t *out, int64_t rows, int64_t cols,
                                   int64_t nnz, void *r, void *c, void *val, cusparseIndexType_t it,
                                   cusparseIndexBase_t base, cudaDataType vt) {
  return createSpMat(out, CUSPARSE_FORMAT_COO, rows, cols, nnz, r, c, val, it, it, base, vt,
                     "cusparseCreateCoo");
}
cusparseStatus_t cusparseCreateConstCoo(cusparseConstSpMatDescr_t *out, int64_t rows, int64_t cols,
                                        int64_t nnz, const void *r, const void *c, const void *val,
                                        cusparseIndexType_t it, cusparseIndexBase_t base,
                                        cudaDataType vt) {
  cusparseSpMatDescr_t d = nullptr;
  cusparseStatus_t s = createSpMat(&d, CUSPARSE_FORMAT_COO, rows, cols, nnz, r, c, val, it, it,
                                   base, vt, "cusparseCreateConstCoo");
  if (out != nullptr)
    *out = d;
  return s;
}
cusparseStatus_t cusparseDestroySpMat(cusparseConstSpMatDescr_t d) {
  delete d;
  return CUSPARSE_STATUS_SUCCESS;
}
cusparseStatus_t cusparseSpMatGetSize(cusparseConstSpMatDescr_t d, int64_t *rows, int64_t *cols,
                                      int64_t *nnz) {
  if (d == nullptr)
    return CUSPARSE_STATUS_INVALID_VALUE;
  if (rows)
    *rows = d->rows;
  if (cols)
    *cols = d->cols;
  if (nnz)
    *nnz = d->nnz;
  return CUSPARSE_STATUS_SUCCESS;
}
cusparseStatus_t cusparseSpMatGetFormat(cusparseConstSpMatDescr_t d, cusparseFormat_t *f) {
  if (d == nullptr || f == nullptr)
    return CUSPARSE_STATUS_INVALID_VALUE;
  *f = d->format;
  return CUSPARSE_STATUS_SUCCESS;
}
cusparseStatus_t cusparseSpMatGetIndexBase(cusparseConstSpMatDescr_t d, cusparseIndexBase_t *b) {
  if (d == nullptr || b == nullptr)
    return CUSPARSE_STATUS_INVALID_VALUE;
  *b = d->base;
  return CUSPARSE_STATUS_SUCCESS;
}
cusparseStatus_t cusparseSpMatGetValues(cusparseSpMatDescr_t d, void **values) {
  if (d == nullptr || values == nullptr)
    return CUSPARSE_STATUS_INVALID_VALUE;
  *values = d->values;
  return CUSPARSE_STATUS_SUCCESS;
}
cusparseStatus_t cusparseSpMatSetValues(cusparseSpMatDescr_t d, void *values) {
  if (d == nullptr)
    return CUSPARSE_STATUS_INVALID_VALUE;
  d->values = values;
  return CUSPARSE_STATUS_SUCCESS;
}
static cusparseStatus_t spGet(cusparseSpMatDescr_t d, cusparseFormat_t f, int64_t *rows,
                              int64_t *cols, int64_t *nnz, void **off, void **ind, void **val,
                              cusparseIndexType_t *ot, cusparseIndexType_t *it,
                              cusparseIndexBase_t *base, cudaDataType *vt) {
  if (d == nullptr || d->format != f)
    return CUSPARSE_STATUS_INVALID_VALUE;
  if (rows)
    *rows = d->rows;
  if (cols)
    *cols = d->cols;
  if (nnz)
    *nnz = d->nnz;
  if (off)
    *off = d->offsets;
  if (ind)
    *ind = d->indices;
  if (val)
    *val = d->values;
  if (ot)
    *ot = d->offsetType;
  if (it)
    *it = d->indexType;
  if (base)
    *base = d->base;
  if (vt)
    *vt = d->type;
  return CUSPARSE_STATUS_SUCCESS;
}
cusparseStatus_t cusparseCsrGet(cusparseSpMatDescr_t d, int64_t *rows, int64_t *cols, int64_t *nnz,
                                void **off, void **ind, void **val, cusparseIndexType_t *ot,
                                cusparseIndexType_t *it, cusparseIndexBase_t *base,
                                cudaDataType *vt) {
  return spGet(d, CUSPARSE_FORMAT_CSR, rows, cols, nnz, off, ind, val, ot, it, base, vt);
}
cusparseStatus_t cusparseCooGet(cusparseSpMatDescr_t d, int64_t *rows, int64_t *cols, int64_t *nnz,
                                void **r, void **c, void **val, cusparseIndexType_t *it,
                                cusparseIndexBase_t *base, cudaDataType *vt) {
  return spGet(d, CUSPARSE_FORMAT_COO, rows, cols, nnz, r, c, val, it, nullptr, base, vt);
}
static cusparseStatus_t setPointers(cusparseSpMatDescr_t d, cusparseFormat_t f, void *off,
                                    void *ind, void *val) {
  if (d == nullptr || d->format != f)
    return CUSPARSE_STATUS_INVALID_VALUE;
  d->offsets = off;
  d->indices = ind;
  d->values = val;
  return CUSPARSE_STATUS_SUCCESS;
}
cusparseStatus_t cusparseCsrSetPointers(cusparseSpMatDescr_t d, void *off, void *ind, void *val) {
  return setPointers(d, CUSPARSE_FORMAT_CSR, off, ind, val);
}
cusparseStatus_t cusparseCscSetPointers(cusparseSpMatDescr_t d, void *off, void *ind, void *val) {
  return setPointers(d, CUSPARSE_FORMAT_CSC, off, ind, val);
}
cusparseStatus_t cusparseCooSetPointers(cusparseSpMatDescr_t d, void *r, void *c, void *val) {
  return setPointers(d, CUSPARSE_FORMAT_COO, r, c, val);
}

cusparseStatus_t cusparseCreateDnMat(cusparseDnMatDescr_t *out, int64_t rows, int64_t cols,
                                     int64_t ld, void *values, cudaDataType vt,
                                     cusparseOrder_t order) {
  if (out == nullptr || (order != CUSPARSE_ORDER_COL && order != CUSPARSE_ORDER_ROW))
    return CUSPARSE_STATUS_INVALID_VALUE;
  if (!validValue(vt))
    return unsupported("cusparseCreateDnMat", "a value type other than CUDA_R_32F and CUDA_R_64F");
  cusparseDnMatDescr m{rows, cols, ld, values, vt, order};
  if (!denseOk(m))
    return CUSPARSE_STATUS_INVALID_VALUE;
  *out = new cusparseDnMatDescr(m);
  return CUSPARSE_STATUS_SUCCESS;
}
cusparseStatus_t cusparseCreateConstDnMat(cusparseConstDnMatDescr_t *out, int64_t rows,
                                          int64_t cols, int64_t ld, const void *values,
                                          cudaDataType vt, cusparseOrder_t order) {
  cusparseDnMatDescr_t d = nullptr;
  cusparseStatus_t s =
      cusparseCreateDnMat(&d, rows, cols, ld, const_cast<void *>(values), vt, order);
  if (out != nullptr)
    *out = d;
  return s;
}
cusparseStatus_t cusparseDestroyDnMat(cusparseConstDnMatDescr_t d) {
  delete d;
  return CUSPARSE_STATUS_SUCCESS;
}
cusparseStatus_t cusparseDnMatGet(cusparseDnMatDescr_t d, int64_t *rows, int64_t *cols, int64_t *ld,
                                  void **values, cudaDataType *vt, cusparseOrder_t *order) {
  if (d == nullptr)
    return CUSPARSE_STATUS_INVALID_VALUE;
  if (rows)
    *rows = d->rows;
  if (cols)
    *cols = d->cols;
  if (ld)
    *ld = d->ld;
  if (values)
    *values = d->values;
  if (vt)
    *vt = d->type;
  if (order)
    *order = d->order;
  return CUSPARSE_STATUS_SUCCESS;
}
cusparseStatus_t cusparseDnMatGetValues(cusparseDnMatDescr_t d, void **values) {
  if (d == nullptr || values == nullptr)
    return CUSPARSE_STATUS_INVALID_VALUE;
  *values = d->values;
  return CUSPARSE_STATUS_SUCCESS;
}
cusparseStatus_t cusparseDnMatSetValues(cusparseDnMatDescr_t d, void *values) {
  if (d == nullptr)
    return CUSPARSE_STATUS_INVALID_VALUE;
  d->values = values;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseGather(cusparseHandle_t h, cusparseConstDnVecDescr_t y,
                                cusparseSpVecDescr_t x) {
  WARPSIM_LIBRARY_CALL("cusparseGather", streamOf(h));
  if (h == nullptr)
    return CUSPARSE_STATUS_NOT_INITIALIZED;
  if (x == nullptr || y == nullptr || x->type != y->type)
    return CUSPARSE_STATUS_INVALID_VALUE;
  if (!warpsim::libs::usable() || !spvecIndices(*x, y->size, "cusparseGather") ||
      (y->size > 0 &&
       !checkDevice(y->values, y->size * valueSize(y->type), "cusparseGather", "vecY")))
    return CUSPARSE_STATUS_EXECUTION_FAILED;
  if (x->type == CUDA_R_64F)
    gatherT<double>(*y, *x);
  else
    gatherT<float>(*y, *x);
  if (x->nnz > 0)
    wrote(x->values, x->nnz * valueSize(x->type), "cusparseGather");
  return CUSPARSE_STATUS_SUCCESS;
}
cusparseStatus_t cusparseScatter(cusparseHandle_t h, cusparseConstSpVecDescr_t x,
                                 cusparseDnVecDescr_t y) {
  WARPSIM_LIBRARY_CALL("cusparseScatter", streamOf(h));
  if (h == nullptr)
    return CUSPARSE_STATUS_NOT_INITIALIZED;
  if (x == nullptr || y == nullptr || x->type != y->type)
    return CUSPARSE_STATUS_INVALID_VALUE;
  if (!warpsim::libs::usable() || !spvecIndices(*x, y->size, "cusparseScatter") ||
      (y->size > 0 &&
       !checkDevice(y->values, y->size * valueSize(y->type), "cusparseScatter", "vecY")))
    return CUSPARSE_STATUS_EXECUTION_FAILED;
  if (x->type == CUDA_R_64F)
    scatterT<double>(*x, *y);
  else
    scatterT<float>(*x, *y);
  const int64_t base = x->base == CUSPARSE_INDEX_BASE_ONE ? 1 : 0;
  const std::size_t vs = valueSize(y->type);
  for (int64_t i = 0; i < x->nnz; ++i)
    wrote(static_cast<char *>(y->values) + (indexAt(x->indices, x->indexType, i) - base) * vs, vs,
          "cusparseScatter");
  return CUSPARSE_STATUS_SUCCESS;
}

// SpMV and SpMM compute in host memory: no buffer is needed.
cusparseStatus_t cusparseSpMV_bufferSize(cusparseHandle_t h, cusparseOperation_t op, const void *,
                                         cusparseConstSpMatDescr_t A, cusparseConstDnVecDescr_t,
                                         const void *, cusparseDnVecDescr_t, cudaDataType,
                                         cusparseSpMVAlg_t, size_t *size) {
  if (h == nullptr)
    return CUSPARSE_STATUS_NOT_INITIALIZED;
  if (A == nullptr || size == nullptr || !validOp(op))
    return CUSPARSE_STATUS_INVALID_VALUE;
  *size = 0;
  return CUSPARSE_STATUS_SUCCESS;
}
cusparseStatus_t cusparseSpMV(cusparseHandle_t h, cusparseOperation_t op, const void *alpha,
                              cusparseConstSpMatDescr_t A, cusparseConstDnVecDescr_t x,
                              const void *beta, cusparseDnVecDescr_t y, cudaDataType ct,
                              cusparseSpMVAlg_t, void *) {
  const char *what = "cusparseSpMV";
  WARPSIM_LIBRARY_CALL(what, streamOf(h));
  if (cusparseStatus_t s = checkSpMat(h, A, ct, what); s != CUSPARSE_STATUS_SUCCESS)
    return s;
  if (x == nullptr || y == nullptr || !validOp(op) || x->type != A->type || y->type != A->type)
    return CUSPARSE_STATUS_INVALID_VALUE;
  const bool trans = op != CUSPARSE_OPERATION_NON_TRANSPOSE;
  if (x->size != (trans ? A->rows : A->cols) || y->size != (trans ? A->cols : A->rows))
    return CUSPARSE_STATUS_INVALID_VALUE;
  return A->type == CUDA_R_64F ? spmv<double>(h, trans, alpha, *A, *x, beta, *y, what)
                               : spmv<float>(h, trans, alpha, *A, *x, beta, *y, what);
}

static cusparseStatus_t spmmShape(cusparseOperation_t opA, cusparseOperation_t opB,
                                  const cusparseSpMatDescr *A, const cusparseDnMatDescr *B,
                                  const cusparseDnMatDescr *C) {
  if (B == nullptr || C == nullptr || !validOp(opA) || !validOp(opB) || B->type != A->type ||
      C->type != A->type)
    return CUSPARSE_STATUS_INVALID_VALUE;
  const bool ta = opA != CUSPARSE_OPERATION_NON_TRANSPOSE,
             tb = opB != CUSPARSE_OPERATION_NON_TRANSPOSE;
  const int64_t m = ta ? A->cols : A->rows, k = ta ? A->rows : A->cols;
  const int64_t bk = tb ? B->cols : B->rows, bn = tb ? B->rows : B->cols;
  if (C->rows != m || bk != k || C->cols != bn)
    return CUSPARSE_STATUS_INVALID_VALUE;
  return CUSPARSE_STATUS_SUCCESS;
}
cusparseStatus_t cusparseSpMM_bufferSize(cusparseHandle_t h, cusparseOperation_t opA,
                                         cusparseOperation_t opB, const void *,
                                         cusparseConstSpMatDescr_t A, cusparseConstDnMatDescr_t B,
                                         const void *, cusparseDnMatDescr_t C, cudaDataType,
                                         cusparseSpMMAlg_t, size_t *size) {
  if (h == nullptr)
    return CUSPARSE_STATUS_NOT_INITIALIZED;
  if (A == nullptr || size == nullptr)
    return CUSPARSE_STATUS_INVALID_VALUE;
  if (cusparseStatus_t s = spmmShape(opA, opB, A, B, C); s != CUSPARSE_STATUS_SUCCESS)
    return s;
  *size = 0;
  return CUSPARSE_STATUS_SUCCESS;
}
cusparseStatus_t cusparseSpMM_preprocess(cusparseHandle_t h, cusparseOperation_t opA,
                                         cusparseOperation_t opB, const void *,
                                         cusparseConstSpMatDescr_t A, cusparseConstDnMatDescr_t B,
                                         const void *, cusparseDnMatDescr_t C, cudaDataType,
                                         cusparseSpMMAlg_t, void *) {
  if (h == nullptr)
    return CUSPARSE_STATUS_NOT_INITIALIZED;
  if (A == nullptr)
    return CUSPARSE_STATUS_INVALID_VALUE;
  return spmmShape(opA, opB, A, B, C);
}
cusparseStatus_t cusparseSpMM(cusparseHandle_t h, cusparseOperation_t opA, cusparseOperation_t opB,
                              const void *alpha, cusparseConstSpMatDescr_t A,
                              cusparseConstDnMatDescr_t B, const void *beta, cusparseDnMatDescr_t C,
                              cudaDataType ct, cusparseSpMMAlg_t, void *) {
  const char *what = "cusparseSpMM";
  WARPSIM_LIBRARY_CALL(what, streamOf(h));
  if (cusparseStatus_t s = checkSpMat(h, A, ct, what); s != CUSPARSE_STATUS_SUCCESS)
    return s;
  if (cusparseStatus_t s = spmmShape(opA, opB, A, B, C); s != CUSPARSE_STATUS_SUCCESS)
    return s;
  const bool ta = opA != CUSPARSE_OPERATION_NON_TRANSPOSE,
             tb = opB != CUSPARSE_OPERATION_NON_TRANSPOSE;
  return A->type == CUDA_R_64F ? spmm<double>(h, ta, tb, alpha, *A, *B, beta, *C, what)
                               : spmm<float>(h, ta, tb, alpha, *A, *B, beta, *C, what);
}

} // extern "C"
