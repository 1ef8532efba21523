// A cuBLAS call whose C operand runs past its allocation (ldc * n elements
// do not fit): warpsim names the call and the operand and the call fails,
// where a GPU would fault inside cuBLAS's kernel. The clean twin is
// cublas_ops.cu.
#include <cublas_v2.h>
#include <cstdio>

int main() {
  cublasHandle_t h;
  cublasCreate(&h);
  float *A, *B, *C;
  cudaMalloc(&A, 16 * sizeof(float));
  cudaMalloc(&B, 16 * sizeof(float));
  cudaMalloc(&C, 12 * sizeof(float)); // a 4 x 4 result needs 16
  cudaMemset(A, 0, 16 * sizeof(float));
  cudaMemset(B, 0, 16 * sizeof(float));
  float one = 1, zero = 0;
  cublasStatus_t s = cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 4, 4, 4, &one, A, 4, B, 4, &zero, C, 4);
  printf("cublasSgemm: %s\n", cublasGetStatusName(s));
  cublasDestroy(h);
  return s == CUBLAS_STATUS_SUCCESS ? 1 : 0;
}
