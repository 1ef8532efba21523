// Clean twin of mask_missing_self.cu: each lane's mask names itself, and
// shuffles read only lanes that take part.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void narrow_mask(unsigned *out) {
  if (threadIdx.x < 4)
    out[threadIdx.x] = __ballot_sync(0xfu, threadIdx.x % 2);
}

__global__ void from_active(int *out) {
  // Shuffle before the early exit: every lane read is still there.
  int v = __shfl_down_sync(0xffffffffu, (int)threadIdx.x, 16);
  if (threadIdx.x >= 20)
    return;
  out[threadIdx.x] = v;
}

int main() {
  unsigned *d, h[4];
  cudaMalloc(&d, 32 * sizeof(unsigned));
  narrow_mask<<<1, 32>>>(d);
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  bool ok = h[0] == 0xa && h[3] == 0xa;
  from_active<<<1, 32>>>((int *)d);
  int g[20];
  cudaMemcpy(g, d, sizeof g, cudaMemcpyDeviceToHost);
  for (int i = 0; i < 20; ++i)
    ok = ok && g[i] == (i < 16 ? i + 16 : i);
  std::printf(ok ? "PASS\n" : "FAILED\n");
  return ok ? 0 : 1;
}
