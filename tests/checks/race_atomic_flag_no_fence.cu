// Message passing through an atomic flag with no fence on either side: the
// consumer's atomic sees the flag, but nothing orders the producer's data
// write before it. An error, unlike last_block_sum_fence_before_atomic.cu
// where the producer fenced before its atomic. Clean twin:
// message_fence_atomic_clean.cu (fences on both sides).
// EXPECT: race global error hazard=RAW at=@read
#include <cstdio>
#include <cuda_runtime.h>

__global__ void message_unfenced(int *data, int *flag, int *out) {
  if (threadIdx.x != 0)
    return;
  if (blockIdx.x == 1) {
    data[0] = 42;
    atomicExch(flag, 1);
  } else {
    while (atomicAdd(flag, 0) == 0) {
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
  message_unfenced<<<2, 32>>>(data, flag, out);
  cudaMemcpy(&r, out, sizeof r, cudaMemcpyDeviceToHost);
  std::printf("received %d\n", r);
  return 0;
}
