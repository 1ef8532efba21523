// Message passing between blocks in inline PTX at CTA scope: the producer
// (block 1) writes the data, then st.release.cta the flag; the consumer
// (block 0) spins with ld.acquire.cta, then reads the data. .cta includes
// only the threads of one block: the flag accesses race (not morally
// strong), and so does the data read, with the scope named.
// Clean twin: scope_ptx_gpu_clean.cu (.gpu).
// EXPECT: race global error at=@flag_store at=@flag_load
// EXPECT: race global error hazard=RAW at=@read at=@write
// MESSAGE: ordered at CTA scope, but the threads are in different CTAs
#include <cstdio>
#include <cuda_runtime.h>

__global__ void publish(int *data, int *flag, int *out) {
  if (threadIdx.x != 0)
    return;
  if (blockIdx.x == 1) {
    data[0] = 42; // @write
    asm volatile("st.release.cta.global.u32 [%0], %1;" ::"l"(flag), "r"(1) : "memory"); // @flag_store
  } else {
    int f = 0;
    do {
      asm volatile("ld.acquire.cta.global.u32 %0, [%1];" : "=r"(f) : "l"(flag) : "memory"); // @flag_load
    } while (f == 0);
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
