// Prints what hipGetDeviceProperties and hipDeviceGetAttribute report: under
// warpsim's default for HIP (--arch cdna3) an MI300X-like device, wave64,
// gfx942, 304 CUs, 64 KiB of LDS per block, 1024 threads per block; and
// hipcc's predefined macros as this unit saw them. Lines starting "ws:"
// depend on the architecture. CUDA twin: cuda/device_props.cu.
#include <hip/hip_runtime.h>

#include <cstdio>

__global__ void device_view(int *out) {
#if defined(__HIP_DEVICE_COMPILE__)
  out[0] = 1;
#else
  out[0] = 0;
#endif
#ifdef __CUDA_ARCH__
  out[1] = 1; // hipcc for AMD never defines it
#else
  out[1] = 0;
#endif
  out[2] = warpSize;
}

int main() {
  hipDeviceProp_t p;
  if (hipGetDeviceProperties(&p, 0) != hipSuccess)
    return 1;
  std::printf("ws: name=%s\n", p.name);
  std::printf("ws: gcnArchName=%s major=%d minor=%d\n", p.gcnArchName, p.major, p.minor);
  std::printf("ws: warpSize=%d multiProcessorCount=%d maxThreadsPerBlock=%d\n", p.warpSize,
              p.multiProcessorCount, p.maxThreadsPerBlock);
  std::printf("ws: sharedMemPerBlock=%zu maxSharedMemoryPerMultiProcessor=%zu\n",
              p.sharedMemPerBlock, p.maxSharedMemoryPerMultiProcessor);
  std::printf("ws: maxThreadsDim=%d,%d,%d maxGridSize=%d,%d,%d\n", p.maxThreadsDim[0],
              p.maxThreadsDim[1], p.maxThreadsDim[2], p.maxGridSize[0], p.maxGridSize[1],
              p.maxGridSize[2]);
  std::printf("ws: totalGlobalMem=%zu GiB l2CacheSize=%d KiB clockRate=%d kHz\n",
              p.totalGlobalMem >> 30, p.l2CacheSize >> 10, p.clockRate);
  int attr = 0, cus = 0, lds = 0;
  hipDeviceGetAttribute(&attr, hipDeviceAttributeWarpSize, 0);
  hipDeviceGetAttribute(&cus, hipDeviceAttributeMultiprocessorCount, 0);
  hipDeviceGetAttribute(&lds, hipDeviceAttributeMaxSharedMemoryPerBlock, 0);
  std::printf("ws: attribute warpSize=%d CUs=%d LDS per block=%d\n", attr, cus, lds);
  int bad = 0;
  std::printf("unknown attribute: %s\n",
              hipDeviceGetAttribute(&bad, static_cast<hipDeviceAttribute_t>(-1), 0) ==
                      hipErrorInvalidValue
                  ? "invalid value"
                  : "accepted");
  int *out;
  hipMallocManaged(&out, 3 * sizeof(int));
  device_view<<<1, 1>>>(out);
  hipDeviceSynchronize();
  std::printf("ws: device code: __HIP_DEVICE_COMPILE__=%d __CUDA_ARCH__=%d warpSize=%d\n", out[0],
              out[1], out[2]);
#ifdef __HIP_DEVICE_COMPILE__
  std::printf("ws: host code sees __HIP_DEVICE_COMPILE__\n");
#endif
#if defined(__HIP_PLATFORM_AMD__) && defined(__HIPCC__) && defined(__HIP__)
  std::printf("ws: hipcc macros: __HIP_PLATFORM_AMD__ __HIPCC__ __HIP__ wavefront=%d\n",
              __AMDGCN_WAVEFRONT_SIZE);
#endif
#ifdef __gfx942__
  std::printf("ws: __gfx942__\n");
#endif
#ifdef __CUDACC__
  std::printf("ws: __CUDACC__ (hipcc for AMD does not define it)\n");
#endif
  int version = 0;
  hipRuntimeGetVersion(&version);
  std::printf("ws: runtime version %d\n", version);
  hipFree(out);
  return 0;
}
