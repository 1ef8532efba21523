// Surface objects: cudaCreateSurfaceObject over a CUDA array made with
// cudaArraySurfaceLoadStore, and the descriptor a device access
// (warpsim/surface_objects.h) reads. An access outside the array under
// cudaBoundaryModeTrap ends the launch with an out-of-bounds finding at the
// user's line, as the GPU traps.
#include <cstdio>
#include <cstdlib>
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

struct SurfaceObject {
  cudaResourceDesc res;
  warpsim_surface_view view;
  int dims;
  bool layered;
  unsigned array; // the array's number, for messages
};

// Handles count from 1 and are never reused (a stale one is always found).
struct SurfaceTable {
  std::mutex mutex;
  std::map<unsigned long long, SurfaceObject> objects;
  unsigned long long next = 1;
};
SurfaceTable &table() {
  static SurfaceTable t;
  return t;
}

// The access each surface function makes: filtered dimensions, layered.
struct OpKind {
  const char *prefix;
  int dims;
  bool layered;
};
constexpr OpKind kOps[] = {{"surf1DLayered", 1, true},
                           {"surf2DLayered", 2, true},
                           {"surf1D", 1, false},
                           {"surf2D", 2, false},
                           {"surf3D", 3, false}};

[[noreturn]] void endLaunch(const char *kind, const std::string &what, cudaError_t error,
                            std::uintptr_t pc, const char *role) {
  if (Lane *l = tl_lane) {
    Finding f;
    f.kind = kind;
    f.space = "global";
    f.message = what;
    f.sites.push_back(l->block->siteOf(l, pc, warpsim::sim::currentSiteId(), role));
    l->block->abortLaunch(l, error, std::move(f));
  }
  std::fflush(stdout);
  std::fprintf(stderr, "warpsim: error: %s\n", what.c_str());
  std::_Exit(kSimulationAbortedExit);
}

} // namespace

extern "C" {

cudaError_t cudaCreateSurfaceObject(cudaSurfaceObject_t *pSurfObject,
                                    const cudaResourceDesc *pResDesc) {
  if (pSurfObject == nullptr || pResDesc == nullptr)
    return rt().setError(cudaErrorInvalidValue);
  if (pResDesc->resType != cudaResourceTypeArray)
    return rt().setError(cudaErrorInvalidValue); // CUDA: surfaces are over arrays only
  const cudaArray *a = findArray(pResDesc->res.array.array);
  // Without cudaArraySurfaceLoadStore the H200 (CUDA 13.0) still creates
  // the object (cudaSuccess, tests/runtime/surface_objects.h200.txt).
  if (a == nullptr)
    return rt().setError(cudaErrorInvalidValue);
  warpsim_surface_view v{};
  v.base = static_cast<char *>(a->data);
  v.width = a->width;
  v.height = a->height;
  v.depth = a->depth;
  v.pitch = a->pitch;
  v.slicePitch = a->slicePitch;
  v.elemSize = a->elemSize;
  SurfaceTable &t = table();
  std::lock_guard<std::mutex> lock(t.mutex);
  const unsigned long long h = t.next++;
  t.objects.emplace(h, SurfaceObject{*pResDesc, v, a->dims, a->layered, a->id});
  *pSurfObject = h;
  return cudaSuccess;
}

cudaError_t cudaDestroySurfaceObject(cudaSurfaceObject_t surfObject) {
  SurfaceTable &t = table();
  std::lock_guard<std::mutex> lock(t.mutex);
  if (surfObject == 0)
    return cudaSuccess;
  if (t.objects.erase(surfObject) == 0)
    return rt().setError(cudaErrorInvalidValue);
  return cudaSuccess;
}

cudaError_t cudaGetSurfaceObjectResourceDesc(cudaResourceDesc *pResDesc,
                                             cudaSurfaceObject_t surfObject) {
  SurfaceTable &t = table();
  std::lock_guard<std::mutex> lock(t.mutex);
  auto it = t.objects.find(surfObject);
  if (pResDesc == nullptr || it == t.objects.end())
    return rt().setError(cudaErrorInvalidValue);
  *pResDesc = it->second.res;
  return cudaSuccess;
}

void warpsim_surface_view_of(unsigned long long obj, warpsim_surface_view *out, const char *op) {
  std::string why = "a surface object that was never created or was destroyed";
  {
    SurfaceTable &t = table();
    std::lock_guard<std::mutex> lock(t.mutex);
    auto it = t.objects.find(obj);
    if (it != t.objects.end()) {
      const SurfaceObject &s = it->second;
      for (const OpKind &k : kOps)
        if (std::string(op).rfind(k.prefix, 0) == 0) {
          if (k.dims == s.dims && k.layered == s.layered) {
            *out = s.view;
            return;
          }
          break;
        }
      why = std::string("a surface object over a ") + std::to_string(s.dims) + "-D " +
            (s.layered ? "layered " : "") + "CUDA array";
    }
  }
  endLaunch("texture-misuse", std::string(op) + " through " + why, cudaErrorInvalidValue, WS_RET,
            "surface access");
}

void warpsim_surface_trap(unsigned long long obj, const char *op, int x, int y, int z) {
  std::string shape = "?";
  unsigned elem = 1, array = 0;
  int dims = 1;
  bool layered = false;
  {
    SurfaceTable &t = table();
    std::lock_guard<std::mutex> lock(t.mutex);
    auto it = t.objects.find(obj);
    if (it != t.objects.end()) {
      const SurfaceObject &s = it->second;
      elem = s.view.elemSize;
      array = s.array;
      dims = s.dims;
      layered = s.layered;
      shape = std::to_string(s.view.width);
      if (dims > 1)
        shape += " x " + std::to_string(s.view.height);
      if (dims > 2 || layered)
        shape += " x " + std::to_string(s.view.depth) + (layered ? " layers" : "");
    }
  }
  std::string at = "x = " + std::to_string(x) + " bytes";
  if (dims > 1)
    at += ", y = " + std::to_string(y);
  if (dims > 2)
    at += ", z = " + std::to_string(z);
  if (layered)
    at += ", layer " + std::to_string(z);
  endLaunch("out-of-bounds",
            std::string(op) + " at " + at + " is outside CUDA array #" + std::to_string(array) +
                " (" + shape + " elements of " + std::to_string(elem) +
                " bytes) under cudaBoundaryModeTrap; the GPU traps and the launch ends with "
                "cudaErrorIllegalAddress",
            cudaErrorIllegalAddress, WS_RET, "surface access");
}

} // extern "C"
