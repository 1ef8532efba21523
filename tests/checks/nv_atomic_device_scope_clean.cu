// Clean twin of race_nv_atomic_block_scope.cu and race_nv_atomic_relaxed.cu:
// a release store and an acquire load at __NV_THREAD_SCOPE_DEVICE
// synchronise the two blocks; a compare-exchange and a fetch_add at device
// scope from every thread are atomic with each other.
// EXPECT-CLEAN
#include <cstdio>
#include <cuda_runtime.h>

__global__ void publish(int *data, int *flag, int *out, int *count) {
  int expected = 0;
  __nv_atomic_compare_exchange_n(count + 1, &expected, 7, false, __NV_ATOMIC_RELAXED,
                                 __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
  __nv_atomic_fetch_add(count, 1, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
  if (threadIdx.x != 0)
    return;
  if (blockIdx.x == 1) {
    data[0] = 42;
    __nv_atomic_store_n(flag, 1, __NV_ATOMIC_RELEASE, __NV_THREAD_SCOPE_DEVICE);
  } else {
    while (__nv_atomic_load_n(flag, __NV_ATOMIC_ACQUIRE, __NV_THREAD_SCOPE_DEVICE) == 0) {
    }
    out[0] = data[0];
  }
}

int main() {
  int *data, *flag, *out, *count, r = 0, c[2] = {0, 0};
  cudaMalloc(&data, sizeof(int));
  cudaMalloc(&flag, sizeof(int));
  cudaMalloc(&out, sizeof(int));
  cudaMalloc(&count, 2 * sizeof(int));
  cudaMemset(flag, 0, sizeof(int));
  cudaMemset(count, 0, 2 * sizeof(int));
  publish<<<2, 32>>>(data, flag, out, count);
  cudaMemcpy(&r, out, sizeof r, cudaMemcpyDeviceToHost);
  cudaMemcpy(c, count, sizeof c, cudaMemcpyDeviceToHost);
  std::printf("received %d, count %d, cas %d\n", r, c[0], c[1]);
  return r == 42 && c[0] == 64 && c[1] == 7 ? 0 : 1;
}
