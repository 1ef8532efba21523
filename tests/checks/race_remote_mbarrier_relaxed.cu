// cluster_remote_mbarrier_clean.cu with the producer's arrival relaxed
// (mbarrier.arrive.relaxed.cluster.shared::cluster): the phase still
// completes, but a relaxed arrival releases nothing, so the consumer's wait
// does not order rank 1's DSMEM writes before rank 0's reads.
// EXPECT: race shared error hazard=RAW at=@read at=@write
#include <cooperative_groups.h>
#include <cstdint>
#include <cstdio>
#include <cuda/ptx>
#include <cuda_runtime.h>

namespace cg = cooperative_groups;
namespace ptx = cuda::ptx;

constexpr int kThreads = 64;

__global__ void __cluster_dims__(2, 1, 1) handoff(int *out) {
  cg::cluster_group cluster = cg::this_cluster();
  __shared__ int tile[kThreads];
  __shared__ std::uint64_t full;
  if (threadIdx.x == 0)
    ptx::mbarrier_init(&full, kThreads);
  ptx::fence_mbarrier_init(ptx::sem_release, ptx::scope_cluster);
  cluster.sync();
  if (cluster.block_rank() == 1) {
    int *dst = cluster.map_shared_rank(tile, 0);
    std::uint64_t *bar = cluster.map_shared_rank(&full, 0);
    dst[threadIdx.x] = 10 * threadIdx.x + 1; // @write
    ptx::mbarrier_arrive(ptx::sem_relaxed, ptx::scope_cluster, ptx::space_cluster, bar, 1u);
  } else {
    while (!ptx::mbarrier_try_wait_parity(ptx::sem_acquire, ptx::scope_cluster, &full, 0))
      ;
    out[threadIdx.x] = tile[(threadIdx.x + 1) % kThreads]; // @read
  }
  cluster.sync(); // rank 0's shared memory outlives rank 1's writes
}

int main() {
  int *out, h[kThreads];
  cudaMalloc(&out, sizeof h);
  handoff<<<2, kThreads>>>(out);
  cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
  int wrong = 0;
  for (int i = 0; i < kThreads; ++i)
    wrong += h[i] != 10 * ((i + 1) % kThreads) + 1;
  printf("%d wrong\n", wrong);
  printf(wrong == 0 ? "PASS\n" : "FAIL\n");
  return wrong == 0 ? 0 : 1;
}
