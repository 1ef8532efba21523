// Clean twin of race_scope_ptx_cluster.cu: the same release/acquire at
// .cluster scope, between blocks 1 and 0 of one cluster (4 blocks in
// clusters of 2), where cluster scope includes both threads.
// EXPECT-CLEAN
#include <cstdio>
#include <cuda_runtime.h>

__global__ void __cluster_dims__(2, 1, 1) publish(int *data, int *flag, int *out) {
  if (threadIdx.x != 0)
    return;
  if (blockIdx.x == 1) {
    data[0] = 42;
    asm volatile("st.release.cluster.global.u32 [%0], %1;" ::"l"(flag), "r"(1) : "memory");
  } else if (blockIdx.x == 0) {
    int f = 0;
    do {
      asm volatile("ld.acquire.cluster.global.u32 %0, [%1];" : "=r"(f) : "l"(flag) : "memory");
    } while (f == 0);
    out[0] = data[0];
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
  return r == 42 ? 0 : 1;
}
