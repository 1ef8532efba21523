// Prints what a CUDA 13 program can ask the runtime about the device: every
// cudaDeviceAttr enumerator, every cudaDeviceProp field, occupancy for a few
// kernels, block sizes and shared-memory sizes, the device limits, stream
// priorities, device flags and pitched-allocation pitches, one "key value"
// line each. Run natively on an H100 it recorded device_query.h100.txt;
// runtime.device_query compares warpsim's output with that recording.
// Reproduce (CUDA 13, H100 SXM):
//   nvcc -arch=sm_90 -o dq tests/runtime/device_query.cu && ./dq
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>

static void report(const char *key, cudaError_t e, long long v) {
  if (e == cudaSuccess)
    std::printf("%s %lld\n", key, v);
  else {
    std::printf("%s error %s\n", key, cudaGetErrorName(e));
    cudaGetLastError();
  }
}

// Evaluates the call before reading the value it wrote.
#define R(key, call, value)                                                                        \
  do {                                                                                             \
    cudaError_t r_ = (call);                                                                       \
    report(key, r_, (value));                                                                      \
  } while (0)

static void attributes() {
  int v = 0;
  cudaError_t e;
#define A(name)                                                                                    \
  v = 0;                                                                                           \
  e = cudaDeviceGetAttribute(&v, name, 0);                                                         \
  report("attr." #name, e, v);
  A(cudaDevAttrMaxThreadsPerBlock)
  A(cudaDevAttrMaxBlockDimX)
  A(cudaDevAttrMaxBlockDimY)
  A(cudaDevAttrMaxBlockDimZ)
  A(cudaDevAttrMaxGridDimX)
  A(cudaDevAttrMaxGridDimY)
  A(cudaDevAttrMaxGridDimZ)
  A(cudaDevAttrMaxSharedMemoryPerBlock)
  A(cudaDevAttrTotalConstantMemory)
  A(cudaDevAttrWarpSize)
  A(cudaDevAttrMaxPitch)
  A(cudaDevAttrMaxRegistersPerBlock)
  A(cudaDevAttrClockRate)
  A(cudaDevAttrTextureAlignment)
  A(cudaDevAttrGpuOverlap)
  A(cudaDevAttrMultiProcessorCount)
  A(cudaDevAttrKernelExecTimeout)
  A(cudaDevAttrIntegrated)
  A(cudaDevAttrCanMapHostMemory)
  A(cudaDevAttrComputeMode)
  A(cudaDevAttrMaxTexture1DWidth)
  A(cudaDevAttrMaxTexture2DWidth)
  A(cudaDevAttrMaxTexture2DHeight)
  A(cudaDevAttrMaxTexture3DWidth)
  A(cudaDevAttrMaxTexture3DHeight)
  A(cudaDevAttrMaxTexture3DDepth)
  A(cudaDevAttrMaxTexture2DLayeredWidth)
  A(cudaDevAttrMaxTexture2DLayeredHeight)
  A(cudaDevAttrMaxTexture2DLayeredLayers)
  A(cudaDevAttrSurfaceAlignment)
  A(cudaDevAttrConcurrentKernels)
  A(cudaDevAttrEccEnabled)
  A(cudaDevAttrPciBusId)
  A(cudaDevAttrPciDeviceId)
  A(cudaDevAttrTccDriver)
  A(cudaDevAttrMemoryClockRate)
  A(cudaDevAttrGlobalMemoryBusWidth)
  A(cudaDevAttrL2CacheSize)
  A(cudaDevAttrMaxThreadsPerMultiProcessor)
  A(cudaDevAttrAsyncEngineCount)
  A(cudaDevAttrUnifiedAddressing)
  A(cudaDevAttrMaxTexture1DLayeredWidth)
  A(cudaDevAttrMaxTexture1DLayeredLayers)
  A(cudaDevAttrMaxTexture2DGatherWidth)
  A(cudaDevAttrMaxTexture2DGatherHeight)
  A(cudaDevAttrMaxTexture3DWidthAlt)
  A(cudaDevAttrMaxTexture3DHeightAlt)
  A(cudaDevAttrMaxTexture3DDepthAlt)
  A(cudaDevAttrPciDomainId)
  A(cudaDevAttrTexturePitchAlignment)
  A(cudaDevAttrMaxTextureCubemapWidth)
  A(cudaDevAttrMaxTextureCubemapLayeredWidth)
  A(cudaDevAttrMaxTextureCubemapLayeredLayers)
  A(cudaDevAttrMaxSurface1DWidth)
  A(cudaDevAttrMaxSurface2DWidth)
  A(cudaDevAttrMaxSurface2DHeight)
  A(cudaDevAttrMaxSurface3DWidth)
  A(cudaDevAttrMaxSurface3DHeight)
  A(cudaDevAttrMaxSurface3DDepth)
  A(cudaDevAttrMaxSurface1DLayeredWidth)
  A(cudaDevAttrMaxSurface1DLayeredLayers)
  A(cudaDevAttrMaxSurface2DLayeredWidth)
  A(cudaDevAttrMaxSurface2DLayeredHeight)
  A(cudaDevAttrMaxSurface2DLayeredLayers)
  A(cudaDevAttrMaxSurfaceCubemapWidth)
  A(cudaDevAttrMaxSurfaceCubemapLayeredWidth)
  A(cudaDevAttrMaxSurfaceCubemapLayeredLayers)
  A(cudaDevAttrMaxTexture1DLinearWidth)
  A(cudaDevAttrMaxTexture2DLinearWidth)
  A(cudaDevAttrMaxTexture2DLinearHeight)
  A(cudaDevAttrMaxTexture2DLinearPitch)
  A(cudaDevAttrMaxTexture2DMipmappedWidth)
  A(cudaDevAttrMaxTexture2DMipmappedHeight)
  A(cudaDevAttrComputeCapabilityMajor)
  A(cudaDevAttrComputeCapabilityMinor)
  A(cudaDevAttrMaxTexture1DMipmappedWidth)
  A(cudaDevAttrStreamPrioritiesSupported)
  A(cudaDevAttrGlobalL1CacheSupported)
  A(cudaDevAttrLocalL1CacheSupported)
  A(cudaDevAttrMaxSharedMemoryPerMultiprocessor)
  A(cudaDevAttrMaxRegistersPerMultiprocessor)
  A(cudaDevAttrManagedMemory)
  A(cudaDevAttrIsMultiGpuBoard)
  A(cudaDevAttrMultiGpuBoardGroupID)
  A(cudaDevAttrHostNativeAtomicSupported)
  A(cudaDevAttrSingleToDoublePrecisionPerfRatio)
  A(cudaDevAttrPageableMemoryAccess)
  A(cudaDevAttrConcurrentManagedAccess)
  A(cudaDevAttrComputePreemptionSupported)
  A(cudaDevAttrCanUseHostPointerForRegisteredMem)
  A(cudaDevAttrReserved92)
  A(cudaDevAttrReserved93)
  A(cudaDevAttrReserved94)
  A(cudaDevAttrCooperativeLaunch)
  A(cudaDevAttrReserved96)
  A(cudaDevAttrMaxSharedMemoryPerBlockOptin)
  A(cudaDevAttrCanFlushRemoteWrites)
  A(cudaDevAttrHostRegisterSupported)
  A(cudaDevAttrPageableMemoryAccessUsesHostPageTables)
  A(cudaDevAttrDirectManagedMemAccessFromHost)
  A(cudaDevAttrMaxBlocksPerMultiprocessor)
  A(cudaDevAttrMaxPersistingL2CacheSize)
  A(cudaDevAttrMaxAccessPolicyWindowSize)
  A(cudaDevAttrReservedSharedMemoryPerBlock)
  A(cudaDevAttrSparseCudaArraySupported)
  A(cudaDevAttrHostRegisterReadOnlySupported)
  A(cudaDevAttrTimelineSemaphoreInteropSupported)
  A(cudaDevAttrMemoryPoolsSupported)
  A(cudaDevAttrGPUDirectRDMASupported)
  A(cudaDevAttrGPUDirectRDMAFlushWritesOptions)
  A(cudaDevAttrGPUDirectRDMAWritesOrdering)
  A(cudaDevAttrMemoryPoolSupportedHandleTypes)
  A(cudaDevAttrClusterLaunch)
  A(cudaDevAttrDeferredMappingCudaArraySupported)
  A(cudaDevAttrReserved122)
  A(cudaDevAttrReserved123)
  A(cudaDevAttrReserved124)
  A(cudaDevAttrIpcEventSupport)
  A(cudaDevAttrMemSyncDomainCount)
  A(cudaDevAttrReserved127)
  A(cudaDevAttrReserved128)
  A(cudaDevAttrReserved129)
  A(cudaDevAttrNumaConfig)
  A(cudaDevAttrNumaId)
  A(cudaDevAttrReserved132)
  A(cudaDevAttrMpsEnabled)
  A(cudaDevAttrHostNumaId)
  A(cudaDevAttrD3D12CigSupported)
  A(cudaDevAttrVulkanCigSupported)
  A(cudaDevAttrGpuPciDeviceId)
  A(cudaDevAttrGpuPciSubsystemId)
  A(cudaDevAttrReserved141)
  A(cudaDevAttrHostNumaMemoryPoolsSupported)
  A(cudaDevAttrHostNumaMultinodeIpcSupported)
  A(cudaDevAttrHostMemoryPoolsSupported)
  A(cudaDevAttrReserved145)
  A(cudaDevAttrOnlyPartialHostNativeAtomicSupported)
  A(cudaDevAttrMax)
#undef A
  e = cudaDeviceGetAttribute(&v, static_cast<cudaDeviceAttr>(1000), 0);
  report("attr.1000", e, v);
  e = cudaDeviceGetAttribute(&v, cudaDevAttrWarpSize, 7);
  report("attr.warpSize.device7", e, v);
}

static void properties() {
  cudaDeviceProp p;
  std::memset(&p, 0, sizeof p);
  cudaError_t e = cudaGetDeviceProperties(&p, 0);
  report("prop.status", e, 0);
  std::printf("prop.name %s\n", p.name);
  char key[128];
#define P(f) std::printf("prop." #f " %lld\n", static_cast<long long>(p.f));
#define PZ(f) std::printf("prop." #f " %llu\n", static_cast<unsigned long long>(p.f));
#define PU(f) std::printf("prop." #f " %u\n", static_cast<unsigned>(p.f));
#define PA(f, n)                                                                                   \
  for (int i = 0; i < n; ++i) {                                                                    \
    std::snprintf(key, sizeof key, "prop." #f "[%d]", i);                                          \
    std::printf("%s %d\n", key, p.f[i]);                                                           \
  }
  PU(luidDeviceNodeMask)
  PZ(totalGlobalMem)
  PZ(sharedMemPerBlock)
  P(regsPerBlock)
  P(warpSize)
  PZ(memPitch)
  P(maxThreadsPerBlock)
  PA(maxThreadsDim, 3)
  PA(maxGridSize, 3)
  PZ(totalConstMem)
  P(major)
  P(minor)
  PZ(textureAlignment)
  PZ(texturePitchAlignment)
  P(multiProcessorCount)
  P(integrated)
  P(canMapHostMemory)
  P(maxTexture1D)
  P(maxTexture1DMipmap)
  PA(maxTexture2D, 2)
  PA(maxTexture2DMipmap, 2)
  PA(maxTexture2DLinear, 3)
  PA(maxTexture2DGather, 2)
  PA(maxTexture3D, 3)
  PA(maxTexture3DAlt, 3)
  P(maxTextureCubemap)
  PA(maxTexture1DLayered, 2)
  PA(maxTexture2DLayered, 3)
  PA(maxTextureCubemapLayered, 2)
  P(maxSurface1D)
  PA(maxSurface2D, 2)
  PA(maxSurface3D, 3)
  PA(maxSurface1DLayered, 2)
  PA(maxSurface2DLayered, 3)
  P(maxSurfaceCubemap)
  PA(maxSurfaceCubemapLayered, 2)
  PZ(surfaceAlignment)
  P(concurrentKernels)
  P(ECCEnabled)
  P(pciBusID)
  P(pciDeviceID)
  P(pciDomainID)
  P(tccDriver)
  P(asyncEngineCount)
  P(unifiedAddressing)
  P(memoryBusWidth)
  P(l2CacheSize)
  P(persistingL2CacheMaxSize)
  P(maxThreadsPerMultiProcessor)
  P(streamPrioritiesSupported)
  P(globalL1CacheSupported)
  P(localL1CacheSupported)
  PZ(sharedMemPerMultiprocessor)
  P(regsPerMultiprocessor)
  P(managedMemory)
  P(isMultiGpuBoard)
  P(multiGpuBoardGroupID)
  P(hostNativeAtomicSupported)
  P(pageableMemoryAccess)
  P(concurrentManagedAccess)
  P(computePreemptionSupported)
  P(canUseHostPointerForRegisteredMem)
  P(cooperativeLaunch)
  PZ(sharedMemPerBlockOptin)
  P(pageableMemoryAccessUsesHostPageTables)
  P(directManagedMemAccessFromHost)
  P(maxBlocksPerMultiProcessor)
  P(accessPolicyMaxWindowSize)
  PZ(reservedSharedMemPerBlock)
  P(hostRegisterSupported)
  P(sparseCudaArraySupported)
  P(hostRegisterReadOnlySupported)
  P(timelineSemaphoreInteropSupported)
  P(memoryPoolsSupported)
  P(gpuDirectRDMASupported)
  PU(gpuDirectRDMAFlushWritesOptions)
  P(gpuDirectRDMAWritesOrdering)
  PU(memoryPoolSupportedHandleTypes)
  P(deferredMappingCudaArraySupported)
  P(ipcEventSupported)
  P(clusterLaunch)
  P(unifiedFunctionPointers)
  P(deviceNumaConfig)
  P(deviceNumaId)
  P(mpsEnabled)
  P(hostNumaId)
  PU(gpuPciDeviceID)
  PU(gpuPciSubsystemID)
  P(hostNumaMultinodeIpcSupported)
#undef P
#undef PZ
#undef PU
#undef PA
}

// Kernels with few registers (numRegs is printed), so that registers never
// limit their occupancy: warpsim has no register counts.
__global__ void k_plain(float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = 2.0f * i;
}
__global__ void k_plain_optin(float *out) {
  extern __shared__ float dyn[];
  dyn[threadIdx.x] = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = dyn[blockDim.x - 1 - threadIdx.x];
}
__global__ void k_static12k(float *out) {
  __shared__ float tile[3072];
  tile[threadIdx.x] = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = tile[(threadIdx.x + 1) % blockDim.x];
}
__global__ void k_static40k(float *out) {
  __shared__ float tile[10240];
  for (int i = threadIdx.x; i < 10240; i += blockDim.x)
    tile[i] = i;
  __syncthreads();
  out[threadIdx.x] = tile[(threadIdx.x * 7) % 10240];
}

static void funcAttributes(const char *name, const void *f) {
  cudaFuncAttributes a;
  std::memset(&a, 0, sizeof a);
  cudaError_t e = cudaFuncGetAttributes(&a, f);
  char key[128];
#define F(field)                                                                                   \
  std::snprintf(key, sizeof key, "func.%s." #field, name);                                         \
  report(key, e, static_cast<long long>(a.field));
  F(sharedSizeBytes)
  F(constSizeBytes)
  F(localSizeBytes)
  F(maxThreadsPerBlock)
  F(numRegs)
  F(ptxVersion)
  F(binaryVersion)
  F(cacheModeCA)
  F(maxDynamicSharedSizeBytes)
  F(preferredShmemCarveout)
  F(clusterDimMustBeSet)
  F(requiredClusterWidth)
  F(nonPortableClusterSizeAllowed)
#undef F
}

static const int kBlockSizes[] = {1, 32, 33, 64, 96, 128, 160, 192, 256, 320, 384, 512, 640, 768, 1024, 1025};
static const int kSmem[] = {0, 1, 1024, 3072, 8192, 20000, 49152, 49153, 102400, 163840, 232448};

template <class K> static void occupancy(const char *name, K kernel) {
  char key[160];
  for (int bs : kBlockSizes)
    for (int sm : kSmem) {
      int blocks = -1;
      cudaError_t e = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, kernel, bs, sm);
      std::snprintf(key, sizeof key, "occ.%s.b%d.s%d", name, bs, sm);
      report(key, e, blocks);
    }
  for (int sm : {0, 4096, 32768, 102400})
    for (int limit : {0, 200, 1024}) {
      int minGrid = -1, block = -1;
      cudaError_t e = cudaOccupancyMaxPotentialBlockSize(&minGrid, &block, kernel, sm, limit);
      std::snprintf(key, sizeof key, "maxpot.%s.s%d.l%d.minGrid", name, sm, limit);
      report(key, e, minGrid);
      std::snprintf(key, sizeof key, "maxpot.%s.s%d.l%d.block", name, sm, limit);
      report(key, e, block);
    }
}

struct SmemPerThread {
  int bytes;
  __host__ __device__ size_t operator()(int blockSize) const {
    return static_cast<size_t>(blockSize) * bytes;
  }
};

template <class K> static void variableSmem(const char *name, K kernel) {
  char key[160];
  for (int bytes : {4, 64, 200}) {
    int minGrid = -1, block = -1;
    cudaError_t e = cudaOccupancyMaxPotentialBlockSizeVariableSMem(&minGrid, &block, kernel,
                                                                   SmemPerThread{bytes}, 0);
    std::snprintf(key, sizeof key, "maxpotvar.%s.t%d.minGrid", name, bytes);
    report(key, e, minGrid);
    std::snprintf(key, sizeof key, "maxpotvar.%s.t%d.block", name, bytes);
    report(key, e, block);
  }
  int dyn = -1;
  for (int bs : {32, 256, 1024}) {
    for (int nb : {1, 2, 8, 33}) {
      size_t avail = 0;
      cudaError_t e = cudaOccupancyAvailableDynamicSMemPerBlock(&avail, kernel, nb, bs);
      std::snprintf(key, sizeof key, "availsmem.%s.n%d.b%d", name, nb, bs);
      report(key, e, static_cast<long long>(avail));
    }
  }
  (void)dyn;
}

static void limits() {
  const struct {
    const char *name;
    cudaLimit limit;
  } all[] = {{"StackSize", cudaLimitStackSize},
             {"PrintfFifoSize", cudaLimitPrintfFifoSize},
             {"MallocHeapSize", cudaLimitMallocHeapSize},
             {"DevRuntimeSyncDepth", cudaLimitDevRuntimeSyncDepth},
             {"DevRuntimePendingLaunchCount", cudaLimitDevRuntimePendingLaunchCount},
             {"MaxL2FetchGranularity", cudaLimitMaxL2FetchGranularity},
             {"PersistingL2CacheSize", cudaLimitPersistingL2CacheSize}};
  char key[128];
  for (auto &l : all) {
    size_t v = 0;
    cudaError_t e = cudaDeviceGetLimit(&v, l.limit);
    std::snprintf(key, sizeof key, "limit.%s", l.name);
    report(key, e, static_cast<long long>(v));
  }
  size_t v = 0;
  R("limit.set.StackSize.4000", cudaDeviceSetLimit(cudaLimitStackSize, 4000), 0);
  R("limit.get.StackSize.after4000", cudaDeviceGetLimit(&v, cudaLimitStackSize), v);
  R("limit.set.MallocHeapSize.1000001",
         cudaDeviceSetLimit(cudaLimitMallocHeapSize, 1000001), 0);
  R("limit.get.MallocHeapSize.after1000001",
         cudaDeviceGetLimit(&v, cudaLimitMallocHeapSize), v);
  R("limit.set.PrintfFifoSize.3000000",
         cudaDeviceSetLimit(cudaLimitPrintfFifoSize, 3000000), 0);
  R("limit.get.PrintfFifoSize.after3000000",
         cudaDeviceGetLimit(&v, cudaLimitPrintfFifoSize), v);
  R("limit.set.99", cudaDeviceSetLimit(static_cast<cudaLimit>(99), 1), 0);
  R("limit.get.99", cudaDeviceGetLimit(&v, static_cast<cudaLimit>(99)), 0);
}

static void streams() {
  int least = 99, greatest = 99;
  cudaError_t e = cudaDeviceGetStreamPriorityRange(&least, &greatest);
  report("stream.priority.least", e, least);
  report("stream.priority.greatest", e, greatest);
  for (int asked : {-100, -5, -3, -1, 0, 1, 7}) {
    cudaStream_t s;
    char key[128];
    e = cudaStreamCreateWithPriority(&s, cudaStreamNonBlocking, asked);
    int prio = 99;
    unsigned flags = 99;
    if (e == cudaSuccess) {
      e = cudaStreamGetPriority(s, &prio);
      std::snprintf(key, sizeof key, "stream.priority.asked%d", asked);
      report(key, e, prio);
      e = cudaStreamGetFlags(s, &flags);
      std::snprintf(key, sizeof key, "stream.flags.asked%d", asked);
      report(key, e, flags);
      cudaStreamDestroy(s);
    } else {
      std::snprintf(key, sizeof key, "stream.create.asked%d", asked);
      report(key, e, 0);
    }
  }
  cudaStream_t s;
  unsigned flags = 99;
  int prio = 99;
  R("stream.default.create", cudaStreamCreate(&s), 0);
  R("stream.default.flags", cudaStreamGetFlags(s, &flags), flags);
  R("stream.default.priority", cudaStreamGetPriority(s, &prio), prio);
  cudaStreamDestroy(s);
  R("stream.null.flags", cudaStreamGetFlags(0, &flags), flags);
  R("stream.null.priority", cudaStreamGetPriority(0, &prio), prio);
  R("stream.withflags.bad", cudaStreamCreateWithFlags(&s, 0x10), 0);
}

static void pitches() {
  char key[128];
  for (size_t w : {1, 4, 100, 256, 511, 512, 513, 1000, 2048, 4097}) {
    void *p = nullptr;
    size_t pitch = 0;
    cudaError_t e = cudaMallocPitch(&p, &pitch, w, 3);
    std::snprintf(key, sizeof key, "pitch.w%zu", w);
    report(key, e, static_cast<long long>(pitch));
    cudaFree(p);
  }
  cudaPitchedPtr pp;
  cudaError_t e = cudaMalloc3D(&pp, make_cudaExtent(100, 4, 2));
  report("malloc3d.pitch", e, static_cast<long long>(pp.pitch));
  report("malloc3d.xsize", e, static_cast<long long>(pp.xsize));
  report("malloc3d.ysize", e, static_cast<long long>(pp.ysize));
  cudaFree(pp.ptr);
  void *p = nullptr;
  size_t pitch = 0;
  R("pitch.w0", cudaMallocPitch(&p, &pitch, 0, 3), static_cast<long long>(pitch));
  cudaFree(p);
  R("pitch.h0", cudaMallocPitch(&p, &pitch, 16, 0), static_cast<long long>(pitch));
  cudaFree(p);
  // Error codes of bad 2-D copies and sets.
  char *d = nullptr;
  size_t dp = 0;
  cudaMallocPitch(reinterpret_cast<void **>(&d), &dp, 64, 4);
  static char host[4096];
  R("memcpy2d.spitch_lt_width",
         cudaMemcpy2D(d, dp, host, 10, 64, 4, cudaMemcpyHostToDevice), 0);
  R("memcpy2d.dpitch_lt_width",
         cudaMemcpy2D(d, 10, host, 64, 64, 4, cudaMemcpyHostToDevice), 0);
  R("memcpy2d.ok", cudaMemcpy2D(d, dp, host, 64, 64, 4, cudaMemcpyHostToDevice), 0);
  R("memcpy2d.zero_height", cudaMemcpy2D(d, dp, host, 64, 64, 0, cudaMemcpyHostToDevice), 0);
  R("memset2d.pitch_lt_width", cudaMemset2D(d, 10, 1, 64, 4), 0);
  R("memset2d.ok", cudaMemset2D(d, dp, 1, 64, 4), 0);
  cudaFree(d);
}

static void hostMemory() {
  unsigned flags = 99;
  R("deviceflags.after_init", cudaGetDeviceFlags(&flags), flags);
  R("deviceflags.set_blocking_maphost",
         cudaSetDeviceFlags(cudaDeviceScheduleBlockingSync | cudaDeviceMapHost), 0);
  R("deviceflags.after_set", cudaGetDeviceFlags(&flags), flags);
  R("deviceflags.set_bad", cudaSetDeviceFlags(0x1000), 0);
  R("deviceflags.set_spin", cudaSetDeviceFlags(cudaDeviceScheduleSpin), 0);
  R("deviceflags.after_spin", cudaGetDeviceFlags(&flags), flags);

  float *h = nullptr, *d = nullptr;
  R("hostalloc.mapped", cudaHostAlloc(reinterpret_cast<void **>(&h), 4096, cudaHostAllocMapped), 0);
  R("hostalloc.devptr", cudaHostGetDevicePointer(reinterpret_cast<void **>(&d), h, 0), 0);
  std::printf("hostalloc.devptr_equals_host %d\n", d == h);
  R("hostalloc.devptr_flags1", cudaHostGetDevicePointer(reinterpret_cast<void **>(&d), h, 1), 0);
  unsigned hf = 99;
  R("hostalloc.getflags", cudaHostGetFlags(&hf, h), hf);
  cudaFreeHost(h);
  R("hostalloc.bad_flags", cudaHostAlloc(reinterpret_cast<void **>(&h), 64, 0x100), 0);

  void *m = std::malloc(1 << 16);
  R("hostregister.mapped", cudaHostRegister(m, 1 << 16, cudaHostRegisterMapped), 0);
  R("hostregister.twice", cudaHostRegister(m, 1 << 16, cudaHostRegisterMapped), 0);
  void *dm = nullptr;
  R("hostregister.devptr", cudaHostGetDevicePointer(&dm, m, 0), 0);
  std::printf("hostregister.devptr_equals_host %d\n", dm == m);
  R("hostregister.devptr_inner",
         cudaHostGetDevicePointer(&dm, static_cast<char *>(m) + 100, 0), 0);
  std::printf("hostregister.devptr_inner_equals %d\n", dm == static_cast<char *>(m) + 100);
  R("hostregister.getflags", cudaHostGetFlags(&hf, m), hf);
  R("hostregister.unregister", cudaHostUnregister(m), 0);
  R("hostregister.unregister_twice", cudaHostUnregister(m), 0);
  R("hostregister.devptr_after", cudaHostGetDevicePointer(&dm, m, 0), 0);
  std::free(m);
  int local = 0;
  R("hostgetdeviceptr.unregistered", cudaHostGetDevicePointer(&dm, &local, 0), 0);
}

__device__ float d_sym[10];
__constant__ int c_sym[3];

static void symbols() {
  size_t size = 0;
  R("symbol.size.d_sym", cudaGetSymbolSize(&size, d_sym), static_cast<long long>(size));
  R("symbol.size.c_sym", cudaGetSymbolSize(&size, c_sym), static_cast<long long>(size));
  void *a = nullptr;
  R("symbol.address.d_sym", cudaGetSymbolAddress(&a, d_sym), 0);
}

int main() {
  int rt = 0, drv = 0;
  cudaRuntimeGetVersion(&rt);
  cudaDriverGetVersion(&drv);
  std::printf("version.runtime %d\n", rt);
  std::printf("version.driver_at_least_runtime %d\n", drv >= rt);
  hostMemory();
  attributes();
  properties();
  // One launch of each kernel first: warpsim learns a kernel's static shared
  // memory from its launch (docs/device-api.md, occupancy).
  float *out = nullptr;
  cudaMalloc(&out, 1024 * sizeof(float));
  k_plain<<<1, 32>>>(out);
  k_plain_optin<<<1, 32, 32 * sizeof(float)>>>(out);
  k_static12k<<<1, 32>>>(out);
  k_static40k<<<1, 32>>>(out);
  report("warmup", cudaDeviceSynchronize(), 0);
  cudaFree(out);
  cudaFuncSetAttribute(k_plain_optin, cudaFuncAttributeMaxDynamicSharedMemorySize, 232448);
  funcAttributes("plain", reinterpret_cast<const void *>(k_plain));
  funcAttributes("plain_optin", reinterpret_cast<const void *>(k_plain_optin));
  funcAttributes("static12k", reinterpret_cast<const void *>(k_static12k));
  funcAttributes("static40k", reinterpret_cast<const void *>(k_static40k));
  occupancy("plain", k_plain);
  occupancy("plain_optin", k_plain_optin);
  occupancy("static12k", k_static12k);
  occupancy("static40k", k_static40k);
  variableSmem("plain", k_plain);
  variableSmem("plain_optin", k_plain_optin);
  variableSmem("static12k", k_static12k);
  limits();
  streams();
  pitches();
  symbols();
  R("final.last_error", cudaGetLastError(), 0);
  std::printf("done\n");
  return 0;
}
