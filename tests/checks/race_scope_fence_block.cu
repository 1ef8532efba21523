// Message passing between blocks published with __threadfence_block(): the
// producer (block 1) writes the data, fences at block scope, then sets the
// flag with atomicExch; the consumer (block 0) sees the flag and fences with
// __threadfence(). A block-scope fence orders memory only for the threads
// of its own block (PTX: the fence and the consumer's are not morally
// strong), so the data read races, and the report names the scope.
// Clean twin: scope_fence_device_clean.cu (__threadfence()).
// EXPECT: race global error hazard=RAW at=@read at=@write
// MESSAGE: ordered at CTA scope, but the threads are in different CTAs
#include <cstdio>
#include <cuda_runtime.h>

__global__ void publish(int *data, int *flag, int *out) {
  if (threadIdx.x != 0)
    return;
  if (blockIdx.x == 1) {
    data[0] = 42; // @write
    __threadfence_block();
    atomicExch(flag, 1);
  } else {
    while (atomicAdd(flag, 0) == 0) {
    }
    __threadfence();
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
