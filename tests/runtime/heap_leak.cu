// Bug: odd threads hand their scratch block to a later kernel that never frees it (a device-heap leak).
// Valid for nvcc; compare compute-sanitizer --tool memcheck --leak-check full.
#include <cstdio>
#include <cuda_runtime.h>

// Each thread sorts a window of 4 values in a malloc'd scratch buffer.
__device__ int *window(const int *in, int i) {
  int *scratch = static_cast<int *>(malloc(4 * sizeof(int)));
  for (int k = 0; k < 4; ++k)
    scratch[k] = in[i + k];
  return scratch;
}

__global__ void smooth(const int *in, int *out, int **keep, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  int *s = window(in, i);
  if (s == nullptr)
    return;
  out[i] = s[0] + s[3];
  if (i % 2 == 0) {
    free(s);
    return;
  }
  keep[i] = s; // meant for the next kernel
}

__global__ void later(int **keep, int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  if (keep[i] != nullptr)
    out[i] += keep[i][1]; // forgets free(keep[i])
}

int main() {
  const int n = 64;
  int *in, *out, **keep;
  cudaMalloc(&in, (n + 4) * sizeof(int));
  cudaMalloc(&out, n * sizeof(int));
  cudaMalloc(&keep, n * sizeof(int *));
  cudaMemset(in, 1, (n + 4) * sizeof(int));
  cudaMemset(keep, 0, n * sizeof(int *));
  smooth<<<2, 32>>>(in, out, keep, n);
  later<<<2, 32>>>(keep, out, n);
  cudaError_t err = cudaDeviceSynchronize();
  std::printf("%s\n", cudaGetErrorName(err));
  cudaFree(in);
  cudaFree(out);
  cudaFree(keep);
  return 0;
}
