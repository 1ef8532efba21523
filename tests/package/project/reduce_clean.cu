// A block sum with a barrier after every step: no finding under `check`.
// Exits 1 when the sums are wrong, so a broken simulation fails the test too.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void reduce(const float *in, float *out) {
  __shared__ float s[128];
  unsigned t = threadIdx.x;
  s[t] = in[blockIdx.x * blockDim.x + t];
  __syncthreads();
  for (unsigned stride = blockDim.x / 2; stride > 0; stride /= 2) {
    if (t < stride)
      s[t] += s[t + stride];
    __syncthreads();
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
  reduce<<<2, 128>>>(in, out);
  cudaMemcpy(r, out, sizeof r, cudaMemcpyDeviceToHost);
  std::printf("sums %g %g\n", r[0], r[1]);
  return r[0] == 128.0f && r[1] == 128.0f ? 0 : 1;
}
