// __nv_atomic_* at device scope but with relaxed order: the flag itself is
// atomic (no race on it), but a relaxed store publishes nothing, so the
// consumer's read of the data races with the producer's write. Clean twin:
// nv_atomic_device_scope_clean.cu (release / acquire).
// EXPECT: race global error hazard=RAW at=@read at=@write
#include <cstdio>
#include <cuda_runtime.h>

__global__ void publish(int *data, int *flag, int *out) {
  if (threadIdx.x != 0)
    return;
  if (blockIdx.x == 1) {
    data[0] = 42; // @write
    __nv_atomic_store_n(flag, 1, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
  } else {
    while (__nv_atomic_load_n(flag, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE) == 0) {
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
