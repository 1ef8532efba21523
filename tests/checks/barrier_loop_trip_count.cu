// A __syncthreads() inside a loop whose trip count depends on the thread:
// threads that leave the loop early skip the barrier the others wait at.
// EXPECT: barrier-in-divergent-loop - error at=@bar
#include <cstdio>
#include <cuda_runtime.h>

__global__ void rounds(int *out) {
  __shared__ int s[64];
  int t = threadIdx.x;
  s[t] = 0;
  int trips = 1 + t / 32;
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
