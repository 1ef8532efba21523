// cuBLAS on the host: each call checks its operands against the simulated
// device's allocations, computes with OpenBLAS (single-threaded, so a result
// does not depend on the host's core count) and tells the observers which
// device bytes it wrote, as cudaMemcpy does. Kernels run when launched, so
// every earlier launch on every stream has finished when a call starts; the
// stream a handle is bound to places the call in the order between streams
// that the checkers keep (a kernel on another stream racing with it).
#include <cstdio>
#include <cstring>
#include <vector>

#include <cblas.h>
#include <cublas_v2.h>

#include "LibraryMemory.h"


extern "C" void openblas_set_num_threads(int);

struct cublasContext {
  cudaStream_t stream = nullptr;
  cublasPointerMode_t pointer_mode = CUBLAS_POINTER_MODE_HOST;
  cublasMath_t math = CUBLAS_DEFAULT_MATH;
};

namespace {

CBLAS_TRANSPOSE op(cublasOperation_t t) { return t == CUBLAS_OP_N ? CblasNoTrans : CblasTrans; }
bool validOp(cublasOperation_t t) {
  return t == CUBLAS_OP_N || t == CUBLAS_OP_T || t == CUBLAS_OP_C;
}

// A scalar argument: host memory, or device memory under
// CUBLAS_POINTER_MODE_DEVICE (readable from the host here).
template <class T> bool scalar(cublasHandle_t h, const T *p, T &v, const char *what) {
  if (p == nullptr)
    return false;
  if (h->pointer_mode == CUBLAS_POINTER_MODE_DEVICE &&
      !warpsim::libs::checkDevice(p, sizeof(T), what, "scalar"))
    return false;
  v = *p;
  return true;
}

// Column-major rows x cols with leading dimension ld, in device memory.
template <class T>
bool matrix(const T *p, int rows, int cols, int ld, const char *what, const char *name) {
  if (rows == 0 || cols == 0)
    return true;
  std::size_t n = (static_cast<std::size_t>(cols) - 1) * static_cast<std::size_t>(ld) +
                  static_cast<std::size_t>(rows);
  return warpsim::libs::checkDevice(p, n * sizeof(T), what, name);
}
template <class T> bool vec(const T *p, int n, int inc, const char *what, const char *name) {
  if (n <= 0)
    return true;
  std::size_t step = static_cast<std::size_t>(inc < 0 ? -inc : inc);
  return warpsim::libs::checkDevice(p, ((n - 1) * step + 1) * sizeof(T), what, name);
}
template <class T> void wroteMatrix(T *p, int rows, int cols, int ld, const char *what) {
  for (int j = 0; j < cols && rows > 0; ++j)
    warpsim::libs::wrote(p + static_cast<std::size_t>(j) * ld, rows * sizeof(T), what);
}
template <class T> void wroteVec(T *p, int n, int inc, const char *what) {
  if (inc == 1 || inc == -1) {
    if (n > 0)
      warpsim::libs::wrote(p, n * sizeof(T), what);
    return;
  }
  std::size_t step = static_cast<std::size_t>(inc < 0 ? -inc : inc);
  for (int i = 0; i < n; ++i)
    warpsim::libs::wrote(p + i * step, sizeof(T), what);
}

bool gemmShape(cublasOperation_t ta, cublasOperation_t tb, int m, int n, int k, int lda, int ldb,
               int ldc) {
  if (!validOp(ta) || !validOp(tb) || m < 0 || n < 0 || k < 0)
    return false;
  int arows = ta == CUBLAS_OP_N ? m : k, brows = tb == CUBLAS_OP_N ? k : n;
  return lda >= (arows > 1 ? arows : 1) && ldb >= (brows > 1 ? brows : 1) &&
         ldc >= (m > 1 ? m : 1);
}

// One gemm in T, after the checks. OpenBLAS for float and double.
void gemm(cublasOperation_t ta, cublasOperation_t tb, int m, int n, int k, float alpha,
          const float *A, int lda, const float *B, int ldb, float beta, float *C, int ldc) {
  cblas_sgemm(CblasColMajor, op(ta), op(tb), m, n, k, alpha, A, lda, B, ldb, beta, C, ldc);
}
void gemm(cublasOperation_t ta, cublasOperation_t tb, int m, int n, int k, double alpha,
          const double *A, int lda, const double *B, int ldb, double beta, double *C, int ldc) {
  cblas_dgemm(CblasColMajor, op(ta), op(tb), m, n, k, alpha, A, lda, B, ldb, beta, C, ldc);
}

template <class T>
cublasStatus_t gemmChecked(cublasHandle_t h, const char *what, cublasOperation_t ta,
                           cublasOperation_t tb, int m, int n, int k, const T *alpha, const T *A,
                           int lda, long long sA, const T *B, int ldb, long long sB,
                           const T *beta, T *C, int ldc, long long sC, int batch) {
  if (h == nullptr)
    return CUBLAS_STATUS_NOT_INITIALIZED;
  if (!gemmShape(ta, tb, m, n, k, lda, ldb, ldc) || batch < 0)
    return CUBLAS_STATUS_INVALID_VALUE;
  T a, b;
  if (!scalar(h, alpha, a, what) || !scalar(h, beta, b, what))
    return CUBLAS_STATUS_INVALID_VALUE;
  if (!warpsim::libs::usable())
    return CUBLAS_STATUS_EXECUTION_FAILED;
  int ar = ta == CUBLAS_OP_N ? m : k, ac = ta == CUBLAS_OP_N ? k : m;
  int br = tb == CUBLAS_OP_N ? k : n, bc = tb == CUBLAS_OP_N ? n : k;
  for (int i = 0; i < batch; ++i) {
    const bool readsAB = k > 0 && a != T(0);
    if ((readsAB && (!matrix(A + i * sA, ar, ac, lda, what, "A") ||
                     !matrix(B + i * sB, br, bc, ldb, what, "B"))) ||
        !matrix(C + i * sC, m, n, ldc, what, "C"))
      return CUBLAS_STATUS_EXECUTION_FAILED;
  }
  for (int i = 0; i < batch; ++i) {
    gemm(ta, tb, m, n, k, a, A + i * sA, lda, B + i * sB, ldb, b, C + i * sC, ldc);
    wroteMatrix(C + i * sC, m, n, ldc, what);
  }
  return CUBLAS_STATUS_SUCCESS;
}

// Narrow types (half, bfloat16) are widened to float, multiplied, rounded
// back: cuBLAS's 32-bit-accumulating paths round once, at the end, too.
float load(cudaDataType t, const void *p, std::size_t i) {
  switch (t) {
  case CUDA_R_32F:
    return static_cast<const float *>(p)[i];
  case CUDA_R_16F:
    return static_cast<float>(static_cast<const _Float16 *>(p)[i]);
  case CUDA_R_16BF: {
    std::uint32_t bits = static_cast<std::uint32_t>(static_cast<const std::uint16_t *>(p)[i])
                         << 16;
    float f;
    std::memcpy(&f, &bits, 4);
    return f;
  }
  default:
    return 0;
  }
}
void store(cudaDataType t, void *p, std::size_t i, float v) {
  switch (t) {
  case CUDA_R_32F:
    static_cast<float *>(p)[i] = v;
    break;
  case CUDA_R_16F:
    static_cast<_Float16 *>(p)[i] = static_cast<_Float16>(v);
    break;
  case CUDA_R_16BF: {
    std::uint32_t bits;
    std::memcpy(&bits, &v, 4);
    if ((bits & 0x7f800000u) == 0x7f800000u && (bits & 0x7fffffu))
      bits = (bits | 0x400000u); // NaN stays NaN
    else
      bits += 0x7fffu + ((bits >> 16) & 1u); // round to nearest even
    static_cast<std::uint16_t *>(p)[i] = static_cast<std::uint16_t>(bits >> 16);
    break;
  }
  default:
    break;
  }
}
std::size_t typeSize(cudaDataType t) {
  switch (t) {
  case CUDA_R_16F:
  case CUDA_R_16BF:
    return 2;
  case CUDA_R_32F:
    return 4;
  case CUDA_R_64F:
    return 8;
  default:
    return 0;
  }
}

cublasStatus_t gemmEx(cublasHandle_t h, const char *what, cublasOperation_t ta,
                      cublasOperation_t tb, int m, int n, int k, const void *alpha,
                      const void *A, cudaDataType At, int lda, long long sA, const void *B,
                      cudaDataType Bt, int ldb, long long sB, const void *beta, void *C,
                      cudaDataType Ct, int ldc, long long sC, int batch,
                      cublasComputeType_t ct) {
  if (h == nullptr)
    return CUBLAS_STATUS_NOT_INITIALIZED;
  if (At == CUDA_R_64F && Bt == CUDA_R_64F && Ct == CUDA_R_64F &&
      (ct == CUBLAS_COMPUTE_64F || ct == CUBLAS_COMPUTE_64F_PEDANTIC))
    return gemmChecked(h, what, ta, tb, m, n, k, static_cast<const double *>(alpha),
                       static_cast<const double *>(A), lda, sA, static_cast<const double *>(B),
                       ldb, sB, static_cast<const double *>(beta), static_cast<double *>(C), ldc,
                       sC, batch);
  if (At == CUDA_R_32F && Bt == CUDA_R_32F && Ct == CUDA_R_32F &&
      ct != CUBLAS_COMPUTE_64F && ct != CUBLAS_COMPUTE_16F)
    return gemmChecked(h, what, ta, tb, m, n, k, static_cast<const float *>(alpha),
                       static_cast<const float *>(A), lda, sA, static_cast<const float *>(B),
                       ldb, sB, static_cast<const float *>(beta), static_cast<float *>(C), ldc,
                       sC, batch);
  const bool narrowIn = (At == CUDA_R_16F || At == CUDA_R_16BF) && Bt == At;
  const bool outOk = Ct == At || Ct == CUDA_R_32F;
  // Half computation (CUBLAS_COMPUTE_16F) takes half scalars; the 32-bit
  // compute types take float ones.
  const bool halfScalars = ct == CUBLAS_COMPUTE_16F || ct == CUBLAS_COMPUTE_16F_PEDANTIC;
  if (!narrowIn || !outOk || ct == CUBLAS_COMPUTE_64F || ct == CUBLAS_COMPUTE_32I ||
      (halfScalars && (At != CUDA_R_16F || Ct != CUDA_R_16F))) {
    std::fprintf(stderr,
                 "warpsim: %s: the type combination A=%d B=%d C=%d compute=%d is not "
                 "supported by warpsim's cuBLAS\n",
                 what, At, Bt, Ct, ct);
    return CUBLAS_STATUS_NOT_SUPPORTED;
  }
  if (!gemmShape(ta, tb, m, n, k, lda, ldb, ldc) || batch < 0)
    return CUBLAS_STATUS_INVALID_VALUE;
  float a, b;
  if (halfScalars) {
    _Float16 ha, hb;
    if (!scalar(h, static_cast<const _Float16 *>(alpha), ha, what) ||
        !scalar(h, static_cast<const _Float16 *>(beta), hb, what))
      return CUBLAS_STATUS_INVALID_VALUE;
    a = ha;
    b = hb;
  } else if (!scalar(h, static_cast<const float *>(alpha), a, what) ||
             !scalar(h, static_cast<const float *>(beta), b, what)) {
    return CUBLAS_STATUS_INVALID_VALUE;
  }
  if (!warpsim::libs::usable())
    return CUBLAS_STATUS_EXECUTION_FAILED;
  const std::size_t ea = typeSize(At), ec = typeSize(Ct);
  int ar = ta == CUBLAS_OP_N ? m : k, ac = ta == CUBLAS_OP_N ? k : m;
  int br = tb == CUBLAS_OP_N ? k : n, bc = tb == CUBLAS_OP_N ? n : k;
  auto extent = [](int r, int c, int ld) {
    return r == 0 || c == 0 ? std::size_t{0}
                            : ((static_cast<std::size_t>(c) - 1) * ld + static_cast<std::size_t>(r));
  };
  auto at = [](const void *p, long long off, std::size_t e) {
    return static_cast<const char *>(p) + off * static_cast<long long>(e);
  };
  for (int i = 0; i < batch; ++i)
    if (!warpsim::libs::checkDevice(at(A, i * sA, ea), extent(ar, ac, lda) * ea, what, "A") ||
        !warpsim::libs::checkDevice(at(B, i * sB, ea), extent(br, bc, ldb) * ea, what, "B") ||
        !warpsim::libs::checkDevice(at(C, i * sC, ec), extent(m, n, ldc) * ec, what, "C"))
      return CUBLAS_STATUS_EXECUTION_FAILED;
  std::vector<float> fa(static_cast<std::size_t>(m) * k), fb(static_cast<std::size_t>(k) * n),
      fc(static_cast<std::size_t>(m) * n);
  for (int bi = 0; bi < batch; ++bi) {
    const void *Ai = at(A, bi * sA, ea), *Bi = at(B, bi * sB, ea);
    void *Ci = const_cast<char *>(at(C, bi * sC, ec));
    // op(A) as an m x k column-major float matrix, op(B) as k x n.
    for (int r = 0; r < m; ++r)
      for (int c = 0; c < k; ++c)
        fa[r + static_cast<std::size_t>(c) * m] =
            load(At, Ai, ta == CUBLAS_OP_N ? r + static_cast<std::size_t>(c) * lda
                                           : c + static_cast<std::size_t>(r) * lda);
    for (int r = 0; r < k; ++r)
      for (int c = 0; c < n; ++c)
        fb[r + static_cast<std::size_t>(c) * k] =
            load(At, Bi, tb == CUBLAS_OP_N ? r + static_cast<std::size_t>(c) * ldb
                                           : c + static_cast<std::size_t>(r) * ldb);
    for (int c = 0; c < n; ++c)
      for (int r = 0; r < m; ++r)
        fc[r + static_cast<std::size_t>(c) * m] =
            b == 0.0f ? 0.0f : load(Ct, Ci, r + static_cast<std::size_t>(c) * ldc);
    if (m > 0 && n > 0)
      cblas_sgemm(CblasColMajor, CblasNoTrans, CblasNoTrans, m, n, k, a, fa.data(),
                  m > 1 ? m : 1, fb.data(), k > 1 ? k : 1, b, fc.data(), m > 1 ? m : 1);
    for (int c = 0; c < n; ++c) {
      for (int r = 0; r < m; ++r)
        store(Ct, Ci, r + static_cast<std::size_t>(c) * ldc, fc[r + static_cast<std::size_t>(c) * m]);
      if (m > 0)
        warpsim::libs::wrote(static_cast<char *>(Ci) + static_cast<std::size_t>(c) * ldc * ec,
                             m * ec, what);
    }
  }
  return CUBLAS_STATUS_SUCCESS;
}

template <class T>
cublasStatus_t geam(cublasHandle_t h, const char *what, cublasOperation_t ta,
                    cublasOperation_t tb, int m, int n, const T *alpha, const T *A, int lda,
                    const T *beta, const T *B, int ldb, T *C, int ldc) {
  if (h == nullptr)
    return CUBLAS_STATUS_NOT_INITIALIZED;
  if (!validOp(ta) || !validOp(tb) || m < 0 || n < 0 || ldc < (m > 1 ? m : 1))
    return CUBLAS_STATUS_INVALID_VALUE;
  T a, b;
  if (!scalar(h, alpha, a, what) || !scalar(h, beta, b, what))
    return CUBLAS_STATUS_INVALID_VALUE;
  if (!warpsim::libs::usable())
    return CUBLAS_STATUS_EXECUTION_FAILED;
  const bool na = ta == CUBLAS_OP_N, nb = tb == CUBLAS_OP_N;
  if ((a != T(0) && !matrix(A, na ? m : n, na ? n : m, lda, what, "A")) ||
      (b != T(0) && !matrix(B, nb ? m : n, nb ? n : m, ldb, what, "B")) ||
      !matrix(C, m, n, ldc, what, "C"))
    return CUBLAS_STATUS_EXECUTION_FAILED;
  // C may alias A or B (in place, with the same ld and no transpose), so
  // compute into a buffer first.
  std::vector<T> out(static_cast<std::size_t>(m) * n);
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < m; ++i) {
      T va = a == T(0) ? T(0) : a * (na ? A[i + static_cast<std::size_t>(j) * lda] : A[j + static_cast<std::size_t>(i) * lda]);
      T vb = b == T(0) ? T(0) : b * (nb ? B[i + static_cast<std::size_t>(j) * ldb] : B[j + static_cast<std::size_t>(i) * ldb]);
      out[i + static_cast<std::size_t>(j) * m] = va + vb;
    }
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < m; ++i)
      C[i + static_cast<std::size_t>(j) * ldc] = out[i + static_cast<std::size_t>(j) * m];
  wroteMatrix(C, m, n, ldc, what);
  return CUBLAS_STATUS_SUCCESS;
}

// Result of a reduction: host memory, or device memory in device pointer mode.
template <class R> cublasStatus_t result(cublasHandle_t h, R *out, R v, const char *what) {
  if (out == nullptr)
    return CUBLAS_STATUS_INVALID_VALUE;
  if (h->pointer_mode == CUBLAS_POINTER_MODE_DEVICE) {
    if (!warpsim::libs::checkDevice(out, sizeof(R), what, "result"))
      return CUBLAS_STATUS_EXECUTION_FAILED;
    *out = v;
    warpsim::libs::wrote(out, sizeof(R), what);
  } else {
    *out = v;
    warpsim::libs::hostWaitsForCall(); // the call blocks until the result is there
  }
  return CUBLAS_STATUS_SUCCESS;
}

#define WS_BEGIN(h, what)                                                                         \
  WARPSIM_LIBRARY_CALL(what, (h) != nullptr ? (h)->stream : nullptr);                             \
  if ((h) == nullptr)                                                                             \
    return CUBLAS_STATUS_NOT_INITIALIZED;                                                         \
  if (!warpsim::libs::usable())                                                                   \
    return CUBLAS_STATUS_EXECUTION_FAILED

} // namespace

extern "C" {

cublasStatus_t cublasCreate_v2(cublasHandle_t *handle) {
  if (handle == nullptr)
    return CUBLAS_STATUS_INVALID_VALUE;
  openblas_set_num_threads(1);
  *handle = new cublasContext;
  return CUBLAS_STATUS_SUCCESS;
}
cublasStatus_t cublasDestroy_v2(cublasHandle_t handle) {
  if (handle == nullptr)
    return CUBLAS_STATUS_NOT_INITIALIZED;
  delete handle;
  return CUBLAS_STATUS_SUCCESS;
}
cublasStatus_t cublasGetVersion_v2(cublasHandle_t, int *version) {
  if (version == nullptr)
    return CUBLAS_STATUS_INVALID_VALUE;
  *version = CUBLAS_VERSION;
  return CUBLAS_STATUS_SUCCESS;
}
cublasStatus_t cublasSetStream_v2(cublasHandle_t h, cudaStream_t s) {
  if (h == nullptr)
    return CUBLAS_STATUS_NOT_INITIALIZED;
  h->stream = s;
  return CUBLAS_STATUS_SUCCESS;
}
cublasStatus_t cublasGetStream_v2(cublasHandle_t h, cudaStream_t *s) {
  if (h == nullptr)
    return CUBLAS_STATUS_NOT_INITIALIZED;
  if (s == nullptr)
    return CUBLAS_STATUS_INVALID_VALUE;
  *s = h->stream;
  return CUBLAS_STATUS_SUCCESS;
}
cublasStatus_t cublasSetPointerMode_v2(cublasHandle_t h, cublasPointerMode_t mode) {
  if (h == nullptr)
    return CUBLAS_STATUS_NOT_INITIALIZED;
  if (mode != CUBLAS_POINTER_MODE_HOST && mode != CUBLAS_POINTER_MODE_DEVICE)
    return CUBLAS_STATUS_INVALID_VALUE;
  h->pointer_mode = mode;
  return CUBLAS_STATUS_SUCCESS;
}
cublasStatus_t cublasGetPointerMode_v2(cublasHandle_t h, cublasPointerMode_t *mode) {
  if (h == nullptr)
    return CUBLAS_STATUS_NOT_INITIALIZED;
  if (mode == nullptr)
    return CUBLAS_STATUS_INVALID_VALUE;
  *mode = h->pointer_mode;
  return CUBLAS_STATUS_SUCCESS;
}
cublasStatus_t cublasSetMathMode(cublasHandle_t h, cublasMath_t mode) {
  if (h == nullptr)
    return CUBLAS_STATUS_NOT_INITIALIZED;
  h->math = mode;
  return CUBLAS_STATUS_SUCCESS;
}
cublasStatus_t cublasGetMathMode(cublasHandle_t h, cublasMath_t *mode) {
  if (h == nullptr)
    return CUBLAS_STATUS_NOT_INITIALIZED;
  if (mode == nullptr)
    return CUBLAS_STATUS_INVALID_VALUE;
  *mode = h->math;
  return CUBLAS_STATUS_SUCCESS;
}
cublasStatus_t cublasSetWorkspace_v2(cublasHandle_t h, void *, size_t) {
  return h == nullptr ? CUBLAS_STATUS_NOT_INITIALIZED : CUBLAS_STATUS_SUCCESS;
}
const char *cublasGetStatusName(cublasStatus_t s) {
  switch (s) {
  case CUBLAS_STATUS_SUCCESS: return "CUBLAS_STATUS_SUCCESS";
  case CUBLAS_STATUS_NOT_INITIALIZED: return "CUBLAS_STATUS_NOT_INITIALIZED";
  case CUBLAS_STATUS_ALLOC_FAILED: return "CUBLAS_STATUS_ALLOC_FAILED";
  case CUBLAS_STATUS_INVALID_VALUE: return "CUBLAS_STATUS_INVALID_VALUE";
  case CUBLAS_STATUS_ARCH_MISMATCH: return "CUBLAS_STATUS_ARCH_MISMATCH";
  case CUBLAS_STATUS_MAPPING_ERROR: return "CUBLAS_STATUS_MAPPING_ERROR";
  case CUBLAS_STATUS_EXECUTION_FAILED: return "CUBLAS_STATUS_EXECUTION_FAILED";
  case CUBLAS_STATUS_INTERNAL_ERROR: return "CUBLAS_STATUS_INTERNAL_ERROR";
  case CUBLAS_STATUS_NOT_SUPPORTED: return "CUBLAS_STATUS_NOT_SUPPORTED";
  case CUBLAS_STATUS_LICENSE_ERROR: return "CUBLAS_STATUS_LICENSE_ERROR";
  }
  return "CUBLAS_STATUS_UNKNOWN";
}
const char *cublasGetStatusString(cublasStatus_t s) {
  switch (s) {
  case CUBLAS_STATUS_SUCCESS: return "success";
  case CUBLAS_STATUS_NOT_INITIALIZED: return "the library was not initialized";
  case CUBLAS_STATUS_INVALID_VALUE: return "an invalid numeric value was used as an argument";
  case CUBLAS_STATUS_EXECUTION_FAILED: return "the GPU program failed to execute";
  case CUBLAS_STATUS_NOT_SUPPORTED: return "the functionality requested is not supported";
  default: return cublasGetStatusName(s);
  }
}

cublasStatus_t cublasSgemm_v2(cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb, int m,
                              int n, int k, const float *alpha, const float *A, int lda,
                              const float *B, int ldb, const float *beta, float *C, int ldc) {
  WARPSIM_LIBRARY_CALL("cublasSgemm", h != nullptr ? h->stream : nullptr);
  return gemmChecked(h, "cublasSgemm", ta, tb, m, n, k, alpha, A, lda, 0, B, ldb, 0, beta, C, ldc,
                     0, 1);
}
cublasStatus_t cublasDgemm_v2(cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb, int m,
                              int n, int k, const double *alpha, const double *A, int lda,
                              const double *B, int ldb, const double *beta, double *C, int ldc) {
  WARPSIM_LIBRARY_CALL("cublasDgemm", h != nullptr ? h->stream : nullptr);
  return gemmChecked(h, "cublasDgemm", ta, tb, m, n, k, alpha, A, lda, 0, B, ldb, 0, beta, C, ldc,
                     0, 1);
}
cublasStatus_t cublasHgemm(cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb, int m,
                           int n, int k, const __half *alpha, const __half *A, int lda,
                           const __half *B, int ldb, const __half *beta, __half *C, int ldc) {
  WARPSIM_LIBRARY_CALL("cublasHgemm", h != nullptr ? h->stream : nullptr);
  return gemmEx(h, "cublasHgemm", ta, tb, m, n, k, alpha, A, CUDA_R_16F, lda, 0, B, CUDA_R_16F,
                ldb, 0, beta, C, CUDA_R_16F, ldc, 0, 1, CUBLAS_COMPUTE_16F);
}
cublasStatus_t cublasGemmEx(cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb, int m,
                            int n, int k, const void *alpha, const void *A, cudaDataType At,
                            int lda, const void *B, cudaDataType Bt, int ldb, const void *beta,
                            void *C, cudaDataType Ct, int ldc, cublasComputeType_t ct,
                            cublasGemmAlgo_t) {
  WARPSIM_LIBRARY_CALL("cublasGemmEx", h != nullptr ? h->stream : nullptr);
  return gemmEx(h, "cublasGemmEx", ta, tb, m, n, k, alpha, A, At, lda, 0, B, Bt, ldb, 0, beta, C,
                Ct, ldc, 0, 1, ct);
}
cublasStatus_t cublasSgemmStridedBatched(cublasHandle_t h, cublasOperation_t ta,
                                         cublasOperation_t tb, int m, int n, int k,
                                         const float *alpha, const float *A, int lda,
                                         long long sA, const float *B, int ldb, long long sB,
                                         const float *beta, float *C, int ldc, long long sC,
                                         int batch) {
  WARPSIM_LIBRARY_CALL("cublasSgemmStridedBatched", h != nullptr ? h->stream : nullptr);
  return gemmChecked(h, "cublasSgemmStridedBatched", ta, tb, m, n, k, alpha, A, lda, sA, B, ldb,
                     sB, beta, C, ldc, sC, batch);
}
cublasStatus_t cublasDgemmStridedBatched(cublasHandle_t h, cublasOperation_t ta,
                                         cublasOperation_t tb, int m, int n, int k,
                                         const double *alpha, const double *A, int lda,
                                         long long sA, const double *B, int ldb, long long sB,
                                         const double *beta, double *C, int ldc, long long sC,
                                         int batch) {
  WARPSIM_LIBRARY_CALL("cublasDgemmStridedBatched", h != nullptr ? h->stream : nullptr);
  return gemmChecked(h, "cublasDgemmStridedBatched", ta, tb, m, n, k, alpha, A, lda, sA, B, ldb,
                     sB, beta, C, ldc, sC, batch);
}
cublasStatus_t cublasGemmStridedBatchedEx(cublasHandle_t h, cublasOperation_t ta,
                                          cublasOperation_t tb, int m, int n, int k,
                                          const void *alpha, const void *A, cudaDataType At,
                                          int lda, long long sA, const void *B, cudaDataType Bt,
                                          int ldb, long long sB, const void *beta, void *C,
                                          cudaDataType Ct, int ldc, long long sC, int batch,
                                          cublasComputeType_t ct, cublasGemmAlgo_t) {
  WARPSIM_LIBRARY_CALL("cublasGemmStridedBatchedEx", h != nullptr ? h->stream : nullptr);
  return gemmEx(h, "cublasGemmStridedBatchedEx", ta, tb, m, n, k, alpha, A, At, lda, sA, B, Bt,
                ldb, sB, beta, C, Ct, ldc, sC, batch, ct);
}
cublasStatus_t cublasSgeam(cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb, int m,
                           int n, const float *alpha, const float *A, int lda, const float *beta,
                           const float *B, int ldb, float *C, int ldc) {
  WARPSIM_LIBRARY_CALL("cublasSgeam", h != nullptr ? h->stream : nullptr);
  return geam(h, "cublasSgeam", ta, tb, m, n, alpha, A, lda, beta, B, ldb, C, ldc);
}
cublasStatus_t cublasDgeam(cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb, int m,
                           int n, const double *alpha, const double *A, int lda,
                           const double *beta, const double *B, int ldb, double *C, int ldc) {
  WARPSIM_LIBRARY_CALL("cublasDgeam", h != nullptr ? h->stream : nullptr);
  return geam(h, "cublasDgeam", ta, tb, m, n, alpha, A, lda, beta, B, ldb, C, ldc);
}

#define WS_GEMV(NAME, T, CBLAS)                                                                   \
  cublasStatus_t NAME(cublasHandle_t h, cublasOperation_t t, int m, int n, const T *alpha,        \
                      const T *A, int lda, const T *x, int incx, const T *beta, T *y, int incy) { \
    WS_BEGIN(h, #NAME);                                                                           \
    if (!validOp(t) || m < 0 || n < 0 || lda < (m > 1 ? m : 1) || incx == 0 || incy == 0)         \
      return CUBLAS_STATUS_INVALID_VALUE;                                                         \
    T a, b;                                                                                       \
    if (!scalar(h, alpha, a, #NAME) || !scalar(h, beta, b, #NAME))                                \
      return CUBLAS_STATUS_INVALID_VALUE;                                                         \
    int xn = t == CUBLAS_OP_N ? n : m, yn = t == CUBLAS_OP_N ? m : n;                             \
    if (!matrix(A, m, n, lda, #NAME, "A") || !vec(x, xn, incx, #NAME, "x") ||                     \
        !vec(y, yn, incy, #NAME, "y"))                                                            \
      return CUBLAS_STATUS_EXECUTION_FAILED;                                                      \
    if (m > 0 && n > 0)                                                                           \
      CBLAS(CblasColMajor, op(t), m, n, a, A, lda, x, incx, b, y, incy);                          \
    wroteVec(y, yn, incy, #NAME);                                                                 \
    return CUBLAS_STATUS_SUCCESS;                                                                 \
  }
WS_GEMV(cublasSgemv_v2, float, cblas_sgemv)
WS_GEMV(cublasDgemv_v2, double, cblas_dgemv)

#define WS_AXPY(NAME, T, CBLAS)                                                                   \
  cublasStatus_t NAME(cublasHandle_t h, int n, const T *alpha, const T *x, int incx, T *y,        \
                      int incy) {                                                                 \
    WS_BEGIN(h, #NAME);                                                                           \
    T a;                                                                                          \
    if (!scalar(h, alpha, a, #NAME))                                                              \
      return CUBLAS_STATUS_INVALID_VALUE;                                                         \
    if (!vec(x, n, incx, #NAME, "x") || !vec(y, n, incy, #NAME, "y"))                             \
      return CUBLAS_STATUS_EXECUTION_FAILED;                                                      \
    if (n > 0)                                                                                    \
      CBLAS(n, a, x, incx, y, incy);                                                              \
    wroteVec(y, n, incy, #NAME);                                                                  \
    return CUBLAS_STATUS_SUCCESS;                                                                 \
  }
WS_AXPY(cublasSaxpy_v2, float, cblas_saxpy)
WS_AXPY(cublasDaxpy_v2, double, cblas_daxpy)

#define WS_DOT(NAME, T, CBLAS)                                                                    \
  cublasStatus_t NAME(cublasHandle_t h, int n, const T *x, int incx, const T *y, int incy,        \
                      T *out) {                                                                   \
    WS_BEGIN(h, #NAME);                                                                           \
    if (!vec(x, n, incx, #NAME, "x") || !vec(y, n, incy, #NAME, "y"))                             \
      return CUBLAS_STATUS_EXECUTION_FAILED;                                                      \
    return result(h, out, n > 0 ? CBLAS(n, x, incx, y, incy) : T(0), #NAME);                      \
  }
WS_DOT(cublasSdot_v2, float, cblas_sdot)
WS_DOT(cublasDdot_v2, double, cblas_ddot)

// nrm2 and asum: a non-positive increment gives 0, as in cuBLAS.
#define WS_NORM(NAME, T, CBLAS)                                                                   \
  cublasStatus_t NAME(cublasHandle_t h, int n, const T *x, int incx, T *out) {                    \
    WS_BEGIN(h, #NAME);                                                                           \
    if (n <= 0 || incx <= 0)                                                                      \
      return result(h, out, T(0), #NAME);                                                         \
    if (!vec(x, n, incx, #NAME, "x"))                                                             \
      return CUBLAS_STATUS_EXECUTION_FAILED;                                                      \
    return result(h, out, CBLAS(n, x, incx), #NAME);                                              \
  }
WS_NORM(cublasSnrm2_v2, float, cblas_snrm2)
WS_NORM(cublasDnrm2_v2, double, cblas_dnrm2)
WS_NORM(cublasSasum_v2, float, cblas_sasum)
WS_NORM(cublasDasum_v2, double, cblas_dasum)

#define WS_SCAL(NAME, T, CBLAS)                                                                   \
  cublasStatus_t NAME(cublasHandle_t h, int n, const T *alpha, T *x, int incx) {                  \
    WS_BEGIN(h, #NAME);                                                                           \
    T a;                                                                                          \
    if (!scalar(h, alpha, a, #NAME))                                                              \
      return CUBLAS_STATUS_INVALID_VALUE;                                                         \
    if (n <= 0 || incx <= 0)                                                                      \
      return CUBLAS_STATUS_SUCCESS;                                                               \
    if (!vec(x, n, incx, #NAME, "x"))                                                             \
      return CUBLAS_STATUS_EXECUTION_FAILED;                                                      \
    CBLAS(n, a, x, incx);                                                                         \
    wroteVec(x, n, incx, #NAME);                                                                  \
    return CUBLAS_STATUS_SUCCESS;                                                                 \
  }
WS_SCAL(cublasSscal_v2, float, cblas_sscal)
WS_SCAL(cublasDscal_v2, double, cblas_dscal)

// amax/amin: the 1-based index of the first element of largest (smallest)
// magnitude; 0 for n <= 0 or incx <= 0.
#define WS_IAMAX(NAME, T, BETTER)                                                                 \
  cublasStatus_t NAME(cublasHandle_t h, int n, const T *x, int incx, int *out) {                  \
    WS_BEGIN(h, #NAME);                                                                           \
    if (n <= 0 || incx <= 0)                                                                      \
      return result(h, out, 0, #NAME);                                                            \
    if (!vec(x, n, incx, #NAME, "x"))                                                             \
      return CUBLAS_STATUS_EXECUTION_FAILED;                                                      \
    int best = 0;                                                                                 \
    T bv = x[0] < 0 ? -x[0] : x[0];                                                               \
    for (int i = 1; i < n; ++i) {                                                                 \
      T v = x[static_cast<std::size_t>(i) * incx];                                                \
      v = v < 0 ? -v : v;                                                                         \
      if (v BETTER bv) {                                                                          \
        bv = v;                                                                                   \
        best = i;                                                                                 \
      }                                                                                           \
    }                                                                                             \
    return result(h, out, best + 1, #NAME);                                                       \
  }
WS_IAMAX(cublasIsamax_v2, float, >)
WS_IAMAX(cublasIdamax_v2, double, >)
WS_IAMAX(cublasIsamin_v2, float, <)
WS_IAMAX(cublasIdamin_v2, double, <)

#define WS_COPY(NAME, T)                                                                          \
  cublasStatus_t NAME(cublasHandle_t h, int n, const T *x, int incx, T *y, int incy) {            \
    WS_BEGIN(h, #NAME);                                                                           \
    if (!vec(x, n, incx, #NAME, "x") || !vec(y, n, incy, #NAME, "y"))                             \
      return CUBLAS_STATUS_EXECUTION_FAILED;                                                      \
    for (int i = 0; i < n; ++i)                                                                   \
      y[static_cast<std::ptrdiff_t>(incy < 0 ? n - 1 - i : i) * (incy < 0 ? -incy : incy)] =      \
          x[static_cast<std::ptrdiff_t>(incx < 0 ? n - 1 - i : i) * (incx < 0 ? -incx : incx)];   \
    wroteVec(y, n, incy, #NAME);                                                                  \
    return CUBLAS_STATUS_SUCCESS;                                                                 \
  }
WS_COPY(cublasScopy_v2, float)
WS_COPY(cublasDcopy_v2, double)

// Strided element copies between host and device memory.
static cublasStatus_t copyStrided(int n, int elem, const void *x, int incx, void *y, int incy,
                                  const char *what) {
  if (n < 0 || elem <= 0 || incx <= 0 || incy <= 0)
    return CUBLAS_STATUS_INVALID_VALUE;
  if (!warpsim::libs::usable())
    return CUBLAS_STATUS_MAPPING_ERROR;
  for (int i = 0; i < n; ++i) {
    void *d = static_cast<char *>(y) + static_cast<std::size_t>(i) * incy * elem;
    const void *s = static_cast<const char *>(x) + static_cast<std::size_t>(i) * incx * elem;
    if (!warpsim::libs::copy(d, s, static_cast<std::size_t>(elem), what))
      return CUBLAS_STATUS_MAPPING_ERROR;
  }
  return CUBLAS_STATUS_SUCCESS;
}
cublasStatus_t cublasSetVector(int n, int e, const void *x, int incx, void *y, int incy) {
  return copyStrided(n, e, x, incx, y, incy, "cublasSetVector");
}
cublasStatus_t cublasGetVector(int n, int e, const void *x, int incx, void *y, int incy) {
  return copyStrided(n, e, x, incx, y, incy, "cublasGetVector");
}
static cublasStatus_t copyMatrix(int rows, int cols, int e, const void *A, int lda, void *B,
                                 int ldb, const char *what) {
  if (rows < 0 || cols < 0 || e <= 0 || lda < (rows > 1 ? rows : 1) || ldb < (rows > 1 ? rows : 1))
    return CUBLAS_STATUS_INVALID_VALUE;
  if (!warpsim::libs::usable())
    return CUBLAS_STATUS_MAPPING_ERROR;
  for (int j = 0; j < cols && rows > 0; ++j)
    if (!warpsim::libs::copy(static_cast<char *>(B) + static_cast<std::size_t>(j) * ldb * e,
                             static_cast<const char *>(A) + static_cast<std::size_t>(j) * lda * e,
                             static_cast<std::size_t>(rows) * e, what))
      return CUBLAS_STATUS_MAPPING_ERROR;
  return CUBLAS_STATUS_SUCCESS;
}
cublasStatus_t cublasSetMatrix(int r, int c, int e, const void *A, int lda, void *B, int ldb) {
  return copyMatrix(r, c, e, A, lda, B, ldb, "cublasSetMatrix");
}
cublasStatus_t cublasGetMatrix(int r, int c, int e, const void *A, int lda, void *B, int ldb) {
  return copyMatrix(r, c, e, A, lda, B, ldb, "cublasGetMatrix");
}

} // extern "C"
