// Texture objects: cudaCreateTextureObject over linear and pitch-2D device
// memory and CUDA arrays (CudaArrays.cpp), and the descriptor a device
// fetch (warpsim/texture_objects.h) reads. What is not implemented yet is refused by name at
// creation, with cudaErrorNotSupported, never sampled some other way.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <string>

#include <cuda_runtime.h>

#include "CudaArrays.h"
#include "Runtime.h"

using namespace warpsim;
using namespace warpsim::sim;

#define WS_RET reinterpret_cast<std::uintptr_t>(__builtin_return_address(0))

namespace {

Runtime &rt() { return Runtime::get(); }

// The H100's cudaDevAttrTextureAlignment and cudaDevAttrTexturePitchAlignment.
constexpr std::uintptr_t kTextureAlign = 512;
constexpr std::size_t kPitchAlign = 32;

struct TextureObject {
  cudaResourceDesc res;
  cudaTextureDesc tex;
  warpsim_texture_view view;
};

// Handles count from 1 (0 is no object); a destroyed handle is never reused,
// so a fetch through it is always found stale.
struct TextureTable {
  std::mutex mutex;
  std::map<unsigned long long, TextureObject> objects;
  unsigned long long next = 1;
};
TextureTable &table() {
  static TextureTable t;
  return t;
}

cudaError_t refuse(const char *what) {
  return rt().unsupported((std::string("cudaCreateTextureObject with ") + what).c_str());
}

// Ends the launch with a finding at the user's fetch (`pc`).
[[noreturn]] void misuse(const char *what, std::uintptr_t pc) {
  if (Lane *l = tl_lane) {
    Finding f;
    f.kind = "texture-misuse";
    f.message = what;
    f.sites.push_back(l->block->siteOf(l, pc, warpsim::sim::currentSiteId(), "texture fetch"));
    l->block->abortLaunch(l, cudaErrorInvalidValue, std::move(f));
  }
  std::fflush(stdout);
  std::fprintf(stderr, "warpsim: error: %s\n", what);
  std::_Exit(kSimulationAbortedExit);
}

} // namespace

extern "C" {

cudaError_t cudaCreateTextureObject(cudaTextureObject_t *texObject, const cudaResourceDesc *resDesc,
                                    const cudaTextureDesc *texDesc,
                                    const cudaResourceViewDesc *resViewDesc) {
  if (texObject == nullptr || resDesc == nullptr || texDesc == nullptr)
    return rt().setError(cudaErrorInvalidValue);
  if (resViewDesc != nullptr)
    return refuse("a resource view (cudaResourceViewDesc)");
  if (resDesc->resType == cudaResourceTypeMipmappedArray)
    return refuse("resType cudaResourceTypeMipmappedArray");
  const bool linear = resDesc->resType == cudaResourceTypeLinear;
  warpsim_texture_view v{};
  v.resType = resDesc->resType;
  cudaChannelFormatDesc fmt{};
  int channels = 0;
  if (resDesc->resType == cudaResourceTypeArray) {
    const cudaArray *arr = findArray(resDesc->res.array.array);
    if (arr == nullptr)
      return rt().setError(cudaErrorInvalidValue);
    fmt = arr->desc;
    channelsSupported(fmt, channels); // checked when the array was made
    v.base = static_cast<const char *>(arr->data);
    v.width = arr->width;
    v.height = arr->height;
    v.depth = arr->depth;
    v.pitch = arr->pitch;
    v.slicePitch = arr->slicePitch;
    v.dims = arr->dims;
    v.layered = arr->layered;
  } else if (linear || resDesc->resType == cudaResourceTypePitch2D) {
    fmt = linear ? resDesc->res.linear.desc : resDesc->res.pitch2D.desc;
    void *devPtr = linear ? resDesc->res.linear.devPtr : resDesc->res.pitch2D.devPtr;
    if (!channelsSupported(fmt, channels))
      return refuse("this channel format (cudaChannelFormatDesc: 1, 2 or 4 equal channels of "
                    "8/16/32-bit integers or 32-bit floats are supported)");
    const unsigned elemSize = static_cast<unsigned>(fmt.x / 8 * channels);
    v.base = static_cast<const char *>(devPtr);
    v.depth = 1;
    if (linear) {
      v.width = resDesc->res.linear.sizeInBytes / elemSize;
      v.height = 1;
      v.pitch = resDesc->res.linear.sizeInBytes;
      v.dims = 1;
    } else {
      v.width = resDesc->res.pitch2D.width;
      v.height = resDesc->res.pitch2D.height;
      v.pitch = resDesc->res.pitch2D.pitchInBytes;
      v.dims = 2;
      if (v.pitch % kPitchAlign != 0 || v.pitch < v.width * elemSize)
        return rt().setError(cudaErrorInvalidValue);
    }
    v.slicePitch = v.pitch * v.height;
    const std::size_t bytes = v.height == 0 ? 0 : v.pitch * (v.height - 1) + v.width * elemSize;
    const auto a = reinterpret_cast<std::uintptr_t>(devPtr);
    if (devPtr == nullptr || a % kTextureAlign != 0 || v.width == 0 || v.height == 0 ||
        !rt().memory.isDeviceRange(a, bytes))
      return rt().setError(cudaErrorInvalidValue);
  } else {
    return rt().setError(cudaErrorInvalidValue);
  }
  v.elemSize = static_cast<unsigned>(fmt.x / 8 * channels);
  v.channelBits = fmt.x;
  v.kind = fmt.f;

  const cudaTextureDesc &t = *texDesc;
  if (t.sRGB != 0)
    return refuse("sRGB");
  if (t.maxAnisotropy > 1)
    return refuse("maxAnisotropy > 1");
  if (t.filterMode != cudaFilterModePoint && t.filterMode != cudaFilterModeLinear)
    return rt().setError(cudaErrorInvalidValue);
  if (t.readMode != cudaReadModeElementType && t.readMode != cudaReadModeNormalizedFloat)
    return rt().setError(cudaErrorInvalidValue);
  if (t.readMode == cudaReadModeNormalizedFloat && fmt.f != cudaChannelFormatKindFloat &&
      fmt.x == 32)
    return rt().setError(cudaErrorInvalidValue); // CUDA: 8- and 16-bit integers only
  // Filtering interpolates floats: a float texel, or an integer one read as
  // normalised floats (CUDA refuses linear filtering of element-type integers).
  const bool floats =
      fmt.f == cudaChannelFormatKindFloat || t.readMode == cudaReadModeNormalizedFloat;
  if (!linear && t.filterMode == cudaFilterModeLinear && !floats)
    return rt().setError(cudaErrorInvalidValue);
  const bool borderColour = t.borderColor[0] != 0 || t.borderColor[1] != 0 ||
                            t.borderColor[2] != 0 || t.borderColor[3] != 0;
  for (int d = 0; d < (linear ? 0 : v.dims); ++d) {
    const cudaTextureAddressMode m = t.addressMode[d];
    if (m < cudaAddressModeWrap || m > cudaAddressModeBorder)
      return rt().setError(cudaErrorInvalidValue);
    if (!t.normalizedCoords && (m == cudaAddressModeWrap || m == cudaAddressModeMirror))
      return refuse("addressMode cudaAddressModeWrap/Mirror and unnormalised coordinates "
                    "(CUDA defines these modes for normalised coordinates only)");
    if (m == cudaAddressModeBorder && borderColour) {
      if (!floats)
        return refuse("a non-zero borderColor on integer texels read as elements");
      v.border = 1;
    }
    v.addressMode[d] = m;
  }
  if (!linear && v.dims == 1 && !v.layered) {
    // A 1-D array is filtered as a texture one row high fetched at y = 0
    // (texture_objects.h, fetch): the row above is the border under
    // addressMode[1] == Border, the row itself under every other mode.
    v.addressMode[1] =
        t.addressMode[1] == cudaAddressModeBorder ? cudaAddressModeBorder : cudaAddressModeClamp;
    if (v.addressMode[1] == cudaAddressModeBorder && borderColour && floats)
      v.border = 1;
  }
  for (int c = 0; c < 4; ++c)
    v.borderColor[c] = t.borderColor[c];
  v.filterMode = linear ? cudaFilterModePoint : t.filterMode;
  v.readMode = t.readMode;
  v.normalizedCoords = t.normalizedCoords != 0;

  TextureTable &tt = table();
  std::lock_guard<std::mutex> lock(tt.mutex);
  const unsigned long long h = tt.next++;
  tt.objects.emplace(h, TextureObject{*resDesc, *texDesc, v});
  *texObject = h;
  return cudaSuccess;
}

cudaError_t cudaDestroyTextureObject(cudaTextureObject_t texObject) {
  TextureTable &tt = table();
  std::lock_guard<std::mutex> lock(tt.mutex);
  if (texObject == 0)
    return cudaSuccess;
  if (tt.objects.erase(texObject) == 0)
    return rt().setError(cudaErrorInvalidValue);
  return cudaSuccess;
}

cudaError_t cudaGetTextureObjectResourceDesc(cudaResourceDesc *resDesc,
                                             cudaTextureObject_t texObject) {
  TextureTable &tt = table();
  std::lock_guard<std::mutex> lock(tt.mutex);
  auto it = tt.objects.find(texObject);
  if (resDesc == nullptr || it == tt.objects.end())
    return rt().setError(cudaErrorInvalidValue);
  *resDesc = it->second.res;
  return cudaSuccess;
}

cudaError_t cudaGetTextureObjectTextureDesc(cudaTextureDesc *texDesc,
                                            cudaTextureObject_t texObject) {
  TextureTable &tt = table();
  std::lock_guard<std::mutex> lock(tt.mutex);
  auto it = tt.objects.find(texObject);
  if (texDesc == nullptr || it == tt.objects.end())
    return rt().setError(cudaErrorInvalidValue);
  *texDesc = it->second.tex;
  return cudaSuccess;
}

[[noreturn]] void warpsim_texture_misuse(const char *what) { misuse(what, WS_RET); }

void warpsim_texture_load(const void *p, void *out, unsigned size) {
  if (Lane *l = tl_lane)
    l->block->access(l, reinterpret_cast<std::uintptr_t>(p), size, AccessKind::Load,
                     MemoryOrder::NotAtomic, WS_RET, Scope::Device, Proxy::Texture);
  std::memcpy(out, p, size);
}

// Which resource a fetch can read: its name, resource type,
// filtered dimensions and whether it takes a layer.
struct FetchKind {
  const char *name;
  int resType, dims;
  bool layered;
};
constexpr FetchKind kFetches[] = {
    {"tex1Dfetch", cudaResourceTypeLinear, 1, false},
    {"tex1D", cudaResourceTypeArray, 1, false},
    {"tex2D", cudaResourceTypePitch2D, 2, false},
    {"tex2D", cudaResourceTypeArray, 2, false},
    {"tex3D", cudaResourceTypeArray, 3, false},
    {"tex1DLayered", cudaResourceTypeArray, 1, true},
    {"tex2DLayered", cudaResourceTypeArray, 2, true},
};

const char *resourceName(const warpsim_texture_view &v) {
  if (v.resType == cudaResourceTypeLinear)
    return "a linear-memory texture object";
  if (v.resType == cudaResourceTypePitch2D)
    return "a pitch-2D texture object";
  static const char *names[2][3] = {{"a texture object over a 1-D CUDA array",
                                     "a texture object over a 2-D CUDA array",
                                     "a texture object over a 3-D CUDA array"},
                                    {"a texture object over a 1-D layered CUDA array",
                                     "a texture object over a 2-D layered CUDA array", ""}};
  return names[v.layered ? 1 : 0][v.dims - 1];
}

void warpsim_texture_view_of(unsigned long long obj, warpsim_texture_view *out, const char *fetch) {
  const char *why = "a texture object that was never created or was destroyed";
  {
    TextureTable &tt = table();
    std::lock_guard<std::mutex> lock(tt.mutex);
    auto it = tt.objects.find(obj);
    if (it != tt.objects.end()) {
      *out = it->second.view;
      for (const FetchKind &k : kFetches)
        if (std::strcmp(k.name, fetch) == 0 && k.resType == out->resType && k.dims == out->dims &&
            k.layered == (out->layered != 0))
          return;
      why = resourceName(*out);
    }
  }
  static thread_local char buf[192];
  std::snprintf(buf, sizeof buf, "%s through %s", fetch, why);
  misuse(buf, WS_RET);
}

} // extern "C"
