// warpsim-golden: skip (tests/engine compares it under both engines)
// Kernels the compiled engine leaves to fibers under check, each with its
// reason under --timing (a barrier, a warp operation: only `run` takes it),
// and one it takes (an atomic whose result is unused in a loop cannot spin).
// ENGINE-EXPECT: spin: fibers: a read in a loop of an address the loop does not change at fallbacks.cu:18 (a possible spin-wait)
// ENGINE-EXPECT: tile: fibers: CTA barriers or warp operations: the recorded path runs each thread
// ENGINE-EXPECT: vote: fibers: CTA barriers or warp operations: the recorded path runs each thread
// ENGINE-EXPECT: ticket: fibers: atomicAdd() in a loop with its result used at fallbacks.cu:39
// ENGINE-EXPECT: count: compiled
#include <cstdio>

__global__ void spin(int *flag, int *out) {
  if (blockIdx.x == 1 && threadIdx.x == 0) {
    *out = 5;
    *flag = 1;
  }
  if (blockIdx.x == 0 && threadIdx.x == 0) {
    while (*flag == 0) {
    }
    out[1] = *out;
  }
}

__global__ void tile(int *out) {
  __shared__ int s[64];
  s[threadIdx.x] = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = s[63 - threadIdx.x];
}

__global__ void vote(int *out) {
  unsigned m = __ballot_sync(0xffffffffu, threadIdx.x % 3 == 0);
  out[threadIdx.x] = __popc(m);
}

__global__ void ticket(int *counter, int *out) {
  int t = 0;
  do {
    t = atomicAdd(counter, 1);
  } while (t % 5 != 0 && t < 1000);
  out[threadIdx.x] = t % 2;
}

__global__ void count(const int *in, int n, int *bins) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    atomicAdd(&bins[in[i] % 8], 1);
}

int main() {
  int *flag, *out, *counter, *in, *bins;
  cudaMalloc(&flag, sizeof(int));
  cudaMalloc(&out, 64 * sizeof(int));
  cudaMalloc(&counter, sizeof(int));
  cudaMalloc(&in, 1000 * sizeof(int));
  cudaMalloc(&bins, 8 * sizeof(int));
  cudaMemset(flag, 0, sizeof(int));
  cudaMemset(counter, 0, sizeof(int));
  cudaMemset(bins, 0, 8 * sizeof(int));
  int h[1000];
  for (int i = 0; i < 1000; ++i)
    h[i] = i * 7;
  cudaMemcpy(in, h, sizeof h, cudaMemcpyHostToDevice);
  spin<<<2, 32>>>(flag, out);
  tile<<<1, 64>>>(out);
  vote<<<1, 64>>>(out);
  ticket<<<1, 32>>>(counter, out);
  count<<<3, 64>>>(in, 1000, bins);
  int b[8];
  cudaMemcpy(b, bins, sizeof b, cudaMemcpyDeviceToHost);
  for (int i = 0; i < 8; ++i)
    std::printf("%d ", b[i]);
  std::printf("\n");
  return 0;
}
