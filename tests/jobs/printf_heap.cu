// warpsim-golden: skip (tests/jobs runs it under every --jobs and compares)
// Device printf from many blocks between barriers, device malloc/free and
// a static __shared__ array placed on first use: state that every block
// shares. Output and heap addresses must be the same for every --jobs.
#include <cstdio>

__global__ void chatter(unsigned long long *where) {
  __shared__ int tile[32];
  tile[threadIdx.x % 32] = static_cast<int>(threadIdx.x);
  if (threadIdx.x % 32 == 0)
    printf("block %d warp %d before\n", blockIdx.x, threadIdx.x / 32);
  __syncthreads();
  if (threadIdx.x == 0) {
    int *p = static_cast<int *>(malloc(64 * sizeof(int)));
    p[0] = tile[5] + static_cast<int>(blockIdx.x);
    where[blockIdx.x] = reinterpret_cast<unsigned long long>(p);
    printf("block %d heap value %d\n", blockIdx.x, p[0]);
    if (blockIdx.x % 2 == 0)
      free(p);
  }
  __syncthreads();
  if (threadIdx.x % 32 == 1)
    printf("block %d warp %d after\n", blockIdx.x, threadIdx.x / 32);
}

int main() {
  const int blocks = 20;
  unsigned long long *where;
  cudaMallocManaged(&where, blocks * sizeof(unsigned long long));
  chatter<<<blocks, 96>>>(where);
  cudaDeviceSynchronize();
  for (int i = 1; i < blocks; ++i)
    std::printf("heap block %d at +%lld\n", i, static_cast<long long>(where[i] - where[0]));
  return 0;
}
