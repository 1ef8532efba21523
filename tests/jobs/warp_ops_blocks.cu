// warpsim-golden: skip (tests/jobs runs it under every --jobs and compares)
// Warp operations in many blocks under `warpsim run` (its warp checker
// watches them): a shuffle whose mask leaves out lanes that call it (a
// finding in every block), and a __syncwarp that half the warp reaches
// while the other half exits (it completes when they have exited).
#include <cstdio>

__global__ void shuffles(int *out) {
  int v = static_cast<int>(threadIdx.x) + static_cast<int>(blockIdx.x) * 100;
  // Lanes 16..31 are not in the mask but call it: undefined (warp checker).
  int s = __shfl_sync(0x0000ffffu, v, 3);
  if (threadIdx.x % 32 >= 16 && blockIdx.x % 3 == 0)
    return; // these lanes exit while the others wait below
  __syncwarp();
  out[blockIdx.x * blockDim.x + threadIdx.x] = s;
}

int main() {
  const int blocks = 24, threads = 64;
  int *out;
  cudaMallocManaged(&out, blocks * threads * sizeof(int));
  for (int i = 0; i < blocks * threads; ++i)
    out[i] = -1;
  shuffles<<<blocks, threads>>>(out);
  cudaDeviceSynchronize();
  long long sum = 0;
  for (int i = 0; i < blocks * threads; ++i)
    sum += out[i];
  std::printf("sum %lld, out[5] %d, out[20] %d, out[%d] %d\n", sum, out[5], out[20],
              3 * threads + 20, out[3 * threads + 20]);
  return 0;
}
