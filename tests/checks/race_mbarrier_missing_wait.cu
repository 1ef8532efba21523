// The rotate loop of mbarrier_rotate_clean.cu with the second wait left
// out: a thread arrives and goes on to overwrite s[t] while its neighbour
// may still read it (a race), and the next arrive lands on a phase no wait
// has observed (PTX: each phase must be observed complete before the next
// phase's arrivals). The phases drift apart and the last wait never returns.
// EXPECT: race shared error hazard=WAR at=@write at=@read
// EXPECT: race shared error hazard=RAW at=@write at=@read
// EXPECT: mbarrier shared error at=@arrive
// EXPECT: deadlock - error at=@arrive
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
    s[t] = v; // @write
    bar.arrive_and_wait(); // @arrive
    v = s[(t + 1) % blockDim.x]; // @read
    (void)bar.arrive(); // BUG: no wait for this phase
  }
  out[t] = v;
}

int main() {
  int *out, h[64];
  cudaMalloc(&out, sizeof h);
  rotate<<<1, 64>>>(out, 5);
  cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
  printf("out[0] = %d\n", h[0]);
  return 0;
}
