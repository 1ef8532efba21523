// Message passing with volatile data (issue 27 item 4): block 1 writes the
// data with a volatile store, fences, and raises the flag with atomicExch;
// block 0 spins on the flag with atomicExch and then reads the data with a
// volatile load, with no fence after the spin. Volatile accesses are
// relaxed at system scope in PTX, so the two data accesses are not a data
// race; what is wrong is the order: the reader has no acquire, and the PTX
// memory model allows it to see the flag and the old data (the weak
// outcome of the MP litmus test; `--memory-model ptx` produces it). The
// writer fenced before its flag (CUDA's documented __threadfence()
// guarantee), so this is a warning, an error under --strict-fences
// (mp_volatile_strict.cu). Clean twin: mp_volatile_fenced_clean.cu.
// EXPECT: memory-order global warning hazard=MP at=@read at=@data
// MESSAGE: MP \(message passing\)
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
