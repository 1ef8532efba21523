// The driver API functions warpsim provides (warpsim/driver_api.h):
// cuTensorMapEncodeTiled and cuTensorMapEncodeIm2col, validated by the
// driver's rules (model::validateTiled, validateIm2col), write warpsim's encoding of the map into
// the CUtensorMap; a map the driver would refuse is a `tensor-map` finding at the call and
// CUDA_ERROR_INVALID_VALUE, as the driver returns. And cudaGetDriverEntryPoint{ByVersion}, through
// which most programs reach it (nvcc does not link libcuda by default).
#include <cstdio>
#include <cstring>
#include <string>

#include <cuda.h>

#include "Runtime.h"
#include "warpsim/model/TensorMap.h"

using namespace warpsim;
using namespace warpsim::sim;

namespace {

// The driver's error names and strings (CUDA 13 cuGetErrorName / String).
struct DriverError {
  CUresult code;
  const char *name, *text;
};
constexpr DriverError kErrors[] = {
    {CUDA_SUCCESS, "CUDA_SUCCESS", "no error"},
    {CUDA_ERROR_INVALID_VALUE, "CUDA_ERROR_INVALID_VALUE", "invalid argument"},
    {CUDA_ERROR_OUT_OF_MEMORY, "CUDA_ERROR_OUT_OF_MEMORY", "out of memory"},
    {CUDA_ERROR_NOT_INITIALIZED, "CUDA_ERROR_NOT_INITIALIZED", "initialization error"},
    {CUDA_ERROR_DEINITIALIZED, "CUDA_ERROR_DEINITIALIZED", "driver shutting down"},
    {CUDA_ERROR_NO_DEVICE, "CUDA_ERROR_NO_DEVICE", "no CUDA-capable device is detected"},
    {CUDA_ERROR_INVALID_DEVICE, "CUDA_ERROR_INVALID_DEVICE", "invalid device ordinal"},
    {CUDA_ERROR_INVALID_CONTEXT, "CUDA_ERROR_INVALID_CONTEXT", "invalid device context"},
    {CUDA_ERROR_INVALID_HANDLE, "CUDA_ERROR_INVALID_HANDLE", "invalid resource handle"},
    {CUDA_ERROR_NOT_FOUND, "CUDA_ERROR_NOT_FOUND", "named symbol not found"},
    {CUDA_ERROR_ILLEGAL_ADDRESS, "CUDA_ERROR_ILLEGAL_ADDRESS",
     "an illegal memory access was encountered"},
    {CUDA_ERROR_LAUNCH_FAILED, "CUDA_ERROR_LAUNCH_FAILED", "unspecified launch failure"},
    {CUDA_ERROR_NOT_SUPPORTED, "CUDA_ERROR_NOT_SUPPORTED", "operation not supported"},
    {CUDA_ERROR_UNKNOWN, "CUDA_ERROR_UNKNOWN", "unknown error"},
};

const DriverError *errorOf(CUresult e) {
  for (const DriverError &d : kErrors)
    if (d.code == e)
      return &d;
  return nullptr;
}

// The driver functions by name, with the CUDA version that introduced the
// version of each that cuda.h's declarations name.
struct EntryPoint {
  const char *name;
  void *fn;
  unsigned since;
};

// The end of an encoder: the map written, or the driver's answer to a map it
// refuses (a tensor-map finding at the call) or one warpsim does not
// execute (a warning).
CUresult finish(const char *fn, model::TensorMapVerdict verdict, const model::TensorMapDesc &d,
                const std::string &why, CUtensorMap *tensorMap, std::uintptr_t caller) {
  switch (verdict) {
  case model::TensorMapVerdict::Ok:
    break;
  case model::TensorMapVerdict::Unsupported:
    Runtime::get().unsupported(fn, why.c_str());
    return CUDA_ERROR_NOT_SUPPORTED;
  case model::TensorMapVerdict::Invalid: {
    Finding f;
    f.kind = "tensor-map";
    f.message = std::string(fn) + " returns CUDA_ERROR_INVALID_VALUE: " + why;
    FindingSite at;
    at.role = "call";
    at.detail = fn;
    at.pc = caller;
    f.sites.push_back(std::move(at));
    Runtime::get().findings.add(f);
    return CUDA_ERROR_INVALID_VALUE;
  }
  }
  std::uint64_t words[CU_TENSOR_MAP_NUM_QWORDS];
  model::encodeTensorMap(d, words);
  std::memcpy(tensorMap->opaque, words, sizeof words);
  return CUDA_SUCCESS;
}

} // namespace

extern "C" {

CUresult cuInit(unsigned int flags) { return flags == 0 ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE; }

CUresult cuDriverGetVersion(int *v) {
  if (v == nullptr)
    return CUDA_ERROR_INVALID_VALUE;
  *v = CUDA_VERSION;
  return CUDA_SUCCESS;
}

CUresult cuGetErrorName(CUresult e, const char **s) {
  const DriverError *d = errorOf(e);
  if (s == nullptr)
    return CUDA_ERROR_INVALID_VALUE;
  *s = d != nullptr ? d->name : nullptr;
  return d != nullptr ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE;
}

CUresult cuGetErrorString(CUresult e, const char **s) {
  const DriverError *d = errorOf(e);
  if (s == nullptr)
    return CUDA_ERROR_INVALID_VALUE;
  *s = d != nullptr ? d->text : nullptr;
  return d != nullptr ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE;
}

[[gnu::noinline]] CUresult
cuTensorMapEncodeTiled(CUtensorMap *tensorMap, CUtensorMapDataType tensorDataType,
                       cuuint32_t tensorRank, void *globalAddress, const cuuint64_t *globalDim,
                       const cuuint64_t *globalStrides, const cuuint32_t *boxDim,
                       const cuuint32_t *elementStrides, CUtensorMapInterleave interleave,
                       CUtensorMapSwizzle swizzle, CUtensorMapL2promotion l2Promotion,
                       CUtensorMapFloatOOBfill oobFill) {
  const auto caller = reinterpret_cast<std::uintptr_t>(__builtin_return_address(0));
  // A context broken by a launch error fails every driver call with that
  // error, as the H100's driver does (tests/runtime/tma_layout_probe.h100.txt:
  // 716 after a misaligned tensor copy); the runtime's codes are the driver's.
  if (const cudaError_t sticky = Runtime::get().stickyError; sticky != cudaSuccess)
    return static_cast<CUresult>(sticky);
  model::TiledEncodeArgs a;
  a.mapAddress = reinterpret_cast<std::uintptr_t>(tensorMap);
  a.type = static_cast<std::uint32_t>(tensorDataType);
  a.rank = tensorRank;
  a.address = reinterpret_cast<std::uintptr_t>(globalAddress);
  a.dim = globalDim;
  a.strides = globalStrides;
  a.box = boxDim;
  a.elementStrides = elementStrides;
  a.interleave = static_cast<std::uint32_t>(interleave);
  a.swizzle = static_cast<std::uint32_t>(swizzle);
  a.l2Promotion = static_cast<std::uint32_t>(l2Promotion);
  a.oobFill = static_cast<std::uint32_t>(oobFill);
  model::TensorMapDesc d;
  std::string why;
  return finish("cuTensorMapEncodeTiled", model::validateTiled(a, d, why), d, why, tensorMap,
                caller);
}

[[gnu::noinline]] CUresult
cuTensorMapEncodeIm2col(CUtensorMap *tensorMap, CUtensorMapDataType tensorDataType,
                        cuuint32_t tensorRank, void *globalAddress, const cuuint64_t *globalDim,
                        const cuuint64_t *globalStrides, const int *pixelBoxLowerCorner,
                        const int *pixelBoxUpperCorner, cuuint32_t channelsPerPixel,
                        cuuint32_t pixelsPerColumn, const cuuint32_t *elementStrides,
                        CUtensorMapInterleave interleave, CUtensorMapSwizzle swizzle,
                        CUtensorMapL2promotion l2Promotion, CUtensorMapFloatOOBfill oobFill) {
  const auto caller = reinterpret_cast<std::uintptr_t>(__builtin_return_address(0));
  if (const cudaError_t sticky = Runtime::get().stickyError; sticky != cudaSuccess)
    return static_cast<CUresult>(sticky);
  model::Im2colEncodeArgs a;
  a.mapAddress = reinterpret_cast<std::uintptr_t>(tensorMap);
  a.type = static_cast<std::uint32_t>(tensorDataType);
  a.rank = tensorRank;
  a.address = reinterpret_cast<std::uintptr_t>(globalAddress);
  a.dim = globalDim;
  a.strides = globalStrides;
  a.lower = pixelBoxLowerCorner;
  a.upper = pixelBoxUpperCorner;
  a.channels = channelsPerPixel;
  a.pixels = pixelsPerColumn;
  a.elementStrides = elementStrides;
  a.interleave = static_cast<std::uint32_t>(interleave);
  a.swizzle = static_cast<std::uint32_t>(swizzle);
  a.l2Promotion = static_cast<std::uint32_t>(l2Promotion);
  a.oobFill = static_cast<std::uint32_t>(oobFill);
  model::TensorMapDesc d;
  std::string why;
  return finish("cuTensorMapEncodeIm2col", model::validateIm2col(a, d, why), d, why, tensorMap,
                caller);
}

cudaError_t cudaGetDriverEntryPointByVersion(const char *symbol, void **funcPtr,
                                             unsigned int cudaVersion, unsigned long long flags,
                                             cudaDriverEntryPointQueryResult *driverStatus) {
  static const EntryPoint kEntries[] = {
      {"cuTensorMapEncodeTiled", reinterpret_cast<void *>(&cuTensorMapEncodeTiled), 12000},
      {"cuTensorMapEncodeIm2col", reinterpret_cast<void *>(&cuTensorMapEncodeIm2col), 12000},
      {"cuInit", reinterpret_cast<void *>(&cuInit), 2000},
      {"cuDriverGetVersion", reinterpret_cast<void *>(&cuDriverGetVersion), 2020},
      {"cuGetErrorName", reinterpret_cast<void *>(&cuGetErrorName), 6000},
      {"cuGetErrorString", reinterpret_cast<void *>(&cuGetErrorString), 6000},
  };
  if (symbol == nullptr || funcPtr == nullptr || flags > 2 || cudaVersion > CUDA_VERSION)
    return Runtime::get().setError(cudaErrorInvalidValue);
  *funcPtr = nullptr;
  cudaDriverEntryPointQueryResult found = cudaDriverEntryPointSymbolNotFound;
  for (const EntryPoint &e : kEntries)
    if (std::strcmp(e.name, symbol) == 0) {
      found = cudaVersion >= e.since ? cudaDriverEntryPointSuccess
                                     : cudaDriverEntryPointVersionNotSufficent;
      if (found == cudaDriverEntryPointSuccess)
        *funcPtr = e.fn;
    }
  if (driverStatus != nullptr)
    *driverStatus = found;
  return cudaSuccess;
}

cudaError_t cudaGetDriverEntryPoint(const char *symbol, void **funcPtr, unsigned long long flags,
                                    cudaDriverEntryPointQueryResult *driverStatus) {
  return cudaGetDriverEntryPointByVersion(symbol, funcPtr, CUDA_VERSION, flags, driverStatus);
}

} // extern "C"
