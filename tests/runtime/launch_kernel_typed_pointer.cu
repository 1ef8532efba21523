// cudaLaunchKernel and cudaLaunchCooperativeKernel given a typed kernel
// pointer (issue 27 item 5): `void (*k)(int *, int)` passed without a cast,
// as CUDA's typed overloads (template <class T> cudaLaunchKernel(const T *,
// ...)) allow, and through a host helper that takes the pointer. Before,
// the call did not compile under warpsim ("no matching function for call to
// 'cudaLaunchKernel'"). Then cudaLaunchKernelEx and cudaLaunchKernelExC with
// the kernel through a pointer (before: cudaErrorNotSupported), the latter
// with a cluster dimension the kernel reads back. Valid for nvcc (sm_90).
#include <cooperative_groups.h>
#include <cstdio>
#include <cuda_runtime.h>

__global__ void add(int *x, int v) { x[blockIdx.x * blockDim.x + threadIdx.x] += v; }
__global__ void scale_after_sync(int *x, int v) {
  cooperative_groups::this_grid().sync();
  x[blockIdx.x * blockDim.x + threadIdx.x] *= v;
}

__global__ void cluster_blocks(int *x, int) {
  x[blockIdx.x * blockDim.x + threadIdx.x] +=
      static_cast<int>(cooperative_groups::this_cluster().num_blocks());
}

using Kernel = void (*)(int *, int);

static cudaError_t launch(Kernel k, bool cooperative, int *x, int v, int blocks) {
  void *args[] = {&x, &v};
  return cooperative ? cudaLaunchCooperativeKernel(k, dim3(blocks), dim3(32), args)
                     : cudaLaunchKernel(k, dim3(blocks), dim3(32), args, 0, nullptr);
}

int main(int argc, char **) {
  int *x;
  cudaMalloc(&x, 64 * sizeof(int));
  cudaMemset(x, 0, 64 * sizeof(int));
  Kernel k = argc > 5 ? scale_after_sync : add; // chosen at run time
  cudaError_t e1 = launch(k, false, x, 5, 2);
  cudaError_t e2 = launch(scale_after_sync, true, x, 3, 2);
  cudaLaunchConfig_t config = {};
  config.gridDim = dim3(2);
  config.blockDim = dim3(32);
  cudaError_t e3 = cudaLaunchKernelEx(&config, k, x, 1); // + 1 each
  cudaLaunchAttribute cluster;
  cluster.id = cudaLaunchAttributeClusterDimension;
  cluster.val.clusterDim.x = 2;
  cluster.val.clusterDim.y = 1;
  cluster.val.clusterDim.z = 1;
  config.attrs = &cluster;
  config.numAttrs = 1;
  const void *c = reinterpret_cast<const void *>(&cluster_blocks);
  int unused = 0;
  void *args[] = {&x, &unused};
  cudaError_t e4 = cudaLaunchKernelExC(&config, c, args); // + 2 each: a cluster of 2 blocks
  int h[64];
  cudaMemcpy(h, x, sizeof h, cudaMemcpyDeviceToHost);
  int sum = 0;
  for (int i = 0; i < 64; ++i)
    sum += h[i];
  // 64 * (5 * 3 + 1 + 2) = 1152
  const bool ok = e1 == cudaSuccess && e2 == cudaSuccess && e3 == cudaSuccess && e4 == cudaSuccess;
  std::printf("%s, %s, %s, %s, sum %d: %s\n", cudaGetErrorString(e1), cudaGetErrorString(e2),
              cudaGetErrorString(e3), cudaGetErrorString(e4), sum, ok && sum == 1152 ? "PASS" : "FAIL");
  cudaFree(x);
  return 0;
}
