// The program's host code dereferences a null pointer after a kernel ran:
// warpsim names the crash and the line once, and exits with status 5.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void one(int *p) { p[threadIdx.x] = 1; }

static int *lookup(int key) { return key == 42 ? nullptr : nullptr; }

int main() {
  int *d;
  cudaMalloc(&d, 32 * sizeof(int));
  one<<<1, 32>>>(d);
  cudaDeviceSynchronize();
  volatile int *p = lookup(42);
  *p = 7; // the crash
  std::printf("not reached\n");
  return 0;
}
