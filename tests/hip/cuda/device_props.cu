// CUDA twin of tests/hip/device_props.hip: cudaGetDeviceProperties and
// cudaDeviceGetAttribute (an H100 under warpsim's default sm_90). Lines
// starting "ws:" depend on the architecture.
#include <cuda_runtime.h>

#include <cstdio>

__global__ void device_view(int *out) {
#ifdef __CUDA_ARCH__
  out[0] = 1;
#else
  out[0] = 0;
#endif
  out[1] = 0;
  out[2] = warpSize;
}

int main() {
  cudaDeviceProp p;
  if (cudaGetDeviceProperties(&p, 0) != cudaSuccess)
    return 1;
  std::printf("ws: name=%s\n", p.name);
  std::printf("ws: major=%d minor=%d\n", p.major, p.minor);
  std::printf("ws: warpSize=%d multiProcessorCount=%d maxThreadsPerBlock=%d\n", p.warpSize,
              p.multiProcessorCount, p.maxThreadsPerBlock);
  std::printf("ws: sharedMemPerBlock=%zu sharedMemPerMultiprocessor=%zu\n", p.sharedMemPerBlock,
              p.sharedMemPerMultiprocessor);
  std::printf("ws: maxThreadsDim=%d,%d,%d maxGridSize=%d,%d,%d\n", p.maxThreadsDim[0],
              p.maxThreadsDim[1], p.maxThreadsDim[2], p.maxGridSize[0], p.maxGridSize[1],
              p.maxGridSize[2]);
  std::printf("ws: totalGlobalMem=%zu GiB l2CacheSize=%d KiB\n", p.totalGlobalMem >> 30,
              p.l2CacheSize >> 10);
  int attr = 0, sms = 0, smem = 0;
  cudaDeviceGetAttribute(&attr, cudaDevAttrWarpSize, 0);
  cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
  cudaDeviceGetAttribute(&smem, cudaDevAttrMaxSharedMemoryPerBlock, 0);
  std::printf("ws: attribute warpSize=%d CUs=%d LDS per block=%d\n", attr, sms, smem);
  int bad = 0;
  std::printf("unknown attribute: %s\n",
              cudaDeviceGetAttribute(&bad, static_cast<cudaDeviceAttr>(-1), 0) ==
                      cudaErrorInvalidValue
                  ? "invalid value"
                  : "accepted");
  int *out;
  cudaMallocManaged(&out, 3 * sizeof(int));
  device_view<<<1, 1>>>(out);
  cudaDeviceSynchronize();
  std::printf("ws: device code: __CUDA_ARCH__=%d warpSize=%d\n", out[0], out[2]);
  int version = 0;
  cudaRuntimeGetVersion(&version);
  std::printf("ws: runtime version %d\n", version);
  cudaFree(out);
  return 0;
}
