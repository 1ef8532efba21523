// nvcc's two passes at file scope, in the pattern of NVIDIA's simpleAWBarrier
// and warpAggregatedAtomicsCG: a __device__ function that exists only where
// `__CUDA_ARCH__ >= 700` (the device pass), host-only code under
// `#ifndef __CUDA_ARCH__` (the host pass), arch-specific versions of one
// device function, and a macro each pass defines its own way. Built by nvcc
// (-arch=sm_90) it prints the same.
#include <cstdio>

#include <cooperative_groups.h>
#include <cuda/barrier>
#include <cuda_runtime.h>

namespace cg = cooperative_groups;

#if __CUDA_ARCH__ >= 700
// Only the device pass sees this function (simpleAWBarrier's reduceBlockData).
__device__ void reduceBlockData(cuda::barrier<cuda::thread_scope_block> &barrier,
                                cg::thread_block_tile<32, cg::thread_block> &tile32,
                                double &threadSum, double *result) {
  extern __shared__ double tmp[];
  for (int offset = tile32.size() / 2; offset > 0; offset /= 2)
    threadSum += tile32.shfl_down(threadSum, offset);
  if (tile32.thread_rank() == 0)
    tmp[tile32.meta_group_rank()] = threadSum;
  auto token = barrier.arrive();
  barrier.wait(std::move(token));
  if (tile32.meta_group_rank() == 0) {
    double beta = tile32.thread_rank() < tile32.meta_group_size() ? tmp[tile32.thread_rank()] : 0.0;
    for (int offset = tile32.size() / 2; offset > 0; offset /= 2)
      beta += tile32.shfl_down(beta, offset);
    if (tile32.thread_rank() == 0)
      *result = beta;
  }
}
#endif

#ifndef __CUDA_ARCH__
// Only the host pass sees this one.
static double hostSumOfSquares(const float *v, int n) {
  double s = 0;
  for (int i = 0; i < n; ++i)
    s += static_cast<double>(v[i]) * v[i];
  return s;
}
#endif

// One device function, a version per architecture; the host pass's branch
// is never compiled for the device.
#if __CUDA_ARCH__ >= 800
__device__ int archPath() { return 800; }
#elif __CUDA_ARCH__ >= 700
__device__ int archPath() { return 700; }
#else
__device__ int archPath() { return 0; }
#endif

#ifdef __CUDA_ARCH__
#define SIDE 1
#else
#define SIDE 2
#endif

__global__ void sumOfSquares(const float *v, int n, double *result, int *info) {
#if __CUDA_ARCH__ >= 700
  __shared__ cuda::barrier<cuda::thread_scope_block> barrier;
  auto block = cg::this_thread_block();
  auto tile32 = cg::tiled_partition<32>(block);
  if (threadIdx.x == 0)
    init(&barrier, blockDim.x);
  block.sync();
  double threadSum = 0;
  for (int i = threadIdx.x; i < n; i += blockDim.x)
    threadSum += static_cast<double>(v[i]) * v[i];
  reduceBlockData(barrier, tile32, threadSum, result);
#endif
  if (threadIdx.x == 0) {
    info[0] = archPath();
    info[1] = SIDE;
  }
}

int main() {
  const int n = 1000;
  float h[n];
  for (int i = 0; i < n; ++i)
    h[i] = static_cast<float>(i % 17) * 0.25f;
  float *v;
  double *result;
  int *info;
  cudaMalloc(&v, sizeof h);
  cudaMalloc(&result, sizeof(double));
  cudaMalloc(&info, 2 * sizeof(int));
  cudaMemcpy(v, h, sizeof h, cudaMemcpyHostToDevice);
  cudaMemset(result, 0, sizeof(double));
  sumOfSquares<<<1, 256, (256 / 32) * sizeof(double)>>>(v, n, result, info);
  double got = 0;
  int hinfo[2] = {0, 0};
  cudaMemcpy(&got, result, sizeof got, cudaMemcpyDeviceToHost);
  cudaMemcpy(hinfo, info, sizeof hinfo, cudaMemcpyDeviceToHost);
  const double want = hostSumOfSquares(h, n);
  std::printf("device: archPath %d, SIDE %d; host: SIDE %d\n", hinfo[0], hinfo[1], SIDE);
  std::printf("sum of squares %.2f, host %.2f: %s\n", got, want, got == want ? "PASSED" : "FAILED");
  cudaFree(v);
  cudaFree(result);
  cudaFree(info);
  return got == want && hinfo[0] == 800 && hinfo[1] == 1 && SIDE == 2 ? 0 : 1;
}
