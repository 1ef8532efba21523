// Cluster scope across clusters: 4 blocks in clusters of 2. Block 2
// (cluster 1) writes the data and st.release.cluster the flag; block 0
// (cluster 0) spins with ld.acquire.cluster, then reads the data. .cluster
// includes only the blocks of one cluster (not the device): the flag
// accesses race and the data read races, with the scope named.
// Clean twins: scope_ptx_cluster_clean.cu (the same pair inside one
// cluster) and scope_ptx_gpu_clean.cu.
// EXPECT: race global error at=@flag_store at=@flag_load
// EXPECT: race global error hazard=RAW at=@read at=@write
// MESSAGE: ordered at cluster scope, but the threads are in different clusters
// MESSAGE: a cluster-scope atomic
#include <cstdio>
#include <cuda_runtime.h>

__global__ void __cluster_dims__(2, 1, 1) publish(int *data, int *flag, int *out) {
  if (threadIdx.x != 0)
    return;
  if (blockIdx.x == 2) {
    data[0] = 42; // @write
    asm volatile("st.release.cluster.global.u32 [%0], %1;" ::"l"(flag), "r"(1) : "memory"); // @flag_store
  } else if (blockIdx.x == 0) {
    int f = 0;
    do {
      asm volatile("ld.acquire.cluster.global.u32 %0, [%1];" : "=r"(f) : "l"(flag) : "memory"); // @flag_load
    } while (f == 0);
    out[0] = data[0]; // @read
  }
}

int main() {
  int *data, *flag, *out, r = 0;
  cudaMalloc(&data, sizeof(int));
  cudaMalloc(&flag, sizeof(int));
  cudaMalloc(&out, sizeof(int));
  cudaMemset(flag, 0, sizeof(int));
  publish<<<4, 32>>>(data, flag, out);
  cudaMemcpy(&r, out, sizeof r, cudaMemcpyDeviceToHost);
  std::printf("received %d\n", r);
  return 0;
}
