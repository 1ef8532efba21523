// Shared by the units of make_multi: what each unit defines for the others.
#pragma once
#include <cuda_runtime.h>

constexpr int kN = 256;

// Defined in src/kernels/scale.cu, used by every kernel (-rdc=true).
extern __device__ int g_launches;
// Defined in src/kernels/sum.cu, set by main.cu.
extern __constant__ float c_weight;
// Defined in lib/clamp.cu, linked from libclamp.a.
__device__ float clampUnit(float x);

__global__ void scaleKernel(float *x, int n, float f);
__global__ void sumKernel(const float *x, int n, float *out);
__global__ void racySumKernel(const float *x, int n, float *out);
