// Inter-block message passing through a volatile flag: block 1 writes the
// data and sets the flag; block 0 spins on the flag and then reads the data.
// Nothing orders the two blocks (no atomic, no fence): the plain data races.
// The flag's accesses are volatile, relaxed at system scope in PTX: they do
// not race with each other (a spin on a volatile flag is how such code
// waits), but they order nothing without fences. The consumer is block 0,
// so the block scheduler must interleave resident blocks for the spin to
// end at all.
// EXPECT: race global error hazard=RAW at=@data at=@consume
#include <cstdio>
#include <cuda_runtime.h>

__global__ void message_plain(int *data, volatile int *flag, int *out) {
  if (threadIdx.x != 0)
    return;
  if (blockIdx.x == 1) {
    data[0] = 42; // @data
    *flag = 1;    // @flag
  } else {
    while (*flag == 0) { // @spin
    }
    out[0] = data[0]; // @consume
  }
}

int main() {
  int *data, *flag, *out, r = 0;
  cudaMalloc(&data, sizeof(int));
  cudaMalloc(&flag, sizeof(int));
  cudaMalloc(&out, sizeof(int));
  cudaMemset(flag, 0, sizeof(int));
  message_plain<<<2, 32>>>(data, flag, out);
  cudaMemcpy(&r, out, sizeof r, cudaMemcpyDeviceToHost);
  std::printf("received %d\n", r);
  return 0;
}
