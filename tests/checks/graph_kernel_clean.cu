// Clean twin of race_graph_kernel.cu: a barrier between the writes and the
// reads, and the graph launched twice.
// EXPECT-CLEAN
#include <cstdio>
#include <cuda_runtime.h>

__global__ void rotate(int *out) {
  __shared__ int tile[64];
  tile[threadIdx.x] = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = tile[(threadIdx.x + 1) % 64];
}

int main() {
  int *out, host[64];
  cudaMalloc(&out, 64 * sizeof(int));
  cudaStream_t s;
  cudaStreamCreate(&s);
  cudaGraph_t g;
  cudaGraphExec_t exec;
  cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal);
  rotate<<<1, 64, 0, s>>>(out);
  cudaMemcpyAsync(host, out, sizeof host, cudaMemcpyDeviceToHost, s);
  cudaStreamEndCapture(s, &g);
  cudaGraphInstantiate(&exec, g, 0);
  cudaGraphLaunch(exec, s);
  cudaGraphLaunch(exec, s);
  cudaStreamSynchronize(s);
  std::printf("host[63] = %d\n", host[63]);
  return host[63] == 0 && host[0] == 1 ? 0 : 1;
}
