// warpsim-golden: skip (tests/engine compares it under both engines)
// Barrier-free races the compiled engine must report as fibers do: two lanes
// of one warp instruction write one word with different values (and the
// later lane's value is what memory keeps, as under fibers: the replay makes
// plain stores again in warp order), and a block reads words another block
// writes. What such a read returns depends on the order threads run in (the
// compiled engine runs them one by one), so only a count is printed of it.
// ENGINE-EXPECT: pairs: compiled
#include <cstdio>

__global__ void pairs(int *half, int *shift) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  half[i / 2] = i;                // lanes 2k and 2k+1: one word
  shift[i] = shift[(i + 64) % 256] + 1; // the next block's words
}

int main() {
  int *half, *shift;
  cudaMalloc(&half, 128 * sizeof(int));
  cudaMalloc(&shift, 256 * sizeof(int));
  cudaMemset(half, 0, 128 * sizeof(int));
  cudaMemset(shift, 0, 256 * sizeof(int));
  pairs<<<4, 64>>>(half, shift);
  int h[128], s[256];
  cudaMemcpy(h, half, sizeof h, cudaMemcpyDeviceToHost);
  cudaMemcpy(s, shift, sizeof s, cudaMemcpyDeviceToHost);
  long sum = 0;
  for (int i = 0; i < 128; ++i)
    sum += h[i] * (i + 1);
  int written = 0;
  for (int i = 0; i < 256; ++i)
    written += s[i] >= 1;
  std::printf("half[0] %d half[127] %d sum %ld, shift written %d\n", h[0], h[127], sum, written);
  return 0;
}
