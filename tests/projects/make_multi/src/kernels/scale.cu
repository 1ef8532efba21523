// Unit 1: defines g_launches; its own static `twice` (sum.cu has another).
#include "common.h"

__device__ int g_launches = 0;

static __device__ float twice(float v) { return 2.0f * v; }

namespace {
__device__ float offset(int i) { return (i % 7) * 0.05f; }
} // namespace

__global__ void scaleKernel(float *x, int n, float f) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] = clampUnit(twice(x[i]) * f + offset(i));
  if (i == 0)
    atomicAdd(&g_launches, 1);
}
