// Clean twin of misaligned_access.cu: the load is 4-byte aligned.
// EXPECT-CLEAN
#include <cstdio>
#include <cuda_runtime.h>

__global__ void read_word(const char *bytes, int *out) {
  const int *p = reinterpret_cast<const int *>(bytes + 4);
  out[threadIdx.x] = *p; // @load
}

int main() {
  char h[64] = {};
  char *bytes;
  int *out;
  cudaMalloc(&bytes, sizeof h);
  cudaMalloc(&out, 32 * sizeof(int));
  cudaMemcpy(bytes, h, sizeof h, cudaMemcpyHostToDevice);
  read_word<<<1, 32>>>(bytes, out);
  std::printf("launch: %s\n", cudaGetErrorString(cudaDeviceSynchronize()));
  return 0;
}
