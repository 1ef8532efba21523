// Prints whether user code was compiled optimised: the default build is the
// value-carrying instrumentation at -O1 (clang defines __OPTIMIZE__), and
// WARPSIM_INSTRUMENTATION=tsan builds at -O0 (tests/instrument/CMakeLists.txt).
// Its output depends on the environment, so the golden set skips it.
// warpsim-golden: skip
#include <cstdio>
#include <cuda_runtime.h>

__global__ void store(int *out) { out[threadIdx.x] = threadIdx.x; }

int main() {
  int *out, h[32];
  cudaMalloc(&out, sizeof h);
  store<<<1, 32>>>(out);
  cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
#ifdef __OPTIMIZE__
  std::printf("user code optimised, last %d\n", h[31]);
#else
  std::printf("user code not optimised, last %d\n", h[31]);
#endif
  return 0;
}
