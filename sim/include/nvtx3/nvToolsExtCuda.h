// NVTX v3's names for CUDA driver objects (nvtx3/nvToolsExt.h: no tool is
// attached, so naming records nothing). warpsim's cuda.h has no driver API:
// a device is its ordinal (CUdevice is an int) and a context is opaque.
#pragma once

#include <cuda.h>

#include "nvToolsExt.h"

#ifdef __cplusplus
extern "C" {
#endif
NVTX_DECLSPEC void nvtxNameCuDeviceA(int, const char *) {}
NVTX_DECLSPEC void nvtxNameCuDeviceW(int, const wchar_t *) {}
NVTX_DECLSPEC void nvtxNameCuContextA(struct CUctx_st *, const char *) {}
NVTX_DECLSPEC void nvtxNameCuContextW(struct CUctx_st *, const wchar_t *) {}
NVTX_DECLSPEC void nvtxNameCuStreamA(CUstream, const char *) {}
NVTX_DECLSPEC void nvtxNameCuStreamW(CUstream, const wchar_t *) {}
NVTX_DECLSPEC void nvtxNameCuEventA(CUevent, const char *) {}
NVTX_DECLSPEC void nvtxNameCuEventW(CUevent, const wchar_t *) {}
#ifdef __cplusplus
} // extern "C"
#endif
