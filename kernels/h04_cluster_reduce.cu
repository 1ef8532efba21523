// h04 - cluster reduction through distributed shared memory (sm_90).
// A sum of N ints by clusters of 4 blocks (__cluster_dims__(4, 1, 1)):
//  1. each block sums its slice into shared memory (tree reduction with
//     __syncthreads());
//  2. cluster.sync() makes every block's partial visible to the cluster;
//  3. rank 0 of each cluster reads its peers' partials through
//     cluster.map_shared_rank (DSMEM) and adds the cluster's sum to the
//     output with one atomicAdd;
//  4. a second cluster.sync() keeps every block (and its shared memory)
//     alive until rank 0 has read it.
// Bug variants in kernels/bugs/h04_bug_*.cu: step 2 left out (a race on the
// peers' shared memory), step 4 left out (a peer exits while rank 0 still
// reads its shared memory).
#include <cooperative_groups.h>

#include "puzzle.h"

namespace cg = cooperative_groups;

constexpr int TPB = 128;
constexpr int CLUSTER = 4;
constexpr int BLOCKS = 16;
constexpr int N = BLOCKS * TPB * 2; // two elements per thread

__global__ void __cluster_dims__(CLUSTER, 1, 1) cluster_sum(const int *in, int *out) {
  cg::cluster_group cluster = cg::this_cluster();
  __shared__ int partial[TPB];
  const int base = blockIdx.x * TPB * 2;
  partial[threadIdx.x] = in[base + threadIdx.x] + in[base + TPB + threadIdx.x];
  __syncthreads();
  for (int stride = TPB / 2; stride > 0; stride /= 2) {
    if (threadIdx.x < stride)
      partial[threadIdx.x] += partial[threadIdx.x + stride];
    __syncthreads();
  }
  cluster.sync(); // every partial[0] of the cluster is written
  if (cluster.block_rank() == 0 && threadIdx.x == 0) {
    int sum = partial[0];
    for (unsigned r = 1; r < cluster.num_blocks(); ++r)
      sum += *cluster.map_shared_rank(&partial[0], r);
    atomicAdd(out, sum);
  }
  cluster.sync(); // no block exits before rank 0 has read its partial
}

int main() {
  int h[N];
  long long expected = 0;
  for (int i = 0; i < N; ++i) {
    h[i] = i % 11;
    expected += h[i];
  }
  DeviceBuffer<int> in(h, N), out(1);
  cluster_sum<<<BLOCKS, TPB>>>(in.data(), out.data());
  CUDA_CHECK_LAUNCH();
  int got = 0;
  out.download(&got);
  const float gotf = static_cast<float>(got), want = static_cast<float>(expected);
  print_value("out", gotf);
  return finish(check_equal(&gotf, &want, 1));
}
