// The CUDA Programming Guide's last-block reduction: every block writes its
// partial sum, __threadfence(), then draws a ticket with atomicInc; the
// block that draws the last ticket reads every partial, with no fence after
// its atomic. CUDA documents the writer's fence as enough; the PTX memory
// model needs a fence after the reader's atomic too. A warning that names
// the missing fence (an error under --strict-fences: see
// last_block_sum_strict.cu); clean twin: last_block_sum_fenced_clean.cu.
// EXPECT: race global warning hazard=RAW at=@read
#include <cstdio>
#include <cuda_runtime.h>

__device__ unsigned int ticket = 0;

__global__ void sum(const float *in, float *partial, float *total, int n) {
  __shared__ bool last;
  float s = 0;
  for (int i = threadIdx.x; i < n; i += blockDim.x)
    s += in[blockIdx.x * n + i];
  __shared__ float part[32];
  part[threadIdx.x] = s;
  __syncthreads();
  if (threadIdx.x == 0) {
    float b = 0;
    for (int i = 0; i < 32; ++i)
      b += part[i];
    partial[blockIdx.x] = b;
    __threadfence();
    const unsigned int value = atomicInc(&ticket, gridDim.x);
    last = value == gridDim.x - 1;
  }
  __syncthreads();
  if (last && threadIdx.x == 0) {
    float t = 0;
    for (int i = 0; i < (int)gridDim.x; ++i)
      t += partial[i]; // @read
    *total = t;
    atomicExch(&ticket, 0u);
  }
}

int main() {
  const int blocks = 4, n = 64;
  float h[blocks * n], *in, *partial, *total, t = 0;
  for (int i = 0; i < blocks * n; ++i)
    h[i] = 1.0f;
  cudaMalloc(&in, sizeof h);
  cudaMalloc(&partial, blocks * sizeof(float));
  cudaMalloc(&total, sizeof(float));
  cudaMemcpy(in, h, sizeof h, cudaMemcpyHostToDevice);
  sum<<<blocks, 32>>>(in, partial, total, n);
  cudaMemcpy(&t, total, sizeof t, cudaMemcpyDeviceToHost);
  std::printf("total %g\n", t);
  return t == blocks * n ? 0 : 1;
}
