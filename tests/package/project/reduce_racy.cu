// The same block sum without the barrier inside the loop: a thread reads its
// partner's partial sum while the partner may still write it (a shared-memory
// race, reported by the race checker).
#include <cstdio>
#include <cuda_runtime.h>

__global__ void reduce_racy(const float *in, float *out) {
  __shared__ float s[128];
  unsigned t = threadIdx.x;
  s[t] = in[blockIdx.x * blockDim.x + t];
  __syncthreads();
  for (unsigned stride = blockDim.x / 2; stride > 0; stride /= 2) {
    if (t < stride)
      s[t] += s[t + stride];
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
  reduce_racy<<<2, 128>>>(in, out);
  cudaMemcpy(r, out, sizeof r, cudaMemcpyDeviceToHost);
  std::printf("sums %g %g\n", r[0], r[1]);
  return 0;
}
