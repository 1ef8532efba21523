// Clean twin of race_scope_atomic_ref_block.cu: the flag is a
// cuda::atomic_ref<int, cuda::thread_scope_device>, so the release store and
// the acquire load synchronise the two blocks.
// EXPECT-CLEAN
#include <cstdio>
#include <cuda/atomic>
#include <cuda_runtime.h>

__global__ void publish(int *data, int *flag, int *out) {
  if (threadIdx.x != 0)
    return;
  cuda::atomic_ref<int, cuda::thread_scope_device> f(*flag);
  if (blockIdx.x == 1) {
    data[0] = 42;
    f.store(1, cuda::memory_order_release);
  } else {
    while (f.load(cuda::memory_order_acquire) == 0) {
    }
    out[0] = data[0];
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
  return r == 42 ? 0 : 1;
}
