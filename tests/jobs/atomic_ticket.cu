// warpsim-golden: skip (tests/jobs runs it under every --jobs and compares)
// Blocks take tickets with atomicAdd and record who came when: the order
// depends on how the blocks' instructions interleave, so it shows whether
// that interleaving depends on the number of host threads (it must not).
#include <cstdio>

__global__ void tickets(unsigned *counter, int *order, int *value) {
  __shared__ unsigned ticket;
  for (int round = 0; round < 3; ++round) {
    if (threadIdx.x == 0)
      ticket = atomicAdd(counter, 1u);
    __syncthreads();
    if (threadIdx.x == 0)
      order[ticket] = static_cast<int>(blockIdx.x);
    // A plain read-modify-write race on purpose: its result depends on the
    // interleaving too.
    if (threadIdx.x == 1)
      *value = *value * 3 + static_cast<int>(blockIdx.x);
    __syncthreads();
  }
}

int main() {
  const int blocks = 40;
  unsigned *counter;
  int *order, *value;
  cudaMallocManaged(&counter, sizeof(unsigned));
  cudaMallocManaged(&order, 3 * blocks * sizeof(int));
  cudaMallocManaged(&value, sizeof(int));
  *counter = 0;
  *value = 1;
  tickets<<<blocks, 64>>>(counter, order, value);
  cudaDeviceSynchronize();
  for (int i = 0; i < 3 * blocks; ++i)
    std::printf("%d%c", order[i], i % 20 == 19 ? '\n' : ' ');
  std::printf("value %d\n", *value);
  return 0;
}
