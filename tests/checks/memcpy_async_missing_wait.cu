// memcpy_async_barrier_clean.cu with the wait left out: each thread reads
// another thread's element while its copy may still be in flight (the
// bytes from before the copy) and with nothing ordering the two threads.
// EXPECT: async-copy shared error at=@read at=@copy
// EXPECT: race shared error hazard=RAW at=@read at=@copy
// EXPECT: uninitialized-read shared error at=@read
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
  cuda::memcpy_async(&tile[t], &in[blockIdx.x * blockDim.x + t], cuda::aligned_size_t<4>(4), bar); // @copy
  (void)bar.arrive(); // BUG: the wait is missing
  out[blockIdx.x * blockDim.x + t] = tile[blockDim.x - 1 - t] * 2.0f; // @read
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
