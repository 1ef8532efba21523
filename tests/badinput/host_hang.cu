// Host code that never ends (a spin on a flag nobody sets): for the
// --timeout row of the bad-input table, pending until --timeout is merged
// (tests/badinput/CMakeLists.txt). warpsim-golden: skip (it would hang).
#include <cstdio>
#include <cuda_runtime.h>

__global__ void one(int *p) { p[threadIdx.x] = 1; }

static volatile int done = 0;

int main() {
  int *d;
  cudaMalloc(&d, 32 * sizeof(int));
  one<<<1, 32>>>(d);
  cudaDeviceSynchronize();
  while (!done) {
  }
  std::printf("not reached\n");
  return 0;
}
