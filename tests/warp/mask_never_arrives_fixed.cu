// Clean twin of mask_never_arrives.cu: the mask names exactly the lanes that
// take the branch.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void half_shuffle(int *out) {
  int v = threadIdx.x;
  if (threadIdx.x % 32 < 16)
    v = __shfl_sync(0x0000ffffu, v, 0);
  __syncthreads();
  out[threadIdx.x] = v;
}

int main() {
  int *d, h[32];
  cudaMalloc(&d, 32 * sizeof(int));
  half_shuffle<<<1, 32>>>(d);
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  bool ok = true;
  for (int i = 0; i < 32; ++i)
    ok = ok && h[i] == (i < 16 ? 0 : i);
  std::printf(ok ? "PASS\n" : "FAILED\n");
  return ok ? 0 : 1;
}
