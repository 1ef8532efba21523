// A CSR matrix whose column index lies outside the matrix: on a GPU the
// SpMV reads out of bounds; warpsim's cuSPARSE names the nonzero and the
// call fails with CUSPARSE_STATUS_EXECUTION_FAILED.
#include <cstdio>

#include <cuda_runtime.h>
#include <cusparse.h>

int main() {
  const int n = 4, nnz = 4;
  const int hRowPtr[n + 1] = {0, 1, 2, 3, 4};
  const int hCols[nnz] = {0, 7, 2, 3}; // 7: outside the 4 columns
  const float hVals[nnz] = {1, 1, 1, 1};
  int *rowPtr, *cols;
  float *vals, *x, *y;
  cudaMalloc(&rowPtr, sizeof hRowPtr);
  cudaMalloc(&cols, sizeof hCols);
  cudaMalloc(&vals, sizeof hVals);
  cudaMalloc(&x, n * sizeof(float));
  cudaMalloc(&y, n * sizeof(float));
  cudaMemcpy(rowPtr, hRowPtr, sizeof hRowPtr, cudaMemcpyHostToDevice);
  cudaMemcpy(cols, hCols, sizeof hCols, cudaMemcpyHostToDevice);
  cudaMemcpy(vals, hVals, sizeof hVals, cudaMemcpyHostToDevice);
  cudaMemset(x, 0, n * sizeof(float));
  cusparseHandle_t h;
  cusparseCreate(&h);
  cusparseSpMatDescr_t A;
  cusparseDnVecDescr_t vx, vy;
  cusparseCreateCsr(&A, n, n, nnz, rowPtr, cols, vals, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I,
                    CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F);
  cusparseCreateDnVec(&vx, n, x, CUDA_R_32F);
  cusparseCreateDnVec(&vy, n, y, CUDA_R_32F);
  const float alpha = 1.0f, beta = 0.0f;
  cusparseStatus_t s = cusparseSpMV(h, CUSPARSE_OPERATION_NON_TRANSPOSE, &alpha, A, vx, &beta, vy,
                                    CUDA_R_32F, CUSPARSE_SPMV_ALG_DEFAULT, nullptr);
  std::printf("cusparseSpMV: %s\n", cusparseGetErrorName(s));
  cusparseDestroy(h);
  return 0;
}
