// Message passing through a plain (not volatile, not atomic) flag: block 1
// writes the data and sets the flag, block 0 spins on it. Compiled at -O2
// with the value-carrying instrumentation (tests/instrument/CMakeLists.txt)
// the spin's load is a runtime call in the loop, so the spin ends and both
// races are found at their source lines; an optimiser without it deletes
// the loop or hoists the load.
// EXPECT: race global error hazard=RAW at=@data at=@consume
// EXPECT: race global error at=@flag at=@spin
#include <cstdio>
#include <cuda_runtime.h>

__global__ void message_plain(int *data, int *flag, int *out) {
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
