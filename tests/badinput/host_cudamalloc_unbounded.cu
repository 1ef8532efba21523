// The host allocates device memory in a loop until cudaMalloc says no, and
// touches every allocation: cudaErrorMemoryAllocation must come (at the
// device's 80 GB, or earlier when the host has less memory to back it),
// never the kernel's OOM killer. (warpsim-golden: skip: its test runs it
// under `ulimit -d`; unlimited, it would fill three quarters of the host.)
#include <cstdio>
#include <cuda_runtime.h>

int main() {
  const size_t chunk = size_t(256) << 20;
  size_t total = 0;
  for (;;) {
    void *p;
    cudaError_t e = cudaMalloc(&p, chunk);
    if (e != cudaSuccess) {
      std::printf("cudaMalloc: %s after %zu MiB\n", cudaGetErrorName(e), total >> 20);
      return e == cudaErrorMemoryAllocation ? 0 : 1;
    }
    cudaMemset(p, 1, chunk);
    total += chunk;
  }
}
