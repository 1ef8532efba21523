// Clean twin of last_block_sample_fence_before_atomic.cu (NVIDIA's
// threadFenceReduction structure): thread 0 also fences after its
// atomicInc, before cg::sync(cta), so what its ticket saw is acquired and
// the barrier hands it to every thread of the last block: the reads and the
// overwrite of g_odata[0] are ordered under the PTX model too. Silent.
// EXPECT-CLEAN
#include <cooperative_groups.h>
#include <cstdio>
#include <cuda_runtime.h>

namespace cg = cooperative_groups;

template <unsigned int blockSize>
__device__ void reduceBlock(volatile float *sdata, float mySum, const unsigned int tid,
                            cg::thread_block cta) {
  cg::thread_block_tile<32> tile32 = cg::tiled_partition<32>(cta);
  sdata[tid] = mySum;
  cg::sync(tile32);
  const int VEC = 32;
  const int vid = tid & (VEC - 1);
  float beta = mySum;
  for (int i = VEC / 2; i > 0; i >>= 1) {
    if (vid < i) {
      beta += sdata[tid + i];
      sdata[tid] = beta;
    }
    cg::sync(tile32);
  }
  cg::sync(cta);
  if (cta.thread_rank() == 0) {
    beta = 0;
    for (int i = 0; i < (int)blockDim.x; i += VEC)
      beta += sdata[i];
    sdata[0] = beta;
  }
  cg::sync(cta);
}

template <unsigned int blockSize>
__device__ void reduceBlocks(const float *g_idata, float *g_odata, unsigned int n,
                             cg::thread_block cta) {
  extern __shared__ float sdata[];
  const unsigned int tid = threadIdx.x;
  unsigned int i = blockIdx.x * (blockSize * 2) + threadIdx.x;
  const unsigned int gridSize = blockSize * 2 * gridDim.x;
  float mySum = 0;
  while (i < n) {
    mySum += g_idata[i];
    if (i + blockSize < n)
      mySum += g_idata[i + blockSize];
    i += gridSize;
  }
  reduceBlock<blockSize>(sdata, mySum, tid, cta);
  if (tid == 0)
    g_odata[blockIdx.x] = sdata[0];
}

__device__ unsigned int retirementCount = 0;

template <unsigned int blockSize>
__global__ void reduceSinglePass(const float *g_idata, float *g_odata, unsigned int n) {
  cg::thread_block cta = cg::this_thread_block();
  reduceBlocks<blockSize>(g_idata, g_odata, n, cta);
  if (gridDim.x > 1) {
    const unsigned int tid = threadIdx.x;
    __shared__ bool amLast;
    extern float __shared__ smem[];
    // Wait until all outstanding memory instructions in this thread are
    // finished.
    __threadfence();
    // Thread 0 takes a ticket.
    if (tid == 0) {
      const unsigned int ticket = atomicInc(&retirementCount, gridDim.x);
      amLast = (ticket == gridDim.x - 1);
      __threadfence(); // the acquire side: ordered under the PTX model too
    }
    cg::sync(cta);
    // The last block sums the results of all other blocks.
    if (amLast) {
      unsigned int i = tid;
      float mySum = 0;
      while (i < gridDim.x) {
        mySum += g_odata[i];
        i += blockSize;
      }
      reduceBlock<blockSize>(smem, mySum, tid, cta);
      if (tid == 0) {
        g_odata[0] = smem[0];
        retirementCount = 0;
      }
    }
  }
}

int main() {
  constexpr unsigned int threads = 128, blocks = 16, n = 1u << 14;
  static float h[n];
  float expected = 0, total = 0;
  for (unsigned int i = 0; i < n; ++i) {
    h[i] = static_cast<float>(i % 7);
    expected += h[i];
  }
  float *in, *out;
  cudaMalloc(&in, n * sizeof(float));
  cudaMalloc(&out, blocks * sizeof(float));
  cudaMemcpy(in, h, n * sizeof(float), cudaMemcpyHostToDevice);
  reduceSinglePass<threads><<<blocks, threads, threads * sizeof(float)>>>(in, out, n);
  cudaMemcpy(&total, out, sizeof(float), cudaMemcpyDeviceToHost);
  cudaFree(in);
  cudaFree(out);
  const bool ok = total == expected;
  std::printf("GPU sum %g, CPU sum %g: %s\n", total, expected, ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
