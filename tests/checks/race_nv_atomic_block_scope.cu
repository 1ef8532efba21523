// __nv_atomic_* with __NV_THREAD_SCOPE_BLOCK used between two blocks: the
// producer (block 1) writes the data and publishes a flag with a release
// store, the consumer (block 0) spins on an acquire load, then reads the
// data. Block scope orders only the threads of one block: the flag
// operations race and so do the data accesses. Clean twin:
// nv_atomic_device_scope_clean.cu.
// EXPECT: race global error at=@flag_store at=@flag_load
// EXPECT: race global error hazard=RAW at=@read at=@write
// MESSAGE: a block-scope atomic
#include <cstdio>
#include <cuda_runtime.h>

// nvcc wants the order and scope as literals (a macro of them is fine).
#define ACQUIRE_BLOCK __NV_ATOMIC_ACQUIRE, __NV_THREAD_SCOPE_BLOCK

__global__ void publish(int *data, int *flag, int *out) {
  if (threadIdx.x != 0)
    return;
  if (blockIdx.x == 1) {
    data[0] = 42;                                                               // @write
    __nv_atomic_store_n(flag, 1, __NV_ATOMIC_RELEASE, __NV_THREAD_SCOPE_BLOCK); // @flag_store
  } else {
    while (__nv_atomic_load_n(flag, ACQUIRE_BLOCK) == 0) { // @flag_load
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
