// A kernel captured into a CUDA graph is checked when the graph runs, like
// any launch: here each thread reads its neighbour's shared slot with no
// barrier after the writes (the last warp's reads also precede the first
// warp's writes they need: uninitialised). Clean twin: graph_kernel_clean.cu.
// EXPECT: race shared error hazard=RAW at=@write at=@read
// EXPECT: race shared error hazard=WAR at=@write at=@read
// EXPECT: uninitialized-read shared error at=@read
#include <cstdio>
#include <cuda_runtime.h>

__global__ void rotate(int *out) {
  __shared__ int tile[64];
  tile[threadIdx.x] = threadIdx.x;                 // @write
  out[threadIdx.x] = tile[(threadIdx.x + 1) % 64]; // @read
}

int main() {
  int *out;
  cudaMalloc(&out, 64 * sizeof(int));
  cudaStream_t s;
  cudaStreamCreate(&s);
  cudaGraph_t g;
  cudaGraphExec_t exec;
  cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal);
  rotate<<<1, 64, 0, s>>>(out);
  cudaStreamEndCapture(s, &g);
  cudaGraphInstantiate(&exec, g, 0);
  cudaGraphLaunch(exec, s);
  cudaStreamSynchronize(s);
  std::printf("done\n");
  return 0;
}
