// A type error: warpsim reports it located and exits with status 4.
#include <cuda_runtime.h>

__global__ void broken(float *a) { a[threadIdx.x] = undeclared_name; }

int main() {
  broken<<<1, 32>>>(nullptr);
  return 0;
}
