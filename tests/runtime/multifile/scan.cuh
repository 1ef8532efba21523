// A block scan kept in its own header, as libraries of kernels are.
#pragma once
#include <cuda_runtime.h>

namespace scan {

template <int Block> __device__ int inclusive(int v) {
  __shared__ int buf[Block];
  const int t = threadIdx.x;
  buf[t] = v;
  __syncthreads();
  for (int d = 1; d < Block; d *= 2) {
    const int add = t >= d ? buf[t - d] : 0;
#ifndef SCAN_MISSING_BARRIER // the bug the multi-file test injects
    __syncthreads();
#endif
    buf[t] += add;
    __syncthreads();
  }
  return buf[t];
}

template <int Block> __global__ void blocks(const int *in, int *out, int n) {
  const int i = blockIdx.x * Block + threadIdx.x;
  const int v = inclusive<Block>(i < n ? in[i] : 0);
  if (i < n)
    out[i] = v;
}

} // namespace scan
