// Shared-memory tree reduction without the __syncthreads() after each step:
// a thread reads its partner's partial sum while the partner may still be
// about to write it, and the two warps of the block drift apart.
// EXPECT: race shared error hazard=RAW at=@step
// EXPECT: race shared error hazard=WAR at=@step
#include <cstdio>
#include <cuda_runtime.h>

__global__ void reduce_no_barrier(const float *in, float *out) {
  __shared__ float s[128];
  unsigned t = threadIdx.x;
  s[t] = in[blockIdx.x * blockDim.x + t];
  __syncthreads();
  for (unsigned stride = blockDim.x / 2; stride > 0; stride /= 2) {
    if (t < stride)
      s[t] += s[t + stride]; // @step
    // missing: __syncthreads();
  }
  if (t == 0)
    out[blockIdx.x] = s[0];
}

int main() {
  float h[256], r[2];
  for (int i = 0; i < 256; ++i)
    h[i] = 1.0f;
  float *in, *out;
  cudaMalloc(&in, sizeof h);
  cudaMalloc(&out, sizeof r);
  cudaMemcpy(in, h, sizeof h, cudaMemcpyHostToDevice);
  reduce_no_barrier<<<2, 128>>>(in, out);
  cudaMemcpy(r, out, sizeof r, cudaMemcpyDeviceToHost);
  std::printf("sums %g %g\n", r[0], r[1]);
  return 0;
}
