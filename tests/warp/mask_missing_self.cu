// Every lane calls __ballot_sync with a mask naming lanes 0..3 only: lanes
// 4..31 call it with a mask that does not include themselves (undefined in
// CUDA). And lanes 0..19 shuffle down by 16 from lanes that have exited.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void narrow_mask(unsigned *out) {
  out[threadIdx.x] = __ballot_sync(0xfu, threadIdx.x % 2);
}

__global__ void from_exited(int *out) {
  if (threadIdx.x >= 20)
    return;
  out[threadIdx.x] = __shfl_down_sync(0xffffffffu, (int)threadIdx.x, 16);
}

int main() {
  unsigned *d;
  cudaMalloc(&d, 32 * sizeof(unsigned));
  narrow_mask<<<1, 32>>>(d);
  from_exited<<<1, 32>>>((int *)d);
  cudaDeviceSynchronize();
  std::printf("done\n");
  return 0;
}
