// Unit 2: defines c_weight; a static `twice` of its own, and an anonymous
// namespace function of the same name as scale.cu's.
#include "common.h"

__constant__ float c_weight;

static __device__ float twice(float v) { return v + v + 1.0f; }

namespace {
__device__ float offset(int) { return 0.0f; }
} // namespace

__global__ void sumKernel(const float *x, int n, float *out) {
  __shared__ float s[kN];
  int t = threadIdx.x;
  s[t] = t < n ? x[t] + offset(t) : 0.0f;
  __syncthreads();
  for (int k = blockDim.x / 2; k > 0; k /= 2) {
    if (t < k)
      s[t] += s[t + k];
    __syncthreads();
  }
  if (t == 0) {
    *out = twice(s[0]) * c_weight;
    atomicAdd(&g_launches, 1);
  }
}

// The bug the test expects warpsim to find in this unit: every thread adds
// into one location without an atomic.
__global__ void racySumKernel(const float *x, int n, float *out) {
  int t = threadIdx.x;
  if (t < n)
    *out += x[t];
}
