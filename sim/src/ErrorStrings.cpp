// cudaGetErrorName / cudaGetErrorString with the real runtime's strings, so
// that a program's error output reads as it would on a GPU.
//
// Both switches have no default: with -Wswitch (in -Wall), an enumerator added
// to cuda_types.h without a string here fails the build.
#include "warpsim/cuda_types.h"

extern "C" const char *cudaGetErrorName(cudaError_t error) {
#define WARPSIM_NAME(e)                                                                            \
  case e:                                                                                          \
    return #e;
  switch (error) {
    WARPSIM_NAME(cudaSuccess)
    WARPSIM_NAME(cudaErrorInvalidValue)
    WARPSIM_NAME(cudaErrorMemoryAllocation)
    WARPSIM_NAME(cudaErrorInitializationError)
    WARPSIM_NAME(cudaErrorCudartUnloading)
    WARPSIM_NAME(cudaErrorInvalidConfiguration)
    WARPSIM_NAME(cudaErrorInvalidPitchValue)
    WARPSIM_NAME(cudaErrorInvalidSymbol)
    WARPSIM_NAME(cudaErrorInvalidHostPointer)
    WARPSIM_NAME(cudaErrorInvalidDevicePointer)
    WARPSIM_NAME(cudaErrorInvalidTexture)
    WARPSIM_NAME(cudaErrorInvalidMemcpyDirection)
    WARPSIM_NAME(cudaErrorInvalidDeviceFunction)
    WARPSIM_NAME(cudaErrorNoDevice)
    WARPSIM_NAME(cudaErrorInvalidDevice)
    WARPSIM_NAME(cudaErrorInvalidKernelImage)
    WARPSIM_NAME(cudaErrorUnsupportedLimit)
    WARPSIM_NAME(cudaErrorSetOnActiveProcess)
    WARPSIM_NAME(cudaErrorHostMemoryAlreadyRegistered)
    WARPSIM_NAME(cudaErrorHostMemoryNotRegistered)
    WARPSIM_NAME(cudaErrorInvalidResourceHandle)
    WARPSIM_NAME(cudaErrorNotReady)
    WARPSIM_NAME(cudaErrorIllegalAddress)
    WARPSIM_NAME(cudaErrorLaunchOutOfResources)
    WARPSIM_NAME(cudaErrorLaunchTimeout)
    WARPSIM_NAME(cudaErrorAssert)
    WARPSIM_NAME(cudaErrorHardwareStackError)
    WARPSIM_NAME(cudaErrorIllegalInstruction)
    WARPSIM_NAME(cudaErrorMisalignedAddress)
    WARPSIM_NAME(cudaErrorInvalidAddressSpace)
    WARPSIM_NAME(cudaErrorInvalidPc)
    WARPSIM_NAME(cudaErrorLaunchFailure)
    WARPSIM_NAME(cudaErrorCooperativeLaunchTooLarge)
    WARPSIM_NAME(cudaErrorInvalidClusterSize)
    WARPSIM_NAME(cudaErrorNotPermitted)
    WARPSIM_NAME(cudaErrorNotSupported)
    WARPSIM_NAME(cudaErrorIllegalState)
    WARPSIM_NAME(cudaErrorStreamCaptureUnsupported)
    WARPSIM_NAME(cudaErrorStreamCaptureInvalidated)
    WARPSIM_NAME(cudaErrorStreamCaptureUnmatched)
    WARPSIM_NAME(cudaErrorStreamCaptureUnjoined)
    WARPSIM_NAME(cudaErrorGraphExecUpdateFailure)
    WARPSIM_NAME(cudaErrorUnknown)
  }
#undef WARPSIM_NAME
  // The runtime answers a code it does not know with this, for both calls.
  return "unrecognized error code";
}

extern "C" const char *cudaGetErrorString(cudaError_t error) {
  switch (error) {
  case cudaErrorUnsupportedLimit:
    return "limit is not supported on this architecture";
  case cudaErrorSetOnActiveProcess:
    return "cannot set while device is active in this process";
  case cudaErrorHostMemoryAlreadyRegistered:
    return "part or all of the requested memory range is already mapped";
  case cudaErrorHostMemoryNotRegistered:
    return "pointer does not correspond to a registered memory region";
  case cudaSuccess:
    return "no error";
  case cudaErrorInvalidValue:
    return "invalid argument";
  case cudaErrorMemoryAllocation:
    return "out of memory";
  case cudaErrorInitializationError:
    return "initialization error";
  case cudaErrorCudartUnloading:
    return "driver shutting down";
  case cudaErrorInvalidConfiguration:
    return "invalid configuration argument";
  case cudaErrorInvalidPitchValue:
    return "invalid pitch argument";
  case cudaErrorInvalidSymbol:
    return "invalid device symbol";
  case cudaErrorInvalidHostPointer:
    return "invalid host pointer";
  case cudaErrorInvalidDevicePointer:
    return "invalid device pointer";
  case cudaErrorInvalidTexture:
    return "invalid texture reference";
  case cudaErrorInvalidMemcpyDirection:
    return "invalid copy direction for memcpy";
  case cudaErrorInvalidDeviceFunction:
    return "invalid device function";
  case cudaErrorNoDevice:
    return "no CUDA-capable device is detected";
  case cudaErrorInvalidDevice:
    return "invalid device ordinal";
  case cudaErrorInvalidKernelImage:
    return "device kernel image is invalid";
  case cudaErrorInvalidResourceHandle:
    return "invalid resource handle";
  case cudaErrorNotReady:
    return "device not ready";
  case cudaErrorIllegalAddress:
    return "an illegal memory access was encountered";
  case cudaErrorLaunchOutOfResources:
    return "too many resources requested for launch";
  case cudaErrorLaunchTimeout:
    return "the launch timed out and was terminated";
  case cudaErrorAssert:
    return "device-side assert triggered";
  case cudaErrorHardwareStackError:
    return "hardware stack error";
  case cudaErrorIllegalInstruction:
    return "an illegal instruction was encountered";
  case cudaErrorMisalignedAddress:
    return "misaligned address";
  case cudaErrorInvalidAddressSpace:
    return "operation not supported on global/shared address space";
  case cudaErrorInvalidPc:
    return "invalid program counter";
  case cudaErrorLaunchFailure:
    return "unspecified launch failure";
  case cudaErrorCooperativeLaunchTooLarge:
    return "too many blocks in cooperative launch";
  case cudaErrorInvalidClusterSize:
    return "invalid cluster size";
  case cudaErrorNotPermitted:
    return "operation not permitted";
  case cudaErrorNotSupported:
    return "operation not supported";
  case cudaErrorIllegalState:
    return "the operation cannot be performed in the present state";
  case cudaErrorStreamCaptureUnsupported:
    return "operation not permitted when stream is capturing";
  case cudaErrorStreamCaptureInvalidated:
    return "operation failed due to a previous error during capture";
  case cudaErrorStreamCaptureUnmatched:
    return "capture was not initiated in this stream";
  case cudaErrorStreamCaptureUnjoined:
    return "capturing stream has unjoined work";
  case cudaErrorGraphExecUpdateFailure:
    return "the graph update was not performed because it included changes which violated "
           "constraints specific to instantiated graph update";
  case cudaErrorUnknown:
    return "unknown error";
  }
  return "unrecognized error code";
}
