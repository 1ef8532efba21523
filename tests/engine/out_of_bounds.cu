// warpsim-golden: skip (tests/engine compares it under both engines)
// One thread writes past its allocation: the memory checker stops it before
// the access (check: suppressed and the launch goes on; --memory-error
// abort: the launch ends at the same event as under fibers). Under `run`
// nothing checks (the bytes are mapped: a redzone), as under fibers.
// ENGINE-EXPECT: fill: compiled
#include <cstdio>

__global__ void fill(int *out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = i;
  if (i == 37)
    out[n + 300] = -1; // past the end
  out[i] += 1;
}

int main() {
  const int n = 256;
  int *out;
  cudaMalloc(&out, n * sizeof(int));
  fill<<<4, 64>>>(out, n);
  cudaError_t e = cudaDeviceSynchronize();
  std::printf("launch: %s\n", cudaGetErrorString(e));
  int h[n] = {};
  if (cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost) == cudaSuccess)
    std::printf("out[0] %d out[255] %d\n", h[0], h[255]);
  return 0;
}
