// An atomic load in one block and a plain (non-atomic) write of the same
// word in another, unordered: a race (mixing atomic and plain accesses of
// one location is a data race in CUDA's and PTX's memory models). The
// atomic load is reported as the earlier access. Clean twin:
// atomic_load_clean.cu.
// EXPECT: race managed error hazard=WAR at=@write at=@load
// MESSAGE: write races with an earlier atomic load
#include <cstdio>
#include <cuda/atomic>

__global__ void mixed(int *x, int *out) {
  if (threadIdx.x != 0)
    return;
  if (blockIdx.x == 0) {
    cuda::atomic_ref<int, cuda::thread_scope_device> a(*x);
    out[0] = a.load(cuda::memory_order_relaxed); // @load
  } else {
    *x = 7; // @write
  }
}

int main() {
  int *x, *out;
  cudaMallocManaged(&x, sizeof(int));
  cudaMallocManaged(&out, sizeof(int));
  *x = 5;
  mixed<<<2, 32>>>(x, out);
  cudaDeviceSynchronize();
  std::printf("%d\n", out[0]);
  return 0;
}
