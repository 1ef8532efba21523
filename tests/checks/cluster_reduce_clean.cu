// A cluster reduction through distributed shared memory: each block of a
// cluster of 4 sums its slice into shared memory, cluster.sync() makes the
// partial sums visible, rank 0 reads its peers' partials with
// map_shared_rank, and a second cluster.sync() keeps every block (and its
// shared memory) alive until rank 0 has read it. Clean twin of
// race_dsmem_missing_cluster_sync.cu and dsmem_exit_without_cluster_sync.cu.
// EXPECT-CLEAN
#include <cooperative_groups.h>
#include <cstdio>
#include <cuda_runtime.h>

namespace cg = cooperative_groups;

constexpr int kThreads = 64;
constexpr int kCluster = 4;

__global__ void __cluster_dims__(kCluster, 1, 1) reduce(const int *in, int *out) {
  cg::cluster_group cluster = cg::this_cluster();
  __shared__ int partial[kThreads];
  const int i = blockIdx.x * kThreads + threadIdx.x;
  partial[threadIdx.x] = in[i];
  __syncthreads();
  for (int s = kThreads / 2; s > 0; s /= 2) {
    if (threadIdx.x < s)
      partial[threadIdx.x] += partial[threadIdx.x + s];
    __syncthreads();
  }
  cluster.sync();
  if (cluster.block_rank() == 0 && threadIdx.x == 0) {
    int sum = partial[0];
    for (unsigned r = 1; r < cluster.num_blocks(); ++r)
      sum += *cluster.map_shared_rank(&partial[0], r);
    out[blockIdx.x / kCluster] = sum;
  }
  cluster.sync();
}

int main() {
  constexpr int kBlocks = 8, n = kBlocks * kThreads;
  int h[n], *in, *out;
  for (int i = 0; i < n; ++i)
    h[i] = i % 7;
  cudaMalloc(&in, sizeof h);
  cudaMalloc(&out, 2 * sizeof(int));
  cudaMemcpy(in, h, sizeof h, cudaMemcpyHostToDevice);
  reduce<<<kBlocks, kThreads>>>(in, out);
  int got[2];
  cudaMemcpy(got, out, sizeof got, cudaMemcpyDeviceToHost);
  int want[2] = {0, 0};
  for (int i = 0; i < n; ++i)
    want[i / (n / 2)] += h[i];
  printf("sums %d %d (expected %d %d)\n", got[0], got[1], want[0], want[1]);
  printf(got[0] == want[0] && got[1] == want[1] ? "PASS\n" : "FAIL\n");
  return got[0] == want[0] && got[1] == want[1] ? 0 : 1;
}
