// warpsim's cuSPARSE: the handle, the matrix descriptor, the generic API's
// CSR/CSC/COO sparse matrices with dense vectors and matrices (SpMV, SpMM,
// gather/scatter) and the index helpers real programs call, computed on
// the host on simulated device memory (sim/libs/Cusparse.cpp,
// docs/device-api.md#libraries-cub-thrust-cublas-curand). Declarations follow CUDA 12's cusparse.h.
// Routines warpsim does not provide are declared unavailable, so a call
// to one fails to compile with a message naming it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cuda_fp16.h>
#include <cuda_runtime.h>
#include <library_types.h>

#define CUSPARSE_VER_MAJOR 12
#define CUSPARSE_VER_MINOR 3
#define CUSPARSE_VER_PATCH 1
#define CUSPARSE_VER_BUILD 170
#define CUSPARSE_VERSION (CUSPARSE_VER_MAJOR * 1000 + CUSPARSE_VER_MINOR * 100 + CUSPARSE_VER_PATCH)

typedef enum {
  CUSPARSE_STATUS_SUCCESS = 0,
  CUSPARSE_STATUS_NOT_INITIALIZED = 1,
  CUSPARSE_STATUS_ALLOC_FAILED = 2,
  CUSPARSE_STATUS_INVALID_VALUE = 3,
  CUSPARSE_STATUS_ARCH_MISMATCH = 4,
  CUSPARSE_STATUS_MAPPING_ERROR = 5,
  CUSPARSE_STATUS_EXECUTION_FAILED = 6,
  CUSPARSE_STATUS_INTERNAL_ERROR = 7,
  CUSPARSE_STATUS_MATRIX_TYPE_NOT_SUPPORTED = 8,
  CUSPARSE_STATUS_ZERO_PIVOT = 9,
  CUSPARSE_STATUS_NOT_SUPPORTED = 10,
  CUSPARSE_STATUS_INSUFFICIENT_RESOURCES = 11
} cusparseStatus_t;

struct cusparseContext;
typedef struct cusparseContext *cusparseHandle_t;
struct cusparseMatDescr;
typedef struct cusparseMatDescr *cusparseMatDescr_t;

typedef enum {
  CUSPARSE_POINTER_MODE_HOST = 0,
  CUSPARSE_POINTER_MODE_DEVICE = 1
} cusparsePointerMode_t;
typedef enum { CUSPARSE_ACTION_SYMBOLIC = 0, CUSPARSE_ACTION_NUMERIC = 1 } cusparseAction_t;
typedef enum {
  CUSPARSE_MATRIX_TYPE_GENERAL = 0,
  CUSPARSE_MATRIX_TYPE_SYMMETRIC = 1,
  CUSPARSE_MATRIX_TYPE_HERMITIAN = 2,
  CUSPARSE_MATRIX_TYPE_TRIANGULAR = 3
} cusparseMatrixType_t;
typedef enum { CUSPARSE_FILL_MODE_LOWER = 0, CUSPARSE_FILL_MODE_UPPER = 1 } cusparseFillMode_t;
typedef enum { CUSPARSE_DIAG_TYPE_NON_UNIT = 0, CUSPARSE_DIAG_TYPE_UNIT = 1 } cusparseDiagType_t;
typedef enum { CUSPARSE_INDEX_BASE_ZERO = 0, CUSPARSE_INDEX_BASE_ONE = 1 } cusparseIndexBase_t;
typedef enum {
  CUSPARSE_OPERATION_NON_TRANSPOSE = 0,
  CUSPARSE_OPERATION_TRANSPOSE = 1,
  CUSPARSE_OPERATION_CONJUGATE_TRANSPOSE = 2
} cusparseOperation_t;
typedef enum { CUSPARSE_DIRECTION_ROW = 0, CUSPARSE_DIRECTION_COLUMN = 1 } cusparseDirection_t;
typedef enum {
  CUSPARSE_SOLVE_POLICY_NO_LEVEL = 0,
  CUSPARSE_SOLVE_POLICY_USE_LEVEL = 1
} cusparseSolvePolicy_t;

// The generic API.
typedef enum {
  CUSPARSE_FORMAT_CSR = 1,
  CUSPARSE_FORMAT_CSC = 2,
  CUSPARSE_FORMAT_COO = 3,
  CUSPARSE_FORMAT_BLOCKED_ELL = 5,
  CUSPARSE_FORMAT_BSR = 6,
  CUSPARSE_FORMAT_SLICED_ELLPACK = 7
} cusparseFormat_t;
typedef enum { CUSPARSE_ORDER_COL = 1, CUSPARSE_ORDER_ROW = 2 } cusparseOrder_t;
typedef enum {
  CUSPARSE_INDEX_16U = 1,
  CUSPARSE_INDEX_32I = 2,
  CUSPARSE_INDEX_64I = 3
} cusparseIndexType_t;
typedef enum {
  CUSPARSE_SPMV_ALG_DEFAULT = 0,
  CUSPARSE_SPMV_CSR_ALG1 = 2,
  CUSPARSE_SPMV_CSR_ALG2 = 3,
  CUSPARSE_SPMV_COO_ALG1 = 1,
  CUSPARSE_SPMV_COO_ALG2 = 4,
  CUSPARSE_SPMV_SELL_ALG1 = 5
} cusparseSpMVAlg_t;
typedef enum {
  CUSPARSE_SPMM_ALG_DEFAULT = 0,
  CUSPARSE_SPMM_COO_ALG1 = 1,
  CUSPARSE_SPMM_COO_ALG2 = 2,
  CUSPARSE_SPMM_COO_ALG3 = 3,
  CUSPARSE_SPMM_COO_ALG4 = 5,
  CUSPARSE_SPMM_CSR_ALG1 = 4,
  CUSPARSE_SPMM_CSR_ALG2 = 6,
  CUSPARSE_SPMM_CSR_ALG3 = 12,
  CUSPARSE_SPMM_BLOCKED_ELL_ALG1 = 13,
  CUSPARSE_SPMM_BSR_ALG1 = 14
} cusparseSpMMAlg_t;
typedef enum { CUSPARSE_CSR2CSC_ALG_DEFAULT = 1, CUSPARSE_CSR2CSC_ALG1 = 1 } cusparseCsr2CscAlg_t;

struct cusparseSpVecDescr;
struct cusparseDnVecDescr;
struct cusparseSpMatDescr;
struct cusparseDnMatDescr;
typedef struct cusparseSpVecDescr *cusparseSpVecDescr_t;
typedef struct cusparseDnVecDescr *cusparseDnVecDescr_t;
typedef struct cusparseSpMatDescr *cusparseSpMatDescr_t;
typedef struct cusparseDnMatDescr *cusparseDnMatDescr_t;
typedef struct cusparseSpVecDescr const *cusparseConstSpVecDescr_t;
typedef struct cusparseDnVecDescr const *cusparseConstDnVecDescr_t;
typedef struct cusparseSpMatDescr const *cusparseConstSpMatDescr_t;
typedef struct cusparseDnMatDescr const *cusparseConstDnMatDescr_t;

extern "C" {
cusparseStatus_t cusparseCreate(cusparseHandle_t *handle);
cusparseStatus_t cusparseDestroy(cusparseHandle_t handle);
cusparseStatus_t cusparseGetVersion(cusparseHandle_t handle, int *version);
cusparseStatus_t cusparseGetProperty(libraryPropertyType type, int *value);
const char *cusparseGetErrorName(cusparseStatus_t status);
const char *cusparseGetErrorString(cusparseStatus_t status);
cusparseStatus_t cusparseSetStream(cusparseHandle_t handle, cudaStream_t streamId);
cusparseStatus_t cusparseGetStream(cusparseHandle_t handle, cudaStream_t *streamId);
cusparseStatus_t cusparseGetPointerMode(cusparseHandle_t handle, cusparsePointerMode_t *mode);
cusparseStatus_t cusparseSetPointerMode(cusparseHandle_t handle, cusparsePointerMode_t mode);

cusparseStatus_t cusparseCreateMatDescr(cusparseMatDescr_t *descrA);
cusparseStatus_t cusparseDestroyMatDescr(cusparseMatDescr_t descrA);
cusparseStatus_t cusparseSetMatType(cusparseMatDescr_t descrA, cusparseMatrixType_t type);
cusparseMatrixType_t cusparseGetMatType(const cusparseMatDescr_t descrA);
cusparseStatus_t cusparseSetMatFillMode(cusparseMatDescr_t descrA, cusparseFillMode_t fillMode);
cusparseFillMode_t cusparseGetMatFillMode(const cusparseMatDescr_t descrA);
cusparseStatus_t cusparseSetMatDiagType(cusparseMatDescr_t descrA, cusparseDiagType_t diagType);
cusparseDiagType_t cusparseGetMatDiagType(const cusparseMatDescr_t descrA);
cusparseStatus_t cusparseSetMatIndexBase(cusparseMatDescr_t descrA, cusparseIndexBase_t base);
cusparseIndexBase_t cusparseGetMatIndexBase(const cusparseMatDescr_t descrA);

// Format conversion and sorting helpers.
cusparseStatus_t cusparseXcoo2csr(cusparseHandle_t handle, const int *cooRowInd, int nnz, int m,
                                  int *csrSortedRowPtr, cusparseIndexBase_t idxBase);
cusparseStatus_t cusparseXcsr2coo(cusparseHandle_t handle, const int *csrSortedRowPtr, int nnz,
                                  int m, int *cooRowInd, cusparseIndexBase_t idxBase);
cusparseStatus_t cusparseCreateIdentityPermutation(cusparseHandle_t handle, int n, int *p);
cusparseStatus_t cusparseXcoosort_bufferSizeExt(cusparseHandle_t handle, int m, int n, int nnz,
                                                const int *cooRowsA, const int *cooColsA,
                                                size_t *pBufferSizeInBytes);
cusparseStatus_t cusparseXcoosortByRow(cusparseHandle_t handle, int m, int n, int nnz,
                                       int *cooRowsA, int *cooColsA, int *P, void *pBuffer);
cusparseStatus_t cusparseXcoosortByColumn(cusparseHandle_t handle, int m, int n, int nnz,
                                          int *cooRowsA, int *cooColsA, int *P, void *pBuffer);
cusparseStatus_t cusparseXcsrsort_bufferSizeExt(cusparseHandle_t handle, int m, int n, int nnz,
                                                const int *csrRowPtrA, const int *csrColIndA,
                                                size_t *pBufferSizeInBytes);
cusparseStatus_t cusparseXcsrsort(cusparseHandle_t handle, int m, int n, int nnz,
                                  const cusparseMatDescr_t descrA, const int *csrRowPtrA,
                                  int *csrColIndA, int *P, void *pBuffer);
cusparseStatus_t cusparseCsr2cscEx2_bufferSize(cusparseHandle_t handle, int m, int n, int nnz,
                                               const void *csrVal, const int *csrRowPtr,
                                               const int *csrColInd, void *cscVal, int *cscColPtr,
                                               int *cscRowInd, cudaDataType valType,
                                               cusparseAction_t copyValues,
                                               cusparseIndexBase_t idxBase,
                                               cusparseCsr2CscAlg_t alg, size_t *bufferSize);
cusparseStatus_t cusparseCsr2cscEx2(cusparseHandle_t handle, int m, int n, int nnz,
                                    const void *csrVal, const int *csrRowPtr, const int *csrColInd,
                                    void *cscVal, int *cscColPtr, int *cscRowInd,
                                    cudaDataType valType, cusparseAction_t copyValues,
                                    cusparseIndexBase_t idxBase, cusparseCsr2CscAlg_t alg,
                                    void *buffer);

// Generic API: descriptors.
cusparseStatus_t cusparseCreateSpVec(cusparseSpVecDescr_t *spVecDescr, int64_t size, int64_t nnz,
                                     void *indices, void *values, cusparseIndexType_t idxType,
                                     cusparseIndexBase_t idxBase, cudaDataType valueType);
cusparseStatus_t cusparseCreateConstSpVec(cusparseConstSpVecDescr_t *spVecDescr, int64_t size,
                                          int64_t nnz, const void *indices, const void *values,
                                          cusparseIndexType_t idxType, cusparseIndexBase_t idxBase,
                                          cudaDataType valueType);
cusparseStatus_t cusparseDestroySpVec(cusparseConstSpVecDescr_t spVecDescr);
cusparseStatus_t cusparseSpVecGet(cusparseSpVecDescr_t spVecDescr, int64_t *size, int64_t *nnz,
                                  void **indices, void **values, cusparseIndexType_t *idxType,
                                  cusparseIndexBase_t *idxBase, cudaDataType *valueType);
cusparseStatus_t cusparseCreateDnVec(cusparseDnVecDescr_t *dnVecDescr, int64_t size, void *values,
                                     cudaDataType valueType);
cusparseStatus_t cusparseCreateConstDnVec(cusparseConstDnVecDescr_t *dnVecDescr, int64_t size,
                                          const void *values, cudaDataType valueType);
cusparseStatus_t cusparseDestroyDnVec(cusparseConstDnVecDescr_t dnVecDescr);
cusparseStatus_t cusparseDnVecGet(cusparseDnVecDescr_t dnVecDescr, int64_t *size, void **values,
                                  cudaDataType *valueType);
cusparseStatus_t cusparseDnVecGetValues(cusparseDnVecDescr_t dnVecDescr, void **values);
cusparseStatus_t cusparseDnVecSetValues(cusparseDnVecDescr_t dnVecDescr, void *values);
cusparseStatus_t cusparseCreateCsr(cusparseSpMatDescr_t *spMatDescr, int64_t rows, int64_t cols,
                                   int64_t nnz, void *csrRowOffsets, void *csrColInd,
                                   void *csrValues, cusparseIndexType_t csrRowOffsetsType,
                                   cusparseIndexType_t csrColIndType, cusparseIndexBase_t idxBase,
                                   cudaDataType valueType);
cusparseStatus_t cusparseCreateConstCsr(cusparseConstSpMatDescr_t *spMatDescr, int64_t rows,
                                        int64_t cols, int64_t nnz, const void *csrRowOffsets,
                                        const void *csrColInd, const void *csrValues,
                                        cusparseIndexType_t csrRowOffsetsType,
                                        cusparseIndexType_t csrColIndType,
                                        cusparseIndexBase_t idxBase, cudaDataType valueType);
cusparseStatus_t cusparseCreateCsc(cusparseSpMatDescr_t *spMatDescr, int64_t rows, int64_t cols,
                                   int64_t nnz, void *cscColOffsets, void *cscRowInd,
                                   void *cscValues, cusparseIndexType_t cscColOffsetsType,
                                   cusparseIndexType_t cscRowIndType, cusparseIndexBase_t idxBase,
                                   cudaDataType valueType);
cusparseStatus_t cusparseCreateCoo(cusparseSpMatDescr_t *spMatDescr, int64_t rows, int64_t cols,
                                   int64_t nnz, void *cooRowInd, void *cooColInd, void *cooValues,
                                   cusparseIndexType_t cooIdxType, cusparseIndexBase_t idxBase,
                                   cudaDataType valueType);
cusparseStatus_t cusparseCreateConstCoo(cusparseConstSpMatDescr_t *spMatDescr, int64_t rows,
                                        int64_t cols, int64_t nnz, const void *cooRowInd,
                                        const void *cooColInd, const void *cooValues,
                                        cusparseIndexType_t cooIdxType, cusparseIndexBase_t idxBase,
                                        cudaDataType valueType);
cusparseStatus_t cusparseDestroySpMat(cusparseConstSpMatDescr_t spMatDescr);
cusparseStatus_t cusparseSpMatGetSize(cusparseConstSpMatDescr_t spMatDescr, int64_t *rows,
                                      int64_t *cols, int64_t *nnz);
cusparseStatus_t cusparseSpMatGetFormat(cusparseConstSpMatDescr_t spMatDescr,
                                        cusparseFormat_t *format);
cusparseStatus_t cusparseSpMatGetIndexBase(cusparseConstSpMatDescr_t spMatDescr,
                                           cusparseIndexBase_t *idxBase);
cusparseStatus_t cusparseSpMatGetValues(cusparseSpMatDescr_t spMatDescr, void **values);
cusparseStatus_t cusparseSpMatSetValues(cusparseSpMatDescr_t spMatDescr, void *values);
cusparseStatus_t cusparseCsrGet(cusparseSpMatDescr_t spMatDescr, int64_t *rows, int64_t *cols,
                                int64_t *nnz, void **csrRowOffsets, void **csrColInd,
                                void **csrValues, cusparseIndexType_t *csrRowOffsetsType,
                                cusparseIndexType_t *csrColIndType, cusparseIndexBase_t *idxBase,
                                cudaDataType *valueType);
cusparseStatus_t cusparseCsrSetPointers(cusparseSpMatDescr_t spMatDescr, void *csrRowOffsets,
                                        void *csrColInd, void *csrValues);
cusparseStatus_t cusparseCscSetPointers(cusparseSpMatDescr_t spMatDescr, void *cscColOffsets,
                                        void *cscRowInd, void *cscValues);
cusparseStatus_t cusparseCooGet(cusparseSpMatDescr_t spMatDescr, int64_t *rows, int64_t *cols,
                                int64_t *nnz, void **cooRowInd, void **cooColInd, void **cooValues,
                                cusparseIndexType_t *idxType, cusparseIndexBase_t *idxBase,
                                cudaDataType *valueType);
cusparseStatus_t cusparseCooSetPointers(cusparseSpMatDescr_t spMatDescr, void *cooRows,
                                        void *cooColumns, void *cooValues);
cusparseStatus_t cusparseCreateDnMat(cusparseDnMatDescr_t *dnMatDescr, int64_t rows, int64_t cols,
                                     int64_t ld, void *values, cudaDataType valueType,
                                     cusparseOrder_t order);
cusparseStatus_t cusparseCreateConstDnMat(cusparseConstDnMatDescr_t *dnMatDescr, int64_t rows,
                                          int64_t cols, int64_t ld, const void *values,
                                          cudaDataType valueType, cusparseOrder_t order);
cusparseStatus_t cusparseDestroyDnMat(cusparseConstDnMatDescr_t dnMatDescr);
cusparseStatus_t cusparseDnMatGet(cusparseDnMatDescr_t dnMatDescr, int64_t *rows, int64_t *cols,
                                  int64_t *ld, void **values, cudaDataType *type,
                                  cusparseOrder_t *order);
cusparseStatus_t cusparseDnMatGetValues(cusparseDnMatDescr_t dnMatDescr, void **values);
cusparseStatus_t cusparseDnMatSetValues(cusparseDnMatDescr_t dnMatDescr, void *values);

// Generic API: computations.
cusparseStatus_t cusparseGather(cusparseHandle_t handle, cusparseConstDnVecDescr_t vecY,
                                cusparseSpVecDescr_t vecX);
cusparseStatus_t cusparseScatter(cusparseHandle_t handle, cusparseConstSpVecDescr_t vecX,
                                 cusparseDnVecDescr_t vecY);
cusparseStatus_t cusparseSpMV_bufferSize(cusparseHandle_t handle, cusparseOperation_t opA,
                                         const void *alpha, cusparseConstSpMatDescr_t matA,
                                         cusparseConstDnVecDescr_t vecX, const void *beta,
                                         cusparseDnVecDescr_t vecY, cudaDataType computeType,
                                         cusparseSpMVAlg_t alg, size_t *bufferSize);
cusparseStatus_t cusparseSpMV(cusparseHandle_t handle, cusparseOperation_t opA, const void *alpha,
                              cusparseConstSpMatDescr_t matA, cusparseConstDnVecDescr_t vecX,
                              const void *beta, cusparseDnVecDescr_t vecY, cudaDataType computeType,
                              cusparseSpMVAlg_t alg, void *externalBuffer);
cusparseStatus_t cusparseSpMM_bufferSize(cusparseHandle_t handle, cusparseOperation_t opA,
                                         cusparseOperation_t opB, const void *alpha,
                                         cusparseConstSpMatDescr_t matA,
                                         cusparseConstDnMatDescr_t matB, const void *beta,
                                         cusparseDnMatDescr_t matC, cudaDataType computeType,
                                         cusparseSpMMAlg_t alg, size_t *bufferSize);
cusparseStatus_t cusparseSpMM_preprocess(cusparseHandle_t handle, cusparseOperation_t opA,
                                         cusparseOperation_t opB, const void *alpha,
                                         cusparseConstSpMatDescr_t matA,
                                         cusparseConstDnMatDescr_t matB, const void *beta,
                                         cusparseDnMatDescr_t matC, cudaDataType computeType,
                                         cusparseSpMMAlg_t alg, void *externalBuffer);
cusparseStatus_t cusparseSpMM(cusparseHandle_t handle, cusparseOperation_t opA,
                              cusparseOperation_t opB, const void *alpha,
                              cusparseConstSpMatDescr_t matA, cusparseConstDnMatDescr_t matB,
                              const void *beta, cusparseDnMatDescr_t matC, cudaDataType computeType,
                              cusparseSpMMAlg_t alg, void *externalBuffer);
} // extern "C"

// What warpsim's cuSPARSE does not provide: a call fails to compile naming it.
#define WARPSIM_CUSPARSE_UNAVAILABLE(name)                                                         \
  extern "C" cusparseStatus_t name(...) __attribute__((                                            \
      unavailable("warpsim: " #name " is not provided by warpsim's cuSPARSE "                      \
                                    "(docs/device-api.md#libraries-cub-thrust-cublas-curand)")));
WARPSIM_CUSPARSE_UNAVAILABLE(cusparseSpGEMM_createDescr)
WARPSIM_CUSPARSE_UNAVAILABLE(cusparseSpGEMM_destroyDescr)
WARPSIM_CUSPARSE_UNAVAILABLE(cusparseSpGEMM_workEstimation)
WARPSIM_CUSPARSE_UNAVAILABLE(cusparseSpGEMM_compute)
WARPSIM_CUSPARSE_UNAVAILABLE(cusparseSpGEMM_copy)
WARPSIM_CUSPARSE_UNAVAILABLE(cusparseSpGEMMreuse_workEstimation)
WARPSIM_CUSPARSE_UNAVAILABLE(cusparseSpSV_createDescr)
WARPSIM_CUSPARSE_UNAVAILABLE(cusparseSpSV_destroyDescr)
WARPSIM_CUSPARSE_UNAVAILABLE(cusparseSpSV_bufferSize)
WARPSIM_CUSPARSE_UNAVAILABLE(cusparseSpSV_analysis)
WARPSIM_CUSPARSE_UNAVAILABLE(cusparseSpSV_solve)
WARPSIM_CUSPARSE_UNAVAILABLE(cusparseSpSM_createDescr)
WARPSIM_CUSPARSE_UNAVAILABLE(cusparseSpSM_bufferSize)
WARPSIM_CUSPARSE_UNAVAILABLE(cusparseSpSM_analysis)
WARPSIM_CUSPARSE_UNAVAILABLE(cusparseSpSM_solve)
WARPSIM_CUSPARSE_UNAVAILABLE(cusparseSDDMM_bufferSize)
WARPSIM_CUSPARSE_UNAVAILABLE(cusparseSDDMM)
WARPSIM_CUSPARSE_UNAVAILABLE(cusparseSpVV_bufferSize)
WARPSIM_CUSPARSE_UNAVAILABLE(cusparseSpVV)
WARPSIM_CUSPARSE_UNAVAILABLE(cusparseAxpby)
WARPSIM_CUSPARSE_UNAVAILABLE(cusparseRot)
WARPSIM_CUSPARSE_UNAVAILABLE(cusparseSparseToDense_bufferSize)
WARPSIM_CUSPARSE_UNAVAILABLE(cusparseSparseToDense)
WARPSIM_CUSPARSE_UNAVAILABLE(cusparseDenseToSparse_bufferSize)
WARPSIM_CUSPARSE_UNAVAILABLE(cusparseDenseToSparse_analysis)
WARPSIM_CUSPARSE_UNAVAILABLE(cusparseDenseToSparse_convert)
WARPSIM_CUSPARSE_UNAVAILABLE(cusparseCreateBlockedEll)
WARPSIM_CUSPARSE_UNAVAILABLE(cusparseCreateBsr)
WARPSIM_CUSPARSE_UNAVAILABLE(cusparseCreateSlicedEll)
WARPSIM_CUSPARSE_UNAVAILABLE(cusparseXcsrgeam2Nnz)
WARPSIM_CUSPARSE_UNAVAILABLE(cusparseScsrgeam2)
WARPSIM_CUSPARSE_UNAVAILABLE(cusparseDcsrgeam2)
WARPSIM_CUSPARSE_UNAVAILABLE(cusparseScsrilu02)
WARPSIM_CUSPARSE_UNAVAILABLE(cusparseDcsrilu02)
WARPSIM_CUSPARSE_UNAVAILABLE(cusparseScsric02)
WARPSIM_CUSPARSE_UNAVAILABLE(cusparseDcsric02)
WARPSIM_CUSPARSE_UNAVAILABLE(cusparseScsrsv2_solve)
WARPSIM_CUSPARSE_UNAVAILABLE(cusparseDcsrsv2_solve)
WARPSIM_CUSPARSE_UNAVAILABLE(cusparseSgtsv2)
WARPSIM_CUSPARSE_UNAVAILABLE(cusparseDgtsv2)
WARPSIM_CUSPARSE_UNAVAILABLE(cusparseSnnz)
WARPSIM_CUSPARSE_UNAVAILABLE(cusparseDnnz)
WARPSIM_CUSPARSE_UNAVAILABLE(cusparseXcsr2bsrNnz)
WARPSIM_CUSPARSE_UNAVAILABLE(cusparseSgthr)
WARPSIM_CUSPARSE_UNAVAILABLE(cusparseDgthr)
// Removed from CUDA 12's cuSPARSE; still in older programs.
WARPSIM_CUSPARSE_UNAVAILABLE(cusparseScsrmv)
WARPSIM_CUSPARSE_UNAVAILABLE(cusparseDcsrmv)
WARPSIM_CUSPARSE_UNAVAILABLE(cusparseScsrmm)
WARPSIM_CUSPARSE_UNAVAILABLE(cusparseDcsrmm)
WARPSIM_CUSPARSE_UNAVAILABLE(cusparseScsr2csc)
WARPSIM_CUSPARSE_UNAVAILABLE(cusparseDcsr2csc)
WARPSIM_CUSPARSE_UNAVAILABLE(cusparseScsr2dense)
WARPSIM_CUSPARSE_UNAVAILABLE(cusparseDcsr2dense)
WARPSIM_CUSPARSE_UNAVAILABLE(cusparseSdense2csr)
WARPSIM_CUSPARSE_UNAVAILABLE(cusparseDdense2csr)
#undef WARPSIM_CUSPARSE_UNAVAILABLE
