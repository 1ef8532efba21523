// When do async copies land? The threads read their neighbours' elements
// before any wait (a bug every policy of --async-completion exposes
// differently): `late` lands them at the wait (none seen), `eager` at issue
// (all seen), `random` somewhere in between, the same for the same --seed.
#include <cstdio>
#include <cuda_pipeline.h>
#include <cuda_runtime.h>

constexpr int kN = 256;

__global__ void peek(const int *in, int *seen, int *out) {
  __shared__ int a[kN];
  const int t = threadIdx.x;
  a[t] = 0;
  __syncthreads();
  __pipeline_memcpy_async(&a[t], &in[t], sizeof(int));
  __pipeline_commit();
  int spin = 0;
  for (int k = 0; k < 8; ++k) // other work while the copies fly
    spin += k * t;
  __syncthreads(); // orders the threads, not the copies
  atomicAdd(seen, a[(t + 1) % kN]); // BUG: read before the wait
  __pipeline_wait_prior(0);
  __syncthreads();
  out[t] = a[(t + 1) % kN] + (spin < 0);
}

int main() {
  int h[kN], *in, *seen, *out, hs = 0;
  for (int i = 0; i < kN; ++i)
    h[i] = 1;
  cudaMalloc(&in, sizeof h);
  cudaMalloc(&out, sizeof h);
  cudaMalloc(&seen, sizeof(int));
  cudaMemcpy(in, h, sizeof h, cudaMemcpyHostToDevice);
  cudaMemset(seen, 0, sizeof(int));
  peek<<<1, kN>>>(in, seen, out);
  cudaMemcpy(&hs, seen, sizeof hs, cudaMemcpyDeviceToHost);
  cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
  int bad = 0;
  for (int i = 0; i < kN; ++i)
    bad += h[i] != 1;
  printf("landed before the wait: %d of %d\nafter the wait: %d wrong\n", hs, kN, bad);
  return bad == 0 ? 0 : 1;
}
