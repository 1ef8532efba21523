// cuda::atomic_ref<int, cuda::thread_scope_thread>: atomic only for the
// calling thread. Two warps of one block count into one cell with it: the
// increments race (a lost update on a GPU), and the report names the scope.
// Clean twin: scope_block_atomic_clean.cu (thread_scope_block).
// EXPECT: race global error at=@count
// MESSAGE: a thread-scope atomic
#include <cstdio>
#include <cuda/atomic>
#include <cuda_runtime.h>

__global__ void count(int *n) {
  if (threadIdx.x % 32 != 0)
    return;
  cuda::atomic_ref<int, cuda::thread_scope_thread>(*n).fetch_add(1); // @count
}

int main() {
  int *n, r = 0;
  cudaMalloc(&n, sizeof(int));
  cudaMemset(n, 0, sizeof(int));
  count<<<1, 64>>>(n);
  cudaMemcpy(&r, n, sizeof r, cudaMemcpyDeviceToHost);
  std::printf("count %d\n", r);
  return 0;
}
