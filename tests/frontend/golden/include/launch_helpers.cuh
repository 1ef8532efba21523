// A user header with a kernel and a launch: rewritten, and mapped over the
// original by the VFS overlay.
#pragma once

__global__ void headerKernel(int *p) {
  __shared__ int s;
  s = 1;
  p[threadIdx.x] = s;
}

inline void launchFromHeader(int *p, cudaStream_t stream) {
  headerKernel<<<1, 32, 0, stream>>>(p);
}
