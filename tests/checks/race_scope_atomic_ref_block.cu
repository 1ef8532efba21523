// A flag as cuda::atomic_ref<int, cuda::thread_scope_block>, read by
// another block: the producer (block 1) writes the data and stores the flag
// with release order, the consumer (block 0) loads it with acquire order
// until set, then reads the data. Block scope includes only the threads of
// one block: the flag operations are not atomic with each other across
// blocks, and the release/acquire orders nothing between the two blocks.
// Both races name the scope. Clean twin: scope_atomic_ref_device_clean.cu.
// EXPECT: race global error at=@flag_store at=@flag_load
// EXPECT: race global error hazard=RAW at=@read at=@write
// MESSAGE: ordered at CTA scope, but the threads are in different CTAs
// MESSAGE: a block-scope atomic
#include <cstdio>
#include <cuda/atomic>
#include <cuda_runtime.h>

__global__ void publish(int *data, int *flag, int *out) {
  if (threadIdx.x != 0)
    return;
  cuda::atomic_ref<int, cuda::thread_scope_block> f(*flag);
  if (blockIdx.x == 1) {
    data[0] = 42;                         // @write
    f.store(1, cuda::memory_order_release); // @flag_store
  } else {
    while (f.load(cuda::memory_order_acquire) == 0) { // @flag_load
    }
    out[0] = data[0]; // @read
  }
}

int main() {
  int *data, *flag, *out, r = 0;
  cudaMalloc(&data, sizeof(int));
  cudaMalloc(&flag, sizeof(int));
  cudaMalloc(&out, sizeof(int));
  cudaMemset(flag, 0, sizeof(int));
  publish<<<2, 32>>>(data, flag, out);
  cudaMemcpy(&r, out, sizeof r, cudaMemcpyDeviceToHost);
  std::printf("received %d\n", r);
  return 0;
}
