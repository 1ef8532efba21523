// A kernel that allocates device-heap memory in a loop without end and
// without checking: the heap (8 MiB by default, cudaLimitMallocHeapSize)
// runs out, malloc returns NULL, and the write through it is reported with
// the thread and the line; host memory never grows without bound.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void hog(int *out) {
  int n = 0;
  for (;;) {
    int *p = static_cast<int *>(malloc(4096));
    p[0] = n++; // NULL once the heap is exhausted
  }
  out[0] = n;
}

int main() {
  int *out;
  cudaMalloc(&out, sizeof(int));
  hog<<<1, 32>>>(out);
  cudaError_t e = cudaDeviceSynchronize();
  std::printf("%s\n", cudaGetErrorName(e));
  return e == cudaSuccess ? 0 : 1;
}
