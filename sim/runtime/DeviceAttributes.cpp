// cudaDeviceGetAttribute and cudaGetDeviceProperties: every attribute and
// every field of CUDA 13. Three sources, in this order:
//   1. the architecture table (model/arch/*.arch, --arch): limits, sizes,
//      clocks, compute capability; the warp size is --warp-size's;
//   2. features warpsim does not have (memory pools, CUDA arrays,
//      interop): reported absent (0), so a program
//      that asks first takes its fallback path;
//   3. everything else: the value an H100 80GB HBM3 reports under CUDA 13
//      (tests/runtime/device_query.h100.txt), whatever --arch says.
#include <cstring>
#include <optional>

#include <cuda_runtime.h>

#include "Runtime.h"

using namespace warpsim;
using namespace warpsim::sim;

namespace {

struct Fixed {
  cudaDeviceAttr attr;
  long long value;
};
constexpr Fixed kH100[] = {
    // Generated from tests/runtime/device_query.h100.txt (an H100 80GB HBM3,
    // CUDA 13.0, driver 580); see DeviceAttributes.cpp for which entries the
    // arch table or warpsim itself overrides.

    {cudaDevAttrMaxPitch, 2147483647},
    {cudaDevAttrTextureAlignment, 512},
    {cudaDevAttrGpuOverlap, 1},
    {cudaDevAttrKernelExecTimeout, 0},
    {cudaDevAttrIntegrated, 0},
    {cudaDevAttrCanMapHostMemory, 1},
    {cudaDevAttrComputeMode, 0},
    {cudaDevAttrMaxTexture1DWidth, 131072},
    {cudaDevAttrMaxTexture2DWidth, 131072},
    {cudaDevAttrMaxTexture2DHeight, 65536},
    {cudaDevAttrMaxTexture3DWidth, 16384},
    {cudaDevAttrMaxTexture3DHeight, 16384},
    {cudaDevAttrMaxTexture3DDepth, 16384},
    {cudaDevAttrMaxTexture2DLayeredWidth, 32768},
    {cudaDevAttrMaxTexture2DLayeredHeight, 32768},
    {cudaDevAttrMaxTexture2DLayeredLayers, 2048},
    {cudaDevAttrSurfaceAlignment, 512},
    {cudaDevAttrConcurrentKernels, 1},
    {cudaDevAttrEccEnabled, 1},
    {cudaDevAttrTccDriver, 0},
    {cudaDevAttrAsyncEngineCount, 3},
    {cudaDevAttrUnifiedAddressing, 1},
    {cudaDevAttrMaxTexture1DLayeredWidth, 32768},
    {cudaDevAttrMaxTexture1DLayeredLayers, 2048},
    {cudaDevAttrMaxTexture2DGatherWidth, 32768},
    {cudaDevAttrMaxTexture2DGatherHeight, 32768},
    {cudaDevAttrMaxTexture3DWidthAlt, 8192},
    {cudaDevAttrMaxTexture3DHeightAlt, 8192},
    {cudaDevAttrMaxTexture3DDepthAlt, 32768},
    {cudaDevAttrTexturePitchAlignment, 32},
    {cudaDevAttrMaxTextureCubemapWidth, 32768},
    {cudaDevAttrMaxTextureCubemapLayeredWidth, 32768},
    {cudaDevAttrMaxTextureCubemapLayeredLayers, 2046},
    {cudaDevAttrMaxSurface1DWidth, 32768},
    {cudaDevAttrMaxSurface2DWidth, 131072},
    {cudaDevAttrMaxSurface2DHeight, 65536},
    {cudaDevAttrMaxSurface3DWidth, 16384},
    {cudaDevAttrMaxSurface3DHeight, 16384},
    {cudaDevAttrMaxSurface3DDepth, 16384},
    {cudaDevAttrMaxSurface1DLayeredWidth, 32768},
    {cudaDevAttrMaxSurface1DLayeredLayers, 2048},
    {cudaDevAttrMaxSurface2DLayeredWidth, 32768},
    {cudaDevAttrMaxSurface2DLayeredHeight, 32768},
    {cudaDevAttrMaxSurface2DLayeredLayers, 2048},
    {cudaDevAttrMaxSurfaceCubemapWidth, 32768},
    {cudaDevAttrMaxSurfaceCubemapLayeredWidth, 32768},
    {cudaDevAttrMaxSurfaceCubemapLayeredLayers, 2046},
    {cudaDevAttrMaxTexture1DLinearWidth, 268435456},
    {cudaDevAttrMaxTexture2DLinearWidth, 131072},
    {cudaDevAttrMaxTexture2DLinearHeight, 65000},
    {cudaDevAttrMaxTexture2DLinearPitch, 2097120},
    {cudaDevAttrMaxTexture2DMipmappedWidth, 32768},
    {cudaDevAttrMaxTexture2DMipmappedHeight, 32768},
    {cudaDevAttrMaxTexture1DMipmappedWidth, 32768},
    {cudaDevAttrStreamPrioritiesSupported, 1},
    {cudaDevAttrGlobalL1CacheSupported, 1},
    {cudaDevAttrLocalL1CacheSupported, 1},
    {cudaDevAttrManagedMemory, 1},
    {cudaDevAttrIsMultiGpuBoard, 0},
    {cudaDevAttrMultiGpuBoardGroupID, 0},
    {cudaDevAttrHostNativeAtomicSupported, 0},
    {cudaDevAttrSingleToDoublePrecisionPerfRatio, 2},
    {cudaDevAttrPageableMemoryAccess, 0},
    {cudaDevAttrConcurrentManagedAccess, 1},
    {cudaDevAttrComputePreemptionSupported, 1},
    {cudaDevAttrCanUseHostPointerForRegisteredMem, 1},
    {cudaDevAttrReserved92, 0},
    {cudaDevAttrReserved93, 0},
    {cudaDevAttrReserved94, 0},
    {cudaDevAttrReserved96, 1},
    {cudaDevAttrCanFlushRemoteWrites, 0},
    {cudaDevAttrHostRegisterSupported, 1},
    {cudaDevAttrPageableMemoryAccessUsesHostPageTables, 0},
    {cudaDevAttrDirectManagedMemAccessFromHost, 0},
    {cudaDevAttrMaxPersistingL2CacheSize, 32768000},
    {cudaDevAttrMaxAccessPolicyWindowSize, 134217728},
    {cudaDevAttrReserved122, 1},
    {cudaDevAttrReserved123, 1},
    {cudaDevAttrReserved124, 1},
    {cudaDevAttrMemSyncDomainCount, 4},
    {cudaDevAttrReserved127, 1},
    {cudaDevAttrReserved128, 1},
    {cudaDevAttrReserved129, 1},
    {cudaDevAttrNumaConfig, 0},
    {cudaDevAttrNumaId, -1},
    {cudaDevAttrReserved132, 0},
    {cudaDevAttrMpsEnabled, 0},
    {cudaDevAttrHostNumaId, 0},
    {cudaDevAttrD3D12CigSupported, 0},
    {cudaDevAttrVulkanCigSupported, 0},
    {cudaDevAttrGpuPciDeviceId, 590352606},
    {cudaDevAttrGpuPciSubsystemId, 381751518},
    {cudaDevAttrReserved141, 1},
    {cudaDevAttrHostNumaMultinodeIpcSupported, 0},
    {cudaDevAttrReserved145, 1},
    {cudaDevAttrOnlyPartialHostNativeAtomicSupported, 0},
};

std::optional<long long> attribute(const Runtime &r, cudaDeviceAttr attr) {
  const model::ArchSpec &a = r.arch;
  const unsigned lanes = r.laneCount;
  switch (attr) {
  case cudaDevAttrMaxThreadsPerBlock:
    return static_cast<long long>(a.max_threads_per_block);
  case cudaDevAttrMaxBlockDimX:
    return static_cast<long long>(a.max_block_dim[0]);
  case cudaDevAttrMaxBlockDimY:
    return static_cast<long long>(a.max_block_dim[1]);
  case cudaDevAttrMaxBlockDimZ:
    return static_cast<long long>(a.max_block_dim[2]);
  case cudaDevAttrMaxGridDimX:
    return static_cast<long long>(a.max_grid_dim[0]);
  case cudaDevAttrMaxGridDimY:
    return static_cast<long long>(a.max_grid_dim[1]);
  case cudaDevAttrMaxGridDimZ:
    return static_cast<long long>(a.max_grid_dim[2]);
  case cudaDevAttrMaxSharedMemoryPerBlock:
    return static_cast<long long>(a.static_shared_per_block);
  case cudaDevAttrTotalConstantMemory:
    return static_cast<long long>(a.total_const_mem);
  case cudaDevAttrWarpSize:
    return static_cast<long long>(lanes);
  case cudaDevAttrMaxRegistersPerBlock:
    return static_cast<long long>(a.registers_per_block);
  case cudaDevAttrClockRate:
    return static_cast<long long>(a.clock_rate_khz);
  case cudaDevAttrMultiProcessorCount:
    return static_cast<long long>(a.multiprocessor_count);
  case cudaDevAttrMemoryClockRate:
    return static_cast<long long>(a.memory_clock_rate_khz);
  case cudaDevAttrGlobalMemoryBusWidth:
    return static_cast<long long>(a.memory_bus_width);
  case cudaDevAttrL2CacheSize:
    return static_cast<long long>(a.l2_cache_size);
  case cudaDevAttrMaxThreadsPerMultiProcessor:
    return static_cast<long long>(a.max_threads_per_sm);
  case cudaDevAttrComputeCapabilityMajor:
    return static_cast<long long>(a.compute_major);
  case cudaDevAttrComputeCapabilityMinor:
    return static_cast<long long>(a.compute_minor);
  case cudaDevAttrMaxSharedMemoryPerMultiprocessor:
    return static_cast<long long>(a.shared_per_sm);
  case cudaDevAttrMaxRegistersPerMultiprocessor:
    return static_cast<long long>(a.registers_per_sm);
  case cudaDevAttrMaxSharedMemoryPerBlockOptin:
    return static_cast<long long>(a.shared_per_block_optin);
  case cudaDevAttrMaxBlocksPerMultiprocessor:
    return static_cast<long long>(a.max_blocks_per_sm);
  case cudaDevAttrReservedSharedMemoryPerBlock:
    return static_cast<long long>(a.reserved_shared_per_block);
  case cudaDevAttrCooperativeLaunch: // cudaLaunchCooperativeKernel and grid.sync()
    return 1;
  case cudaDevAttrClusterLaunch: // thread block clusters: sm_90 and later
    return a.compute_major >= 9 ? 1 : 0;
  case cudaDevAttrMemoryPoolsSupported: // cudaMallocAsync, device pools (MemoryPools.cpp)
    return 1;
  case cudaDevAttrMemoryPoolSupportedHandleTypes:    // exportable (IPC) pools
  case cudaDevAttrHostMemoryPoolsSupported:          // pools of host memory
  case cudaDevAttrHostNumaMemoryPoolsSupported:      // pools of host memory
  case cudaDevAttrSparseCudaArraySupported:          // CUDA arrays
  case cudaDevAttrDeferredMappingCudaArraySupported: // CUDA arrays
  case cudaDevAttrTimelineSemaphoreInteropSupported: // external semaphores
  case cudaDevAttrGPUDirectRDMASupported:            // GPUDirect RDMA
  case cudaDevAttrGPUDirectRDMAFlushWritesOptions:   // GPUDirect RDMA
  case cudaDevAttrGPUDirectRDMAWritesOrdering:       // GPUDirect RDMA
  case cudaDevAttrIpcEventSupport:                   // IPC
  case cudaDevAttrHostRegisterReadOnlySupported:     // cudaHostRegisterReadOnly
  case cudaDevAttrPciBusId:                          // (no PCI device)
  case cudaDevAttrPciDeviceId:                       // (no PCI device)
  case cudaDevAttrPciDomainId:                       // (no PCI device)
    return 0;
  default:
    break;
  }
  for (const Fixed &f : kH100)
    if (f.attr == attr)
      return f.value;
  return std::nullopt;
}

int attr(const Runtime &r, cudaDeviceAttr a) { return static_cast<int>(*attribute(r, a)); }

} // namespace

extern "C" {

cudaError_t cudaDeviceGetAttribute(int *value, cudaDeviceAttr a, int device) {
  Runtime &r = Runtime::get();
  if (value == nullptr)
    return r.setError(cudaErrorInvalidValue);
  if (device != 0)
    return r.setError(cudaErrorInvalidDevice);
  std::optional<long long> v = attribute(r, a);
  if (!v)
    return r.setError(cudaErrorInvalidValue);
  *value = static_cast<int>(*v);
  return cudaSuccess;
}

cudaError_t cudaGetDeviceProperties(cudaDeviceProp *p, int device) {
  Runtime &r = Runtime::get();
  if (p == nullptr)
    return r.setError(cudaErrorInvalidValue);
  if (device != 0)
    return r.setError(cudaErrorInvalidDevice);
  const model::ArchSpec &a = r.arch;
  std::memset(p, 0, sizeof *p);
  std::strncpy(p->name, a.display_name.c_str(), sizeof p->name - 1);
  // A fixed UUID, so that output stays the same from run to run.
  std::memcpy(p->uuid.bytes, "warpsim-device-0", 16);
  p->totalGlobalMem = a.total_global_mem;
  p->sharedMemPerBlock = a.static_shared_per_block;
  p->regsPerBlock = attr(r, cudaDevAttrMaxRegistersPerBlock);
  p->warpSize = static_cast<int>(r.laneCount);
  p->memPitch = static_cast<std::size_t>(attr(r, cudaDevAttrMaxPitch));
  p->maxThreadsPerBlock = attr(r, cudaDevAttrMaxThreadsPerBlock);
  for (int i = 0; i < 3; ++i) {
    p->maxThreadsDim[i] = static_cast<int>(a.max_block_dim[i]);
    p->maxGridSize[i] = static_cast<int>(a.max_grid_dim[i]);
  }
  p->totalConstMem = a.total_const_mem;
  p->major = a.compute_major;
  p->minor = a.compute_minor;
  p->textureAlignment = static_cast<std::size_t>(attr(r, cudaDevAttrTextureAlignment));
  p->texturePitchAlignment = static_cast<std::size_t>(attr(r, cudaDevAttrTexturePitchAlignment));
  p->multiProcessorCount = attr(r, cudaDevAttrMultiProcessorCount);
  p->integrated = attr(r, cudaDevAttrIntegrated);
  p->canMapHostMemory = attr(r, cudaDevAttrCanMapHostMemory);
  p->maxTexture1D = attr(r, cudaDevAttrMaxTexture1DWidth);
  p->maxTexture1DMipmap = attr(r, cudaDevAttrMaxTexture1DMipmappedWidth);
  p->maxTexture2D[0] = attr(r, cudaDevAttrMaxTexture2DWidth);
  p->maxTexture2D[1] = attr(r, cudaDevAttrMaxTexture2DHeight);
  p->maxTexture2DMipmap[0] = attr(r, cudaDevAttrMaxTexture2DMipmappedWidth);
  p->maxTexture2DMipmap[1] = attr(r, cudaDevAttrMaxTexture2DMipmappedHeight);
  p->maxTexture2DLinear[0] = attr(r, cudaDevAttrMaxTexture2DLinearWidth);
  p->maxTexture2DLinear[1] = attr(r, cudaDevAttrMaxTexture2DLinearHeight);
  p->maxTexture2DLinear[2] = attr(r, cudaDevAttrMaxTexture2DLinearPitch);
  p->maxTexture2DGather[0] = attr(r, cudaDevAttrMaxTexture2DGatherWidth);
  p->maxTexture2DGather[1] = attr(r, cudaDevAttrMaxTexture2DGatherHeight);
  p->maxTexture3D[0] = attr(r, cudaDevAttrMaxTexture3DWidth);
  p->maxTexture3D[1] = attr(r, cudaDevAttrMaxTexture3DHeight);
  p->maxTexture3D[2] = attr(r, cudaDevAttrMaxTexture3DDepth);
  p->maxTexture3DAlt[0] = attr(r, cudaDevAttrMaxTexture3DWidthAlt);
  p->maxTexture3DAlt[1] = attr(r, cudaDevAttrMaxTexture3DHeightAlt);
  p->maxTexture3DAlt[2] = attr(r, cudaDevAttrMaxTexture3DDepthAlt);
  p->maxTextureCubemap = attr(r, cudaDevAttrMaxTextureCubemapWidth);
  p->maxTexture1DLayered[0] = attr(r, cudaDevAttrMaxTexture1DLayeredWidth);
  p->maxTexture1DLayered[1] = attr(r, cudaDevAttrMaxTexture1DLayeredLayers);
  p->maxTexture2DLayered[0] = attr(r, cudaDevAttrMaxTexture2DLayeredWidth);
  p->maxTexture2DLayered[1] = attr(r, cudaDevAttrMaxTexture2DLayeredHeight);
  p->maxTexture2DLayered[2] = attr(r, cudaDevAttrMaxTexture2DLayeredLayers);
  p->maxTextureCubemapLayered[0] = attr(r, cudaDevAttrMaxTextureCubemapLayeredWidth);
  p->maxTextureCubemapLayered[1] = attr(r, cudaDevAttrMaxTextureCubemapLayeredLayers);
  p->maxSurface1D = attr(r, cudaDevAttrMaxSurface1DWidth);
  p->maxSurface2D[0] = attr(r, cudaDevAttrMaxSurface2DWidth);
  p->maxSurface2D[1] = attr(r, cudaDevAttrMaxSurface2DHeight);
  p->maxSurface3D[0] = attr(r, cudaDevAttrMaxSurface3DWidth);
  p->maxSurface3D[1] = attr(r, cudaDevAttrMaxSurface3DHeight);
  p->maxSurface3D[2] = attr(r, cudaDevAttrMaxSurface3DDepth);
  p->maxSurface1DLayered[0] = attr(r, cudaDevAttrMaxSurface1DLayeredWidth);
  p->maxSurface1DLayered[1] = attr(r, cudaDevAttrMaxSurface1DLayeredLayers);
  p->maxSurface2DLayered[0] = attr(r, cudaDevAttrMaxSurface2DLayeredWidth);
  p->maxSurface2DLayered[1] = attr(r, cudaDevAttrMaxSurface2DLayeredHeight);
  p->maxSurface2DLayered[2] = attr(r, cudaDevAttrMaxSurface2DLayeredLayers);
  p->maxSurfaceCubemap = attr(r, cudaDevAttrMaxSurfaceCubemapWidth);
  p->maxSurfaceCubemapLayered[0] = attr(r, cudaDevAttrMaxSurfaceCubemapLayeredWidth);
  p->maxSurfaceCubemapLayered[1] = attr(r, cudaDevAttrMaxSurfaceCubemapLayeredLayers);
  p->surfaceAlignment = static_cast<std::size_t>(attr(r, cudaDevAttrSurfaceAlignment));
  p->concurrentKernels = attr(r, cudaDevAttrConcurrentKernels);
  p->ECCEnabled = attr(r, cudaDevAttrEccEnabled);
  p->pciBusID = attr(r, cudaDevAttrPciBusId);
  p->pciDeviceID = attr(r, cudaDevAttrPciDeviceId);
  p->pciDomainID = attr(r, cudaDevAttrPciDomainId);
  p->tccDriver = attr(r, cudaDevAttrTccDriver);
  p->asyncEngineCount = attr(r, cudaDevAttrAsyncEngineCount);
  p->unifiedAddressing = attr(r, cudaDevAttrUnifiedAddressing);
  p->memoryBusWidth = attr(r, cudaDevAttrGlobalMemoryBusWidth);
  p->l2CacheSize = attr(r, cudaDevAttrL2CacheSize);
  p->persistingL2CacheMaxSize = attr(r, cudaDevAttrMaxPersistingL2CacheSize);
  p->maxThreadsPerMultiProcessor = attr(r, cudaDevAttrMaxThreadsPerMultiProcessor);
  p->streamPrioritiesSupported = attr(r, cudaDevAttrStreamPrioritiesSupported);
  p->globalL1CacheSupported = attr(r, cudaDevAttrGlobalL1CacheSupported);
  p->localL1CacheSupported = attr(r, cudaDevAttrLocalL1CacheSupported);
  p->sharedMemPerMultiprocessor = a.shared_per_sm;
  p->regsPerMultiprocessor = attr(r, cudaDevAttrMaxRegistersPerMultiprocessor);
  p->managedMemory = attr(r, cudaDevAttrManagedMemory);
  p->isMultiGpuBoard = attr(r, cudaDevAttrIsMultiGpuBoard);
  p->multiGpuBoardGroupID = attr(r, cudaDevAttrMultiGpuBoardGroupID);
  p->hostNativeAtomicSupported = attr(r, cudaDevAttrHostNativeAtomicSupported);
  p->pageableMemoryAccess = attr(r, cudaDevAttrPageableMemoryAccess);
  p->concurrentManagedAccess = attr(r, cudaDevAttrConcurrentManagedAccess);
  p->computePreemptionSupported = attr(r, cudaDevAttrComputePreemptionSupported);
  p->canUseHostPointerForRegisteredMem = attr(r, cudaDevAttrCanUseHostPointerForRegisteredMem);
  p->cooperativeLaunch = attr(r, cudaDevAttrCooperativeLaunch);
  p->sharedMemPerBlockOptin = a.shared_per_block_optin;
  p->pageableMemoryAccessUsesHostPageTables =
      attr(r, cudaDevAttrPageableMemoryAccessUsesHostPageTables);
  p->directManagedMemAccessFromHost = attr(r, cudaDevAttrDirectManagedMemAccessFromHost);
  p->maxBlocksPerMultiProcessor = attr(r, cudaDevAttrMaxBlocksPerMultiprocessor);
  p->accessPolicyMaxWindowSize = attr(r, cudaDevAttrMaxAccessPolicyWindowSize);
  p->reservedSharedMemPerBlock = a.reserved_shared_per_block;
  p->hostRegisterSupported = attr(r, cudaDevAttrHostRegisterSupported);
  p->sparseCudaArraySupported = attr(r, cudaDevAttrSparseCudaArraySupported);
  p->hostRegisterReadOnlySupported = attr(r, cudaDevAttrHostRegisterReadOnlySupported);
  p->timelineSemaphoreInteropSupported = attr(r, cudaDevAttrTimelineSemaphoreInteropSupported);
  p->memoryPoolsSupported = attr(r, cudaDevAttrMemoryPoolsSupported);
  p->gpuDirectRDMASupported = attr(r, cudaDevAttrGPUDirectRDMASupported);
  p->gpuDirectRDMAFlushWritesOptions =
      static_cast<unsigned>(attr(r, cudaDevAttrGPUDirectRDMAFlushWritesOptions));
  p->gpuDirectRDMAWritesOrdering = attr(r, cudaDevAttrGPUDirectRDMAWritesOrdering);
  p->memoryPoolSupportedHandleTypes =
      static_cast<unsigned>(attr(r, cudaDevAttrMemoryPoolSupportedHandleTypes));
  p->deferredMappingCudaArraySupported = attr(r, cudaDevAttrDeferredMappingCudaArraySupported);
  p->ipcEventSupported = attr(r, cudaDevAttrIpcEventSupport);
  p->clusterLaunch = attr(r, cudaDevAttrClusterLaunch);
  // Function pointers are host addresses valid in device code too.
  p->unifiedFunctionPointers = 1;
  p->deviceNumaConfig = attr(r, cudaDevAttrNumaConfig);
  p->deviceNumaId = attr(r, cudaDevAttrNumaId);
  p->mpsEnabled = attr(r, cudaDevAttrMpsEnabled);
  p->hostNumaId = attr(r, cudaDevAttrHostNumaId);
  p->gpuPciDeviceID = static_cast<unsigned>(attr(r, cudaDevAttrGpuPciDeviceId));
  p->gpuPciSubsystemID = static_cast<unsigned>(attr(r, cudaDevAttrGpuPciSubsystemId));
  p->hostNumaMultinodeIpcSupported = attr(r, cudaDevAttrHostNumaMultinodeIpcSupported);
  return cudaSuccess;
}

} // extern "C"
