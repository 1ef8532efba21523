// Touches argv[1] MiB of host memory, then launches a trivial kernel: for
// `--timing`'s "program peak RSS" (tests/runtime/peak_rss.cmake).
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>

__global__ void touch(int *p) { p[threadIdx.x] = threadIdx.x; }

int main(int argc, char **argv) {
  const size_t mib = argc > 1 ? std::strtoul(argv[1], nullptr, 10) : 1;
  char *block = static_cast<char *>(std::malloc(mib << 20));
  if (block == nullptr)
    return 1;
  std::memset(block, 1, mib << 20);
  int *d = nullptr;
  cudaMalloc(&d, 32 * sizeof(int));
  touch<<<1, 32>>>(d);
  cudaDeviceSynchronize();
  cudaFree(d);
  std::printf("touched %zu MiB (%d)\n", mib, block[mib << 19]);
  std::free(block);
  return 0;
}
