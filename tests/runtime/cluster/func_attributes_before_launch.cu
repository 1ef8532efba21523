// cudaFuncGetAttributes' cluster fields of kernels with and without
// __cluster_dims__, before and after a launch. Recorded on an H100 (CUDA 13.0)
// in func_attributes_before_launch.h100.txt with
//   nvcc -arch=sm_90 -std=c++17 -o ca func_attributes_before_launch.cu && ./ca
#include <cstdio>
__global__ void __cluster_dims__(2, 1, 1) fixed2(int *p) { if (p) *p = 1; }
__global__ void __cluster_dims__(4, 2, 1) fixed42(int *p) { if (p) *p = 1; }
__global__ void plain(int *p) { if (p) *p = 1; }
void show(const char *n, const void *f) {
  cudaFuncAttributes a;
  cudaError_t e = cudaFuncGetAttributes(&a, f);
  printf("%s: %s clusterDimMustBeSet %d required %d %d %d nonportable %d\n", n, cudaGetErrorName(e),
         a.clusterDimMustBeSet, a.requiredClusterWidth, a.requiredClusterHeight, a.requiredClusterDepth,
         a.nonPortableClusterSizeAllowed);
}
int main() {
  show("fixed2", (const void *)fixed2);
  show("fixed42", (const void *)fixed42);
  show("plain", (const void *)plain);
  fixed2<<<2, 32>>>(nullptr);
  printf("launch %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
  show("fixed2", (const void *)fixed2);
  return 0;
}
