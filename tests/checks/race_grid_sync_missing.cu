// grid_sync_reduce_clean.cu without the grid barrier: thread 0 of block 0
// reads the other blocks' partial sums while they may still be writing
// them, a race on global memory (and a read of partial sums never written).
// EXPECT: race global error at=@read at=@write
// EXPECT: uninitialized-read global error at=@read
#include <algorithm>
#include <cooperative_groups.h>
#include <cstdio>
#include <cuda_runtime.h>

namespace cg = cooperative_groups;

static bool failed(cudaError_t e, int line) {
  if (e != cudaSuccess)
    printf("line %d: %s\n", line, cudaGetErrorName(e));
  return e != cudaSuccess;
}
#define checkCudaErrors(call) if (failed((call), __LINE__)) return 1

constexpr int kThreads = 128;

__global__ void reduce(const float *in, float *partial, float *out, int n) {
  cg::grid_group grid = cg::this_grid();
  cg::thread_block block = cg::this_thread_block();
  __shared__ float s[kThreads];
  float v = 0.0f;
  for (unsigned long long i = grid.thread_rank(); i < static_cast<unsigned long long>(n);
       i += grid.size())
    v += in[i];
  s[threadIdx.x] = v;
  block.sync();
  for (int k = kThreads / 2; k > 0; k >>= 1) {
    if (threadIdx.x < k)
      s[threadIdx.x] += s[threadIdx.x + k];
    block.sync();
  }
  if (threadIdx.x == 0)
    partial[blockIdx.x] = s[0]; // @write
  // BUG: no grid.sync(): block 0 may add partial sums not yet written
  if (grid.thread_rank() == 0) {
    float t = 0.0f;
    for (unsigned b = 0; b < gridDim.x; ++b)
      t += partial[b]; // @read
    *out = t;
  }
}

int main() {
  const int n = 5000;
  float *h = new float[n];
  for (int i = 0; i < n; ++i)
    h[i] = static_cast<float>(i % 7);
  int dev = 0, sms = 0, perSm = 0, coop = 0;
  checkCudaErrors(cudaDeviceGetAttribute(&coop, cudaDevAttrCooperativeLaunch, dev));
  checkCudaErrors(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev));
  checkCudaErrors(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&perSm, reduce, kThreads, 0));
  const int blocks = std::min(sms * perSm, 8);
  float *in, *partial, *out;
  checkCudaErrors(cudaMalloc(&in, n * sizeof(float)));
  checkCudaErrors(cudaMalloc(&partial, blocks * sizeof(float)));
  checkCudaErrors(cudaMalloc(&out, sizeof(float)));
  checkCudaErrors(cudaMemcpy(in, h, n * sizeof(float), cudaMemcpyHostToDevice));
  int count = n;
  void *args[] = {&in, &partial, &out, &count};
  checkCudaErrors(cudaLaunchCooperativeKernel((void *)reduce, dim3(blocks), dim3(kThreads), args, 0, 0));
  checkCudaErrors(cudaDeviceSynchronize());
  float got = 0.0f;
  checkCudaErrors(cudaMemcpy(&got, out, sizeof(float), cudaMemcpyDeviceToHost));
  double want = 0.0;
  for (int i = 0; i < n; ++i)
    want += h[i];
  printf("cooperative launch %d, %d blocks, sum %.0f (expected %.0f)\n", coop, blocks, got, want);
  printf("%s\n", got == static_cast<float>(want) ? "PASS" : "FAIL");
  delete[] h;
  return got == static_cast<float>(want) ? 0 : 1;
}
