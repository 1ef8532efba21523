// Clean twin of race_scope_thread_atomic.cu: the two warps of one block
// count with cuda::atomic_ref<int, cuda::thread_scope_block>, which is
// atomic among the threads of the block.
// EXPECT-CLEAN
#include <cstdio>
#include <cuda/atomic>
#include <cuda_runtime.h>

__global__ void count(int *n) {
  if (threadIdx.x % 32 != 0)
    return;
  cuda::atomic_ref<int, cuda::thread_scope_block>(*n).fetch_add(1);
}

int main() {
  int *n, r = 0;
  cudaMalloc(&n, sizeof(int));
  cudaMemset(n, 0, sizeof(int));
  count<<<1, 64>>>(n);
  cudaMemcpy(&r, n, sizeof r, cudaMemcpyDeviceToHost);
  std::printf("count %d\n", r);
  return r == 2 ? 0 : 1;
}
