// Clean twin of barrier_loop_trip_count.cu: the trip count is the same for
// every thread of the block.
// EXPECT-CLEAN
#include <cstdio>
#include <cuda_runtime.h>

__global__ void rounds(int *out) {
  __shared__ int s[64];
  int t = threadIdx.x;
  s[t] = 0;
  int trips = 1 + blockIdx.x;
  for (int k = 0; k < trips; ++k) {
    s[t] += k;
    __syncthreads(); // @bar
  }
  out[t] = s[t];
}

int main() {
  int *out;
  cudaMalloc(&out, 64 * sizeof(int));
  rounds<<<1, 64>>>(out);
  std::printf("launch: %s\n", cudaGetErrorString(cudaDeviceSynchronize()));
  return 0;
}
