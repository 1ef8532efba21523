// cluster_reduce_clean.cu without the last cluster.sync(): ranks 1..3 exit
// while rank 0 may still read their shared memory through DSMEM; a block's
// shared memory goes when it exits (CUDA Programming Guide, distributed
// shared memory), so the read is not ordered before their exit.
// EXPECT: dsmem-lifetime shared error at=@read
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
      sum += *cluster.map_shared_rank(&partial[0], r); // @read
    out[blockIdx.x / kCluster] = sum;
  }
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
