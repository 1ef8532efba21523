// A block barrier that expects one thread more than the block has: every
// thread arrives and waits for a phase that never completes. On a GPU this
// hangs; warpsim ends the run with a report of who waits where (exit 5).
#include <cstdio>
#include <cuda/barrier>
#include <cuda_runtime.h>

__global__ void one_too_many(int *out) {
  __shared__ cuda::barrier<cuda::thread_scope_block> bar;
  if (threadIdx.x == 0)
    init(&bar, blockDim.x + 1);
  __syncthreads();
  bar.arrive_and_wait();
  out[threadIdx.x] = 1;
}

int main() {
  int *out;
  cudaMalloc(&out, 64 * sizeof(int));
  one_too_many<<<1, 64>>>(out);
  cudaDeviceSynchronize();
  std::printf("not reached\n");
  return 0;
}
