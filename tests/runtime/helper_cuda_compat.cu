// Written the way the CUDA samples' helper_cuda.h is (from scratch, not a
// copy): its helpers exist only where CUDA's own headers have defined
// __CUDA_RUNTIME_H__ and __DRIVER_TYPES_H__, and picking the device queries
// compute mode, clock rate, SM count and compute capability. Then an
// occupancy-sized launch. Prints PASS when every check holds; valid for nvcc.
#include <cstdio>
#include <cstdlib>

#include <builtin_types.h>
#include <channel_descriptor.h>
#include <cuda.h>
#include <cuda_profiler_api.h>
#include <cuda_runtime.h>
#include <cuda_runtime_api.h>
#include <device_functions.h>
#include <device_launch_parameters.h>
#include <driver_types.h>
#include <host_defines.h>
#include <math_functions.h>
#include <sm_20_atomic_functions.h>
#include <sm_30_intrinsics.h>
#include <sm_32_intrinsics.h>
#include <sm_60_atomic_functions.h>
#include <sm_61_intrinsics.h>
#include <vector_types.h>

#if !defined(CUDART_VERSION) || CUDART_VERSION < 13000 || !defined(CUDA_VERSION) ||             \
    !defined(__CUDART_API_VERSION) || !defined(__VECTOR_TYPES_H__) ||                         \
    !defined(__CUDA_RUNTIME_API_H__)
#error "the CUDA 13 version and include-guard macros are missing"
#endif

#ifdef __DRIVER_TYPES_H__
static const char *errorName(cudaError_t e) { return cudaGetErrorName(e); }
#define DEVICE_RESET cudaDeviceReset();
#endif

#ifdef __CUDA_RUNTIME_H__
template <typename T>
void check(T result, const char *func, const char *file, int line) {
  if (result) {
    std::fprintf(stderr, "CUDA error at %s:%d code=%d(%s) \"%s\"\n", file, line,
                 static_cast<unsigned>(result), errorName(result), func);
    std::exit(EXIT_FAILURE);
  }
}
#define checkCudaErrors(val) check((val), #val, __FILE__, __LINE__)

inline void getLastErrorImpl(const char *msg, const char *file, int line) {
  cudaError_t err = cudaGetLastError();
  if (cudaSuccess != err) {
    std::fprintf(stderr, "%s(%d) : getLastCudaError() CUDA error : %s : (%d) %s.\n", file, line,
                 msg, static_cast<int>(err), cudaGetErrorString(err));
    std::exit(EXIT_FAILURE);
  }
}
#define getLastCudaError(msg) getLastErrorImpl(msg, __FILE__, __LINE__)

// Cores per SM by compute capability, as helper_cuda's table has them.
inline int smVer2Cores(int major, int minor) {
  struct {
    int sm, cores;
  } table[] = {{0x70, 64},  {0x75, 64},  {0x80, 64},  {0x86, 128}, {0x87, 128},
               {0x89, 128}, {0x90, 128}, {0xa0, 128}, {0xc0, 128}, {-1, -1}};
  for (int i = 0; table[i].sm != -1; ++i)
    if (table[i].sm == ((major << 4) + minor))
      return table[i].cores;
  return 128;
}

inline int gpuGetMaxGflopsDeviceId() {
  int count = 0, best = -1, prohibited = 0;
  unsigned long long bestPerf = 0;
  checkCudaErrors(cudaGetDeviceCount(&count));
  for (int dev = 0; dev < count; ++dev) {
    int mode = -1, major = 0, minor = 0, sms = 0, clock = 0;
    checkCudaErrors(cudaDeviceGetAttribute(&mode, cudaDevAttrComputeMode, dev));
    checkCudaErrors(cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, dev));
    checkCudaErrors(cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, dev));
    if (mode == cudaComputeModeProhibited) {
      ++prohibited;
      continue;
    }
    checkCudaErrors(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev));
    if (cudaDeviceGetAttribute(&clock, cudaDevAttrClockRate, dev) != cudaSuccess)
      clock = 1;
    unsigned long long perf = static_cast<unsigned long long>(sms) *
                              smVer2Cores(major, minor) * static_cast<unsigned long long>(clock);
    if (perf > bestPerf) {
      bestPerf = perf;
      best = dev;
    }
  }
  if (prohibited == count) {
    std::fprintf(stderr, "all devices are in compute-prohibited mode\n");
    std::exit(EXIT_FAILURE);
  }
  return best;
}

inline int findCudaDevice() {
  int dev = gpuGetMaxGflopsDeviceId();
  checkCudaErrors(cudaSetDevice(dev));
  int major = 0, minor = 0;
  checkCudaErrors(cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, dev));
  checkCudaErrors(cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, dev));
  std::printf("GPU Device %d: compute capability %d.%d\n", dev, major, minor);
  return dev;
}
#endif

static int failures = 0;
#define CHECK(cond)                                                                                \
  do {                                                                                             \
    if (!(cond)) {                                                                                 \
      std::printf("FAILED: %s (line %d)\n", #cond, __LINE__);                                      \
      ++failures;                                                                                  \
    }                                                                                              \
  } while (0)

__global__ void saxpy(int n, float a, const float *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[i] + y[i];
}

int main() {
  int dev = findCudaDevice();
  CHECK(dev == 0);
  int mode = -1, clock = 0, sms = 0, integrated = -1, managed = -1, maxThreads = 0;
  checkCudaErrors(cudaDeviceGetAttribute(&mode, cudaDevAttrComputeMode, dev));
  checkCudaErrors(cudaDeviceGetAttribute(&clock, cudaDevAttrClockRate, dev));
  checkCudaErrors(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev));
  checkCudaErrors(cudaDeviceGetAttribute(&integrated, cudaDevAttrIntegrated, dev));
  checkCudaErrors(cudaDeviceGetAttribute(&managed, cudaDevAttrConcurrentManagedAccess, dev));
  checkCudaErrors(cudaDeviceGetAttribute(&maxThreads, cudaDevAttrMaxThreadsPerMultiProcessor, dev));
  CHECK(mode == cudaComputeModeDefault);
  CHECK(clock > 0 && sms > 0 && integrated == 0 && managed == 1 && maxThreads >= 1024);
  cudaDeviceProp prop;
  checkCudaErrors(cudaGetDeviceProperties(&prop, dev));
  CHECK(prop.multiProcessorCount == sms && prop.maxThreadsPerMultiProcessor == maxThreads);
  int version = 0;
  checkCudaErrors(cudaRuntimeGetVersion(&version));
  CHECK(version == CUDART_VERSION);

  const int n = 10000;
  float *x = nullptr, *y = nullptr;
  checkCudaErrors(cudaMallocManaged(&x, n * sizeof(float)));
  checkCudaErrors(cudaMallocManaged(&y, n * sizeof(float)));
  for (int i = 0; i < n; ++i) {
    x[i] = static_cast<float>(i);
    y[i] = 1.0f;
  }
  int minGrid = 0, block = 0;
  checkCudaErrors(cudaOccupancyMaxPotentialBlockSize(&minGrid, &block, saxpy, 0, 0));
  CHECK(block > 0 && block % prop.warpSize == 0 && minGrid >= sms);
  checkCudaErrors(cudaProfilerStart());
  saxpy<<<(n + block - 1) / block, block>>>(n, 2.0f, x, y);
  getLastCudaError("saxpy launch failed");
  checkCudaErrors(cudaDeviceSynchronize());
  checkCudaErrors(cudaProfilerStop());
  for (int i = 0; i < n; ++i)
    CHECK(y[i] == 2.0f * i + 1.0f || (std::printf("y[%d] = %f\n", i, y[i]), false));
  checkCudaErrors(cudaFree(x));
  checkCudaErrors(cudaFree(y));
  std::printf("%s\n", failures == 0 ? "PASS" : "FAIL");
  return failures == 0 ? 0 : 1;
}
