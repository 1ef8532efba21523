// warpsim-golden: skip (tests/jobs runs it under every --jobs and compares)
// Reads of global bytes several blocks read in the same parallel phase, and
// their races: block 0 writes a table with no synchronisation, every other
// block reads all of it later (the first reader alone, which makes the
// bytes shared, then the others side by side), and a clean table written by
// the host is read by all. Under `check` the race detector checks such reads on
// the reading block's host thread and records them when the phase ends.
// JOBS-EXPECT: RAW hazard on global memory at allocation #1
// JOBS-EXPECT: shared_read_race.cu:26:19
// JOBS-EXPECT: shared_read_race.cu:18:14
// Every read races (11 blocks x 64 threads x 40 reads), most made beside other blocks:
// JOBS-EXPECT: seen 28160 times
#include <cstdio>

__global__ void spread(int *table, const int *clean, int *out) {
  const int t = static_cast<int>(threadIdx.x);
  if (blockIdx.x == 0) {
    table[t] = t * 2; // write
    return;
  }
  // Later than the write, and nothing orders the two blocks.
  for (int i = 0; i < 64; ++i)
    if (i % 8 == 0)
      __syncthreads();
  for (int i = 0; i < 40; ++i) {
    const int v = table[(t + i) % 64] + clean[(t + i) % 64]; // read (races with the write)
    if (i == 39)
      out[blockIdx.x * 64 + t] = v;
  }
}

int main() {
  const int blocks = 12;
  int *table, *clean, *out;
  cudaMalloc(&table, 64 * sizeof(int));
  cudaMalloc(&clean, 64 * sizeof(int));
  cudaMalloc(&out, blocks * 64 * sizeof(int));
  int h[64];
  for (int i = 0; i < 64; ++i)
    h[i] = i;
  cudaMemcpy(table, h, sizeof h, cudaMemcpyHostToDevice);
  cudaMemcpy(clean, h, sizeof h, cudaMemcpyHostToDevice);
  spread<<<blocks, 64>>>(table, clean, out);
  int r[blocks * 64];
  cudaMemcpy(r, out, sizeof r, cudaMemcpyDeviceToHost);
  long sum = 0;
  for (int i = 64; i < blocks * 64; ++i)
    sum += r[i];
  std::printf("sum %ld\n", sum);
  return 0;
}
