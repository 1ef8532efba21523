// A syntax error: exactly one located error, no cascade.
#include <cuda_runtime.h>

__global__ void k(float *a) {
  int i = threadIdx.x
  a[i] = 1.0f;
  a[i + 1] = undefined_name;
}

int main() { return 0; }
