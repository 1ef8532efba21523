// Every round each thread publishes a value and reads its neighbour's, with a
// cuda::barrier (an mbarrier) between: arrive_and_wait, then arrive + wait(token).
// EXPECT-CLEAN
#include <cstdio>
#include <cuda/barrier>
#include <cuda_runtime.h>

__global__ void rotate(int *out, int rounds) {
  __shared__ int s[64];
  __shared__ cuda::barrier<cuda::thread_scope_block> bar;
  const unsigned t = threadIdx.x;
  if (t == 0)
    init(&bar, blockDim.x);
  __syncthreads();
  int v = t;
  for (int r = 0; r < rounds; ++r) {
    s[t] = v;
    bar.arrive_and_wait();
    v = s[(t + 1) % blockDim.x];
    auto token = bar.arrive();
    bar.wait(std::move(token));
  }
  out[t] = v;
}

int main() {
  int *out, h[64];
  cudaMalloc(&out, sizeof h);
  rotate<<<1, 64>>>(out, 5);
  cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
  int bad = 0;
  for (int i = 0; i < 64; ++i)
    bad += h[i] != (i + 5) % 64;
  printf("%s\n", bad ? "FAIL" : "PASS");
  return bad;
}
