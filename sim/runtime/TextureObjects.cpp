// Texture objects: cudaCreateTextureObject over linear and pitch-2D device
// memory, and the descriptor a device fetch (warpsim/texture_objects.h)
// reads. What is not implemented yet is refused by name at creation, with
// cudaErrorNotSupported, never sampled some other way.
#include <cstdio>
#include <cstdlib>
#include <map>
#include <mutex>
#include <string>

#include <cuda_runtime.h>

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

// A channel format this release samples: 1, 2 or 4 channels of equal width,
// 8/16/32-bit integers or 32-bit floats.
bool channelsSupported(const cudaChannelFormatDesc &d, int &count) {
  const int c[4] = {d.x, d.y, d.z, d.w};
  count = 0;
  for (int i = 0; i < 4; ++i)
    if (c[i] != 0) {
      if (i != count || c[i] != d.x)
        return false;
      ++count;
    }
  if (count == 0 || count == 3)
    return false;
  if (d.f == cudaChannelFormatKindFloat)
    return d.x == 32;
  if (d.f == cudaChannelFormatKindSigned || d.f == cudaChannelFormatKindUnsigned)
    return d.x == 8 || d.x == 16 || d.x == 32;
  return false;
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
  if (resDesc->resType == cudaResourceTypeArray)
    return refuse("resType cudaResourceTypeArray (CUDA arrays)");
  if (resDesc->resType == cudaResourceTypeMipmappedArray)
    return refuse("resType cudaResourceTypeMipmappedArray");
  if (resDesc->resType != cudaResourceTypeLinear && resDesc->resType != cudaResourceTypePitch2D)
    return rt().setError(cudaErrorInvalidValue);
  const bool linear = resDesc->resType == cudaResourceTypeLinear;
  const cudaChannelFormatDesc &fmt = linear ? resDesc->res.linear.desc : resDesc->res.pitch2D.desc;
  void *devPtr = linear ? resDesc->res.linear.devPtr : resDesc->res.pitch2D.devPtr;
  int channels = 0;
  if (!channelsSupported(fmt, channels))
    return refuse("this channel format (cudaChannelFormatDesc: 1, 2 or 4 equal channels of "
                  "8/16/32-bit integers or 32-bit floats are supported)");
  const unsigned elemSize = static_cast<unsigned>(fmt.x / 8 * channels);
  warpsim_texture_view v{};
  v.base = static_cast<const char *>(devPtr);
  v.elemSize = elemSize;
  v.channelBits = fmt.x;
  v.kind = fmt.f;
  v.resType = resDesc->resType;
  if (linear) {
    v.width = resDesc->res.linear.sizeInBytes / elemSize;
    v.height = 1;
    v.pitch = resDesc->res.linear.sizeInBytes;
  } else {
    v.width = resDesc->res.pitch2D.width;
    v.height = resDesc->res.pitch2D.height;
    v.pitch = resDesc->res.pitch2D.pitchInBytes;
    if (v.pitch % kPitchAlign != 0 || v.pitch < v.width * elemSize)
      return rt().setError(cudaErrorInvalidValue);
  }
  const std::size_t bytes = v.height == 0 ? 0 : v.pitch * (v.height - 1) + v.width * elemSize;
  const auto a = reinterpret_cast<std::uintptr_t>(devPtr);
  if (devPtr == nullptr || a % kTextureAlign != 0 || v.width == 0 || v.height == 0 ||
      !rt().memory.isDeviceRange(a, bytes))
    return rt().setError(cudaErrorInvalidValue);

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
  for (int d = 0; d < (linear ? 0 : 2); ++d) {
    const cudaTextureAddressMode m = t.addressMode[d];
    if (m < cudaAddressModeWrap || m > cudaAddressModeBorder)
      return rt().setError(cudaErrorInvalidValue);
    if (!t.normalizedCoords && (m == cudaAddressModeWrap || m == cudaAddressModeMirror))
      return refuse("addressMode cudaAddressModeWrap/Mirror and unnormalised coordinates "
                    "(CUDA defines these modes for normalised coordinates only)");
    if (m == cudaAddressModeBorder && (t.borderColor[0] != 0 || t.borderColor[1] != 0 ||
                                       t.borderColor[2] != 0 || t.borderColor[3] != 0))
      return refuse("a non-zero borderColor");
    v.addressMode[d] = m;
  }
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

cudaError_t cudaGetChannelDesc(cudaChannelFormatDesc *, cudaArray_const_t) {
  return rt().unsupported("cudaGetChannelDesc", "CUDA arrays are not simulated");
}

[[noreturn]] void warpsim_texture_misuse(const char *what) { misuse(what, WS_RET); }

void warpsim_texture_view_of(unsigned long long obj, warpsim_texture_view *out, const char *fetch) {
  const char *why = "a texture object that was never created or was destroyed";
  {
    TextureTable &tt = table();
    std::lock_guard<std::mutex> lock(tt.mutex);
    auto it = tt.objects.find(obj);
    if (it != tt.objects.end()) {
      *out = it->second.view;
      const bool pitch2D = out->resType == cudaResourceTypePitch2D;
      if (pitch2D == (std::string(fetch) == "tex2D"))
        return;
      why = pitch2D ? "a pitch-2D texture object (tex1Dfetch reads linear memory only)"
                    : "a linear-memory texture object (tex2D needs a pitch-2D resource)";
    }
  }
  static thread_local char buf[192];
  std::snprintf(buf, sizeof buf, "%s through %s", fetch, why);
  misuse(buf, WS_RET);
}

} // extern "C"
