// Inline PTX that warpsim does not model: one located error naming it.
#include <cuda_runtime.h>

__global__ void k(unsigned *out) {
  asm volatile("nanosleep.u32 100;");
  out[threadIdx.x] = 1;
}

int main() { return 0; }
