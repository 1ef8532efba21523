// The library's unit: kernels and their host wrappers.
#include "histogram.h"

#include <cuda_runtime.h>

__global__ void countKernel(const unsigned *in, int n, unsigned *bins) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    atomicAdd(&bins[in[i] % kBins], 1u);
}

__global__ void countKernelRacy(const unsigned *in, int n, unsigned *bins) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    bins[in[i] % kBins] += 1;
}

void histogram(const unsigned *in, int n, unsigned *bins) {
  countKernel<<<(n + 127) / 128, 128>>>(in, n, bins);
  cudaDeviceSynchronize();
}

void histogramRacy(const unsigned *in, int n, unsigned *bins) {
  countKernelRacy<<<(n + 127) / 128, 128>>>(in, n, bins);
  cudaDeviceSynchronize();
}
