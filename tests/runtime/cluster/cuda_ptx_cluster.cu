// <cuda/ptx>'s cluster functions: special registers, barrier_cluster_arrive
// / wait (release/acquire and relaxed), mapa into a peer's shared memory,
// fence_mbarrier_init. Clusters of 4 in a 2-D grid: each block reads the
// value its rank+1 peer wrote, then a final barrier keeps every block alive
// until its peers have read it.
#include <cstdio>
#include <cuda/ptx>
#include <cuda_runtime.h>

namespace ptx = cuda::ptx;

__global__ void __cluster_dims__(2, 2, 1) ring(int *out) {
  __shared__ int value;
  const unsigned rank = ptx::get_sreg_cluster_ctarank();
  const unsigned n = ptx::get_sreg_cluster_nctarank();
  if (threadIdx.x == 0)
    value = static_cast<int>(1000 * ptx::get_sreg_clusterid_y() + 100 * ptx::get_sreg_clusterid_x() +
                             10 * ptx::get_sreg_cluster_ctaid_y() + ptx::get_sreg_cluster_ctaid_x());
  ptx::fence_mbarrier_init(ptx::sem_release, ptx::scope_cluster);
  ptx::barrier_cluster_arrive(ptx::sem_release);
  ptx::barrier_cluster_wait(ptx::sem_acquire);
  if (threadIdx.x == 0) {
    const int *peer = ptx::mapa(ptx::space_cluster, &value, (rank + 1) % n);
    out[blockIdx.y * gridDim.x + blockIdx.x] = *peer;
  }
  ptx::barrier_cluster_arrive(ptx::sem_relaxed); // nothing to release: the read is done
  ptx::barrier_cluster_wait();
}

int main() {
  int *out, h[16];
  cudaMalloc(&out, sizeof h);
  ring<<<dim3(4, 4), 32>>>(out);
  cudaError_t e = cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
  int wrong = 0;
  for (int by = 0; by < 4; ++by)
    for (int bx = 0; bx < 4; ++bx) {
      // rank = x + 2y within the cluster; the peer of rank r is r+1 mod 4.
      const int r = bx % 2 + 2 * (by % 2), p = (r + 1) % 4;
      const int px = p % 2, py = p / 2;
      const int want = 1000 * (by / 2) + 100 * (bx / 2) + 10 * py + px;
      wrong += h[by * 4 + bx] != want;
    }
  printf("%s, %d wrong\n", cudaGetErrorName(e), wrong);
  printf(wrong == 0 ? "PASS\n" : "FAIL\n");
  return wrong == 0 ? 0 : 1;
}
