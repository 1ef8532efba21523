// mp_volatile_no_acquire.cu under --strict-fences: the same message passing
// whose reader has no fence after the flag is an error, as the PTX memory
// model says (the writer's fence alone does not order the data read).
// OPTIONS: --strict-fences
// EXPECT: memory-order global error hazard=MP at=@read at=@data
#include <cstdio>
#include <cuda_runtime.h>

__global__ void handoff(volatile int *data, int *flag, int *out) {
  if (threadIdx.x != 0)
    return;
  if (blockIdx.x == 1) {
    data[0] = 42; // @data
    __threadfence();
    atomicExch(flag, 1);
  } else {
    while (atomicExch(flag, 0) == 0) {
    }
    out[0] = data[0]; // @read
  }
}

int main() {
  int *data, *flag, *out, r = 0;
  cudaMalloc(&data, sizeof(int));
  cudaMalloc(&flag, sizeof(int));
  cudaMalloc(&out, sizeof(int));
  cudaMemset(data, 0, sizeof(int));
  cudaMemset(flag, 0, sizeof(int));
  handoff<<<2, 32>>>(data, flag, out);
  cudaMemcpy(&r, out, sizeof r, cudaMemcpyDeviceToHost);
  std::printf("received %d\n", r);
  return 0;
}
