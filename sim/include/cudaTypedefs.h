// warpsim's cudaTypedefs.h: the PFN_ function-pointer types of the driver
// functions warpsim provides, as CUDA 13 names them, for programs that get
// them through cudaGetDriverEntryPointByVersion / cudaGetDriverEntryPoint.
#pragma once
#include <cuda.h>

#define PFN_cuTensorMapEncodeTiled PFN_cuTensorMapEncodeTiled_v12000
#define PFN_cuTensorMapEncodeIm2col PFN_cuTensorMapEncodeIm2col_v12000
#define PFN_cuInit PFN_cuInit_v2000
#define PFN_cuDriverGetVersion PFN_cuDriverGetVersion_v2020
#define PFN_cuGetErrorString PFN_cuGetErrorString_v6000
#define PFN_cuGetErrorName PFN_cuGetErrorName_v6000

typedef CUresult(CUDAAPI *PFN_cuTensorMapEncodeTiled_v12000)(
    CUtensorMap *tensorMap, CUtensorMapDataType tensorDataType, cuuint32_t tensorRank,
    void *globalAddress, const cuuint64_t *globalDim, const cuuint64_t *globalStrides,
    const cuuint32_t *boxDim, const cuuint32_t *elementStrides, CUtensorMapInterleave interleave,
    CUtensorMapSwizzle swizzle, CUtensorMapL2promotion l2Promotion,
    CUtensorMapFloatOOBfill oobFill);
typedef CUresult(CUDAAPI *PFN_cuTensorMapEncodeIm2col_v12000)(
    CUtensorMap *tensorMap, CUtensorMapDataType tensorDataType, cuuint32_t tensorRank,
    void *globalAddress, const cuuint64_t *globalDim, const cuuint64_t *globalStrides,
    const int *pixelBoxLowerCorner, const int *pixelBoxUpperCorner, cuuint32_t channelsPerPixel,
    cuuint32_t pixelsPerColumn, const cuuint32_t *elementStrides, CUtensorMapInterleave interleave,
    CUtensorMapSwizzle swizzle, CUtensorMapL2promotion l2Promotion,
    CUtensorMapFloatOOBfill oobFill);
typedef CUresult(CUDAAPI *PFN_cuInit_v2000)(unsigned int Flags);
typedef CUresult(CUDAAPI *PFN_cuDriverGetVersion_v2020)(int *driverVersion);
typedef CUresult(CUDAAPI *PFN_cuGetErrorString_v6000)(CUresult error, const char **pStr);
typedef CUresult(CUDAAPI *PFN_cuGetErrorName_v6000)(CUresult error, const char **pStr);
