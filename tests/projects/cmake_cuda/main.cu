// The executable's unit: data on the device, the library's histogram, the
// result checked against the host's count, and the bins summed by cuBLAS
// (linked as CUDA::cublas through find_package(CUDAToolkit)), inside an NVTX
// range (CUDA::nvtx3, header-only).
#include <cstdio>
#include <cstring>

#include <cublas_v2.h>
#include <cuda_runtime.h>
#include <nvtx3/nvToolsExt.h>

#include "format.h"
#include "histogram.h"

int main(int argc, char **argv) {
  const bool racy = argc > 1 && std::strcmp(argv[1], "--racy") == 0;
  const int n = 1000;
  unsigned h[n], want[kBins] = {};
  for (int i = 0; i < n; ++i) {
    h[i] = (i * 7u + 3u) % 101u;
    ++want[h[i] % kBins];
  }
  unsigned *in = nullptr, *bins = nullptr;
  cudaMalloc(&in, sizeof h);
  cudaMalloc(&bins, kBins * sizeof(unsigned));
  cudaMemcpy(in, h, sizeof h, cudaMemcpyHostToDevice);
  cudaMemset(bins, 0, kBins * sizeof(unsigned));
  nvtxRangePushA("histogram");
  if (racy)
    histogramRacy(in, n, bins);
  else
    histogram(in, n, bins);
  nvtxRangePop();
  unsigned got[kBins];
  cudaMemcpy(got, bins, sizeof got, cudaMemcpyDeviceToHost);
  std::printf("bins: %s\n", formatBins(got, kBins).c_str());
  float asFloat[kBins], total = 0.0f, *dev = nullptr;
  for (int b = 0; b < kBins; ++b)
    asFloat[b] = static_cast<float>(got[b]);
  cudaMalloc(&dev, sizeof asFloat);
  cudaMemcpy(dev, asFloat, sizeof asFloat, cudaMemcpyHostToDevice);
  cublasHandle_t handle;
  cublasCreate(&handle);
  cublasSasum(handle, kBins, dev, 1, &total);
  cublasDestroy(handle);
  cudaFree(dev);
  std::printf("total (cuBLAS): %g\n", total);
  const bool ok = std::memcmp(got, want, sizeof got) == 0;
  std::printf("%s\n", ok ? "PASSED" : "FAILED");
  cudaFree(in);
  cudaFree(bins);
  return ok ? 0 : 1;
}
