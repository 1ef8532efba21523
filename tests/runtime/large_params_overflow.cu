// A parameter block above the 32764-byte limit: nvcc refuses it ("Formal
// parameter space overflowed"), and so does warpsim, at the kernel.
#include <cuda_runtime.h>
struct Huge { char bytes[32760]; };
__global__ void tooBig(const __grid_constant__ Huge h, int *out) { out[0] = h.bytes[0]; }
int main() {
  static Huge h;
  int *out;
  cudaMalloc(&out, sizeof(int));
  tooBig<<<1, 1>>>(h, out);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
