// NVTX v3's names for CUDA runtime objects (nvtx3/nvToolsExt.h: no tool is
// attached, so naming records nothing).
#pragma once

#include <cuda_runtime.h>

#include "nvToolsExt.h"

#ifdef __cplusplus
extern "C" {
#endif
NVTX_DECLSPEC void nvtxNameCudaDeviceA(int, const char *) {}
NVTX_DECLSPEC void nvtxNameCudaDeviceW(int, const wchar_t *) {}
NVTX_DECLSPEC void nvtxNameCudaStreamA(cudaStream_t, const char *) {}
NVTX_DECLSPEC void nvtxNameCudaStreamW(cudaStream_t, const wchar_t *) {}
NVTX_DECLSPEC void nvtxNameCudaEventA(cudaEvent_t, const char *) {}
NVTX_DECLSPEC void nvtxNameCudaEventW(cudaEvent_t, const wchar_t *) {}
#ifdef __cplusplus
} // extern "C"
#endif
