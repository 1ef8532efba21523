// The direct path and shared memory: words of shared memory count per
// block, so blocks that reuse a window's words run compiled; threads of one
// block that meet on a shared word (here without a barrier) send the launch
// back to fibers, where the lockstep schedule decides what each reads.
// ENGINE-EXPECT: own_slots: compiled, direct
// ENGINE-EXPECT: one_word: fibers: two threads met on a word
#include <cstdio>
#include <cuda_runtime.h>

__global__ void own_slots(const float *in, float *out) {
  __shared__ float s[128];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  s[threadIdx.x] = in[i] * 2.0f;
  out[i] = s[threadIdx.x] + 1.0f;
}

__global__ void one_word(float *out) {
  __shared__ float s;
  if (threadIdx.x == 0)
    s = 7.0f + blockIdx.x;
  out[blockIdx.x * blockDim.x + threadIdx.x] = s;
}

int main() {
  const int blocks = 16, threads = 128, n = blocks * threads;
  static float h[n];
  for (int i = 0; i < n; ++i)
    h[i] = static_cast<float>(i % 97);
  float *in, *out;
  cudaMalloc(&in, sizeof h);
  cudaMalloc(&out, sizeof h);
  cudaMemcpy(in, h, sizeof h, cudaMemcpyHostToDevice);
  own_slots<<<blocks, threads>>>(in, out);
  cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
  int wrong = 0;
  for (int i = 0; i < n; ++i)
    wrong += h[i] != static_cast<float>(i % 97) * 2.0f + 1.0f;
  one_word<<<blocks, threads>>>(out);
  cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
  std::printf("one_word: %g %g %g %g\n", h[0], h[1], h[threads], h[n - 1]);
  std::printf("%s: %d wrong\n", wrong ? "FAIL" : "PASS", wrong);
  return wrong ? 1 : 0;
}
