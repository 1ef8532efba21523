#include <cooperative_groups.h>
#include <cstdio>
namespace cg = cooperative_groups;
__global__ void k(int *out) {
  cg::grid_group g = cg::this_grid();
  if (threadIdx.x == 0) out[blockIdx.x] = g.is_valid();
  g.sync();
  if (threadIdx.x == 0) out[8 + blockIdx.x] = 1;
}
int main() {
  int *o; cudaMalloc(&o, 64 * sizeof(int)); cudaMemset(o, 0, 64 * sizeof(int));
  k<<<4, 64>>>(o);
  cudaError_t e = cudaDeviceSynchronize();
  printf("non-cooperative: %s\n", cudaGetErrorName(e));
  int h[64]; cudaMemcpy(h, o, sizeof h, cudaMemcpyDeviceToHost);
  printf("valid %d after %d\n", h[0], h[8]);
  int dev = 0, sms = 0, per = 0; cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev);
  cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per, k, 1024, 0);
  printf("sms %d per %d\n", sms, per);
  void *args[] = {&o};
  e = cudaLaunchCooperativeKernel((void *)k, dim3(sms * per + 1), dim3(1024), args, 0, 0);
  printf("too large: %s\n", cudaGetErrorName(e));
  e = cudaLaunchCooperativeKernel((void *)k, dim3(4), dim3(64), args, 0, 0);
  printf("coop launch: %s sync %s\n", cudaGetErrorName(e), cudaGetErrorName(cudaDeviceSynchronize()));
  cudaMemcpy(h, o, sizeof h, cudaMemcpyDeviceToHost);
  printf("valid %d after %d\n", h[0], h[8]);
}
