// A 4-byte load from an address that is not a multiple of 4: the launch
// ends with cudaErrorMisalignedAddress.
// EXPECT: misaligned-access global error at=@load
#include <cstdio>
#include <cuda_runtime.h>

__global__ void read_word(const char *bytes, int *out) {
  const int *p = reinterpret_cast<const int *>(bytes + 1);
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
