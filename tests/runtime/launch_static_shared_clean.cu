// Clean twin of launch_static_shared_too_big.cu: 47 KiB of static
// __shared__ memory, under the 48 KiB limit, launches and runs (CTest
// runtime.invalid_launch.clean).
#include <cstdio>
#include <cuda_runtime.h>

__global__ void big_tile(float *out) {
  __shared__ float tile[12032];
  tile[threadIdx.x] = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = tile[(threadIdx.x + 1) % blockDim.x];
}

int main() {
  float *out;
  cudaMalloc(&out, 256 * sizeof(float));
  big_tile<<<1, 256>>>(out);
  std::printf("launch: %s\n", cudaGetErrorName(cudaGetLastError()));
  return 0;
}
