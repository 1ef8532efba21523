// BUG VARIANT of kernels/h04_cluster_reduce.cu (the correct twin): the
// cluster.sync() between the block reductions and rank 0's DSMEM reads is
// left out, so rank 0 reads its peers' partial sums while they may still be
// reducing them: a race on the peers' shared memory across the cluster.
// EXPECT: race shared error hazard=RAW at=@read at=@write
#include <cooperative_groups.h>

#include "../puzzle.h"

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
      partial[threadIdx.x] += partial[threadIdx.x + stride]; // @write
    __syncthreads();
  }
  if (cluster.block_rank() == 0 && threadIdx.x == 0) {
    int sum = partial[0];
    for (unsigned r = 1; r < cluster.num_blocks(); ++r)
      sum += *cluster.map_shared_rank(&partial[0], r); // @read
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
