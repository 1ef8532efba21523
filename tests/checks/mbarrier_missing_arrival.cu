// An mbarrier initialised for one arrival more than the block has threads:
// the phase never completes and every thread waits forever. The deadlock
// report names the mbarrier, the phase waited for and the arrivals pending.
// EXPECT: deadlock - error at=@wait
#include <cstdio>
#include <cuda/barrier>
#include <cuda_runtime.h>

__global__ void k(int *out) {
  __shared__ cuda::barrier<cuda::thread_scope_block> bar;
  if (threadIdx.x == 0)
    init(&bar, blockDim.x + 1); // BUG: one arrival too many
  __syncthreads();
  bar.arrive_and_wait(); // @wait
  out[threadIdx.x] = 1;
}

int main() {
  int *out;
  cudaMalloc(&out, 32 * sizeof(int));
  k<<<1, 32>>>(out);
  printf("%s\n", cudaGetErrorString(cudaDeviceSynchronize()));
  return 0;
}
