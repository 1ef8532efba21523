// cusparseSpMV on stream `b` writes y; a kernel on stream `a` (both
// cudaStreamNonBlocking) then reads y with nothing ordering the two: on a
// GPU the kernel may read y before the library has written it. warpsim
// check reports a race naming both (tests/libs/CMakeLists.txt asserts kind,
// space and file:line); the twin cusparse_stream_ordered.cu waits for an
// event first and stays silent. Builds unmodified with nvcc -arch=sm_90
// -lcusparse.
#include <cstdio>

#include <cuda_runtime.h>
#include <cusparse.h>

__global__ void twice(const float *y, float *z, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    z[i] = 2.0f * y[i]; // the kernel's read of y
}

int main() {
  // A 4 x 4 tridiagonal matrix in CSR: 2 on the diagonal, -1 beside it.
  const int n = 4, nnz = 10;
  const int hRowPtr[n + 1] = {0, 2, 5, 8, 10};
  const int hCols[nnz] = {0, 1, 0, 1, 2, 1, 2, 3, 2, 3};
  const float hVals[nnz] = {2, -1, -1, 2, -1, -1, 2, -1, -1, 2};
  const float hx[n] = {1, 2, 3, 4};
  int *rowPtr, *cols;
  float *vals, *x, *y, *z;
  cudaMalloc(&rowPtr, sizeof hRowPtr);
  cudaMalloc(&cols, sizeof hCols);
  cudaMalloc(&vals, sizeof hVals);
  cudaMalloc(&x, sizeof hx);
  cudaMalloc(&y, sizeof hx);
  cudaMalloc(&z, sizeof hx);
  cudaMemcpy(rowPtr, hRowPtr, sizeof hRowPtr, cudaMemcpyHostToDevice);
  cudaMemcpy(cols, hCols, sizeof hCols, cudaMemcpyHostToDevice);
  cudaMemcpy(vals, hVals, sizeof hVals, cudaMemcpyHostToDevice);
  cudaMemcpy(x, hx, sizeof hx, cudaMemcpyHostToDevice);
  cudaStream_t a, b;
  cudaStreamCreateWithFlags(&a, cudaStreamNonBlocking);
  cudaStreamCreateWithFlags(&b, cudaStreamNonBlocking);
  cusparseHandle_t h;
  cusparseCreate(&h);
  cusparseSetStream(h, b);
  cusparseSpMatDescr_t A;
  cusparseDnVecDescr_t vx, vy;
  cusparseCreateCsr(&A, n, n, nnz, rowPtr, cols, vals, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I,
                    CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F);
  cusparseCreateDnVec(&vx, n, x, CUDA_R_32F);
  cusparseCreateDnVec(&vy, n, y, CUDA_R_32F);
  const float alpha = 1.0f, beta = 0.0f;
  size_t bytes = 0;
  cusparseSpMV_bufferSize(h, CUSPARSE_OPERATION_NON_TRANSPOSE, &alpha, A, vx, &beta, vy, CUDA_R_32F,
                          CUSPARSE_SPMV_ALG_DEFAULT, &bytes);
  void *buffer;
  cudaMalloc(&buffer, bytes > 0 ? bytes : 1);
  cusparseSpMV(h, CUSPARSE_OPERATION_NON_TRANSPOSE, &alpha, A, vx, &beta, vy, CUDA_R_32F,
               CUSPARSE_SPMV_ALG_DEFAULT, buffer); // writes y on stream b
  twice<<<1, 32, 0, a>>>(y, z, n);                 // reads y on stream a: a race
  cudaDeviceSynchronize();
  float hz[n];
  cudaMemcpy(hz, z, sizeof hz, cudaMemcpyDeviceToHost);
  std::printf("z = %g %g %g %g\n", hz[0], hz[1], hz[2], hz[3]);
  cusparseDestroySpMat(A);
  cusparseDestroyDnVec(vx);
  cusparseDestroyDnVec(vy);
  cusparseDestroy(h);
  cudaStreamDestroy(a);
  cudaStreamDestroy(b);
  void *all[] = {rowPtr, cols, vals, x, y, z, buffer};
  for (void *p : all)
    cudaFree(p);
  return 0;
}
