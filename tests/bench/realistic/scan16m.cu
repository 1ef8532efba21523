// warpsim-golden: skip (full size by default; the bench_small tests run it small)
// Realistic-size suite: inclusive prefix sum of n = 16M / scale unsigned
// integers (argv[1] = scale, default 1), three-phase (scan-then-propagate,
// as in Harris et al., GPU Gems 3 ch. 39, and CUB's reduce-then-scan):
//   1. each 256-thread block scans its 1024 elements (4 per thread:
//      sequential, then a warp-shuffle scan of the thread totals and a
//      shared scan of the warp totals) and writes its total;
//   2. one 1024-thread block scans the block totals in chunks, carrying;
//   3. each block adds its predecessors' total.
// Unsigned arithmetic wraps the same way on host and device: exact compare.
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "../cuda_check.h"

constexpr int kThreads = 256, kPer = 4, kChunk = kThreads * kPer;

// Inclusive scan of v across the block (blockDim.x threads, at most 1024).
__device__ unsigned block_scan(unsigned v, unsigned *warp_totals) {
  const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  for (int off = 1; off < 32; off *= 2) {
    unsigned up = __shfl_up_sync(0xffffffffu, v, off);
    if (lane >= off)
      v += up;
  }
  if (lane == 31)
    warp_totals[warp] = v;
  __syncthreads();
  if (warp == 0) {
    const int warps = blockDim.x / 32;
    unsigned t = lane < warps ? warp_totals[lane] : 0;
    for (int off = 1; off < 32; off *= 2) {
      unsigned up = __shfl_up_sync(0xffffffffu, t, off);
      if (lane >= off)
        t += up;
    }
    if (lane < warps)
      warp_totals[lane] = t;
  }
  __syncthreads();
  unsigned r = v + (warp > 0 ? warp_totals[warp - 1] : 0);
  __syncthreads();
  return r;
}

__global__ void scan_blocks(const unsigned *in, unsigned *out, unsigned *totals, int n) {
  __shared__ unsigned warp_totals[32];
  const long base = long(blockIdx.x) * kChunk + long(threadIdx.x) * kPer;
  unsigned v[kPer], run = 0;
  for (int k = 0; k < kPer; ++k) {
    v[k] = base + k < n ? in[base + k] : 0;
    run += v[k];
    v[k] = run;
  }
  const unsigned before = block_scan(run, warp_totals) - run;
  for (int k = 0; k < kPer; ++k)
    if (base + k < n)
      out[base + k] = v[k] + before;
  if (threadIdx.x == blockDim.x - 1)
    totals[blockIdx.x] = before + run;
}

// One block: totals[i] becomes the sum of totals[0 .. i-1].
__global__ void scan_totals(unsigned *totals, int count) {
  __shared__ unsigned warp_totals[32];
  unsigned carry = 0;
  for (int base = 0; base < count; base += blockDim.x) {
    const int i = base + threadIdx.x;
    const unsigned v = i < count ? totals[i] : 0;
    const unsigned inclusive = block_scan(v, warp_totals);
    if (i < count)
      totals[i] = carry + inclusive - v;
    if (threadIdx.x == blockDim.x - 1) // this chunk's total
      warp_totals[0] = inclusive;
    __syncthreads();
    carry += warp_totals[0];
    __syncthreads();
  }
}

__global__ void add_offsets(unsigned *out, const unsigned *offsets, int n) {
  const long base = long(blockIdx.x) * kChunk + threadIdx.x;
  const unsigned add = offsets[blockIdx.x];
  for (int k = 0; k < kPer; ++k)
    if (base + k * kThreads < n)
      out[base + k * kThreads] += add;
}

int main(int argc, char **argv) {
  const int scale = argc > 1 ? std::atoi(argv[1]) : 1;
  if (scale < 1 || (1 << 24) / scale < 1) {
    std::printf("FAIL: bad scale\n");
    return 1;
  }
  const int n = (1 << 24) / scale;
  const int blocks = (n + kChunk - 1) / kChunk;
  std::vector<unsigned> in(n);
  unsigned s = 1234;
  for (unsigned &x : in)
    x = (s = s * 1664525u + 1013904223u) >> 20;
  unsigned *d_in, *d_out, *d_totals;
  CUDA_CHECK(cudaMalloc(&d_in, sizeof(unsigned) * n));
  CUDA_CHECK(cudaMalloc(&d_out, sizeof(unsigned) * n));
  CUDA_CHECK(cudaMalloc(&d_totals, sizeof(unsigned) * blocks));
  CUDA_CHECK(cudaMemcpy(d_in, in.data(), sizeof(unsigned) * n, cudaMemcpyHostToDevice));
  scan_blocks<<<blocks, kThreads>>>(d_in, d_out, d_totals, n);
  CUDA_CHECK(cudaGetLastError());
  scan_totals<<<1, 1024>>>(d_totals, blocks);
  CUDA_CHECK(cudaGetLastError());
  add_offsets<<<blocks, kThreads>>>(d_out, d_totals, n);
  CUDA_CHECK(cudaGetLastError());
  std::vector<unsigned> out(n);
  CUDA_CHECK(cudaMemcpy(out.data(), d_out, sizeof(unsigned) * n, cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaFree(d_in));
  CUDA_CHECK(cudaFree(d_out));
  CUDA_CHECK(cudaFree(d_totals));

  long bad = 0;
  unsigned run = 0;
  for (int i = 0; i < n; ++i) {
    run += in[i];
    if (out[i] != run) {
      if (bad < 5)
        std::printf("element %d: got %u, expected %u\n", i, out[i], run);
      ++bad;
    }
  }
  std::printf("scan16m: n=%d blocks=%d total=%u\n", n, blocks, run);
  if (bad) {
    std::printf("FAIL: %ld of %d prefix sums wrong\n", bad, n);
    return 1;
  }
  std::printf("PASS\n");
  return 0;
}
