// cuda::memcpy_async with a cuda::barrier: every thread copies one element
// of a tile into shared memory; the barrier's phase completes only once the
// copies have landed, so after arrive_and_wait every element is there.
// EXPECT-CLEAN
#include <cstdio>
#include <cuda/barrier>
#include <cuda_runtime.h>

__global__ void stage(const float *in, float *out) {
  __shared__ float tile[128];
  __shared__ cuda::barrier<cuda::thread_scope_block> bar;
  const unsigned t = threadIdx.x;
  if (t == 0)
    init(&bar, blockDim.x);
  __syncthreads();
  cuda::memcpy_async(&tile[t], &in[blockIdx.x * blockDim.x + t], cuda::aligned_size_t<4>(4), bar);
  bar.arrive_and_wait();
  out[blockIdx.x * blockDim.x + t] = tile[blockDim.x - 1 - t] * 2.0f;
}

int main() {
  const int n = 256;
  float h[n], *in, *out;
  for (int i = 0; i < n; ++i)
    h[i] = static_cast<float>(i);
  cudaMalloc(&in, sizeof h);
  cudaMalloc(&out, sizeof h);
  cudaMemcpy(in, h, sizeof h, cudaMemcpyHostToDevice);
  stage<<<2, 128>>>(in, out);
  cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
  int bad = 0;
  for (int i = 0; i < n; ++i)
    bad += h[i] != 2.0f * static_cast<float>((i / 128) * 128 + 127 - i % 128);
  printf("%s\n", bad ? "FAIL" : "PASS");
  return bad ? 1 : 0;
}
