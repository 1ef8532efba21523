// What nvcc's cuda_runtime.h makes visible beyond warpsim's runtime API and
// CUDA's libraries (CUB, Thrust) rely on: force-included after it
// (warpsim/prelude.h), as nvcc includes cuda_runtime.h.
#pragma once
#include <cuda_runtime.h>

// nvcc's headers make <climits> visible; CUB's device_histogram.cuh uses
// INT_MAX without including it.
#include <climits>

// CUDA >= 11.6's name for a device-side cudaDeviceSynchronize, which CUB
// 1.17 (cub/detail/device_synchronize.cuh) names in a branch nvcc's host pass
// compiles too; the host's call here.
inline cudaError_t __cudaDeviceSynchronizeDeprecationAvoidance() {
  return cudaDeviceSynchronize();
}

// Error codes of CUDA 12's driver_types.h that warpsim never returns, which
// Thrust 1.17 names (thrust/system/cuda/error.h maps each to an errc). As
// constants of cudaError_t with CUDA 12's values; cudaGetErrorName does not
// know them.
inline constexpr cudaError_t cudaErrorProfilerDisabled = static_cast<cudaError_t>(5);
inline constexpr cudaError_t cudaErrorInvalidTextureBinding = static_cast<cudaError_t>(19);
inline constexpr cudaError_t cudaErrorInvalidChannelDescriptor = static_cast<cudaError_t>(20);
inline constexpr cudaError_t cudaErrorAddressOfConstant = static_cast<cudaError_t>(22);
inline constexpr cudaError_t cudaErrorTextureFetchFailed = static_cast<cudaError_t>(23);
inline constexpr cudaError_t cudaErrorTextureNotBound = static_cast<cudaError_t>(24);
inline constexpr cudaError_t cudaErrorSynchronizationError = static_cast<cudaError_t>(25);
inline constexpr cudaError_t cudaErrorInvalidFilterSetting = static_cast<cudaError_t>(26);
inline constexpr cudaError_t cudaErrorInvalidNormSetting = static_cast<cudaError_t>(27);
inline constexpr cudaError_t cudaErrorMixedDeviceExecution = static_cast<cudaError_t>(28);
inline constexpr cudaError_t cudaErrorNotYetImplemented = static_cast<cudaError_t>(31);
inline constexpr cudaError_t cudaErrorMemoryValueTooLarge = static_cast<cudaError_t>(32);
inline constexpr cudaError_t cudaErrorInsufficientDriver = static_cast<cudaError_t>(35);
inline constexpr cudaError_t cudaErrorDuplicateVariableName = static_cast<cudaError_t>(43);
inline constexpr cudaError_t cudaErrorDuplicateTextureName = static_cast<cudaError_t>(44);
inline constexpr cudaError_t cudaErrorDuplicateSurfaceName = static_cast<cudaError_t>(45);
inline constexpr cudaError_t cudaErrorDevicesUnavailable = static_cast<cudaError_t>(46);
inline constexpr cudaError_t cudaErrorIncompatibleDriverContext = static_cast<cudaError_t>(49);
inline constexpr cudaError_t cudaErrorMissingConfiguration = static_cast<cudaError_t>(52);
inline constexpr cudaError_t cudaErrorPriorLaunchFailure = static_cast<cudaError_t>(53);
inline constexpr cudaError_t cudaErrorLaunchMaxDepthExceeded = static_cast<cudaError_t>(65);
inline constexpr cudaError_t cudaErrorLaunchFileScopedTex = static_cast<cudaError_t>(66);
inline constexpr cudaError_t cudaErrorLaunchFileScopedSurf = static_cast<cudaError_t>(67);
inline constexpr cudaError_t cudaErrorSyncDepthExceeded = static_cast<cudaError_t>(68);
inline constexpr cudaError_t cudaErrorStartupFailure = static_cast<cudaError_t>(127);
inline constexpr cudaError_t cudaErrorMapBufferObjectFailed = static_cast<cudaError_t>(205);
inline constexpr cudaError_t cudaErrorUnmapBufferObjectFailed = static_cast<cudaError_t>(206);
inline constexpr cudaError_t cudaErrorAlreadyMapped = static_cast<cudaError_t>(208);
inline constexpr cudaError_t cudaErrorNoKernelImageForDevice = static_cast<cudaError_t>(209);
inline constexpr cudaError_t cudaErrorECCUncorrectable = static_cast<cudaError_t>(214);
inline constexpr cudaError_t cudaErrorDeviceAlreadyInUse = static_cast<cudaError_t>(216);
inline constexpr cudaError_t cudaErrorPeerAccessUnsupported = static_cast<cudaError_t>(217);
inline constexpr cudaError_t cudaErrorSharedObjectSymbolNotFound = static_cast<cudaError_t>(302);
inline constexpr cudaError_t cudaErrorSharedObjectInitFailed = static_cast<cudaError_t>(303);
inline constexpr cudaError_t cudaErrorOperatingSystem = static_cast<cudaError_t>(304);
inline constexpr cudaError_t cudaErrorPeerAccessAlreadyEnabled = static_cast<cudaError_t>(704);
inline constexpr cudaError_t cudaErrorPeerAccessNotEnabled = static_cast<cudaError_t>(705);
inline constexpr cudaError_t cudaErrorTooManyPeers = static_cast<cudaError_t>(711);
// An int: 10000 lies outside the range of warpsim's enumeration.
inline constexpr int cudaErrorApiFailureBase = 10000;

// The special stream handles (CUDA's values). Work runs when issued here, so
// they order nothing beyond what stream 0 does.
#ifndef cudaStreamLegacy
#define cudaStreamLegacy (reinterpret_cast<cudaStream_t>(0x1))
#endif
#ifndef cudaStreamPerThread
#define cudaStreamPerThread (reinterpret_cast<cudaStream_t>(0x2))
#endif

// The device runtime's launch API (dynamic parallelism), which Thrust 1.17
// names in device-side launch paths that its host configuration never
// instantiates. warpsim has no dynamic parallelism: a call fails.
inline void *cudaGetParameterBuffer(size_t, size_t) { return nullptr; }
inline cudaError_t cudaLaunchDevice(void *, void *, dim3, dim3, unsigned int, cudaStream_t) {
  return cudaErrorNotSupported;
}
