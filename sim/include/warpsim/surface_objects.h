// Surface objects (surface_types.h, surface_indirect_functions.h):
// cudaCreateSurfaceObject over a CUDA array made with
// cudaArraySurfaceLoadStore, and surf1D/2D/3D and surf1DLayered/2DLayered
// reads and writes. As CUDA defines them, x is a byte offset into the row
// and y, z (or the layer) count rows and slices. Each access is an ordinary
// global load or store of the array's bytes at the user's line, so the race
// detector and the memory checker see it. Outside the array,
// cudaBoundaryModeZero reads zero and drops a write, Clamp uses the nearest
// element, and Trap (the default) ends the launch with an out-of-bounds
// finding, as the GPU traps.
#pragma once

#include <cstring>

#include "warpsim/cuda_types.h"

typedef unsigned long long cudaSurfaceObject_t;
enum cudaSurfaceBoundaryMode {
  cudaBoundaryModeZero = 0,
  cudaBoundaryModeClamp = 1,
  cudaBoundaryModeTrap = 2
};
enum cudaSurfaceFormatMode { cudaFormatModeForced = 0, cudaFormatModeAuto = 1 };
struct cudaResourceDesc;

extern "C" {
cudaError_t cudaCreateSurfaceObject(cudaSurfaceObject_t *pSurfObject,
                                    const cudaResourceDesc *pResDesc);
cudaError_t cudaDestroySurfaceObject(cudaSurfaceObject_t surfObject);
cudaError_t cudaGetSurfaceObjectResourceDesc(cudaResourceDesc *pResDesc,
                                             cudaSurfaceObject_t surfObject);
}

// What an access needs of a surface object, filled into the caller's frame.
struct warpsim_surface_view {
  char *base;
  unsigned long long width, height, depth; // elements, rows, slices (or layers)
  unsigned long long pitch, slicePitch;    // bytes per row, per slice
  unsigned elemSize;
};
extern "C" void warpsim_surface_view_of(unsigned long long obj, warpsim_surface_view *out,
                                        const char *op);
// Ends the launch with an out-of-bounds finding at the access.
extern "C" [[noreturn]] void warpsim_surface_trap(unsigned long long obj, const char *op, int x,
                                                  int y, int z);
extern "C" [[noreturn]] void warpsim_texture_misuse(const char *what);

namespace warpsim::surface {
#define WARPSIM_SURF_ATTRS static inline __attribute__((always_inline, nodebug))

// The element an access of `size` bytes at byte x, row y, slice z reaches
// after the boundary mode; nullptr where cudaBoundaryModeZero applies.
WARPSIM_SURF_ATTRS char *address(unsigned long long obj, const char *op, unsigned size, int x,
                                 int y, int z, int mode) {
  warpsim_surface_view v;
  warpsim_surface_view_of(obj, &v, op);
  if (size != v.elemSize)
    warpsim_texture_misuse("a surface access whose type's size is not the array's element size");
  if (x % static_cast<int>(size) != 0)
    warpsim_texture_misuse("a surface access whose byte x coordinate is not a multiple of the "
                           "element size");
  long long c[3] = {x / static_cast<long long>(size), y, z};
  const long long n[3] = {static_cast<long long>(v.width), static_cast<long long>(v.height),
                          static_cast<long long>(v.depth)};
  for (int k = 0; k < 3; ++k)
    if (c[k] < 0 || c[k] >= n[k]) {
      if (mode == cudaBoundaryModeZero)
        return nullptr;
      if (mode != cudaBoundaryModeClamp)
        warpsim_surface_trap(obj, op, x, y, z);
      c[k] = c[k] < 0 ? 0 : n[k] - 1;
    }
  return v.base + c[2] * v.slicePitch + c[1] * v.pitch + c[0] * v.elemSize;
}

template <class T>
WARPSIM_SURF_ATTRS T read(unsigned long long obj, const char *op, int x, int y, int z, int mode) {
  T r;
  std::memset(&r, 0, sizeof r);
  if (const char *p = address(obj, op, sizeof(T), x, y, z, mode))
    r = *reinterpret_cast<const T *>(p);
  return r;
}
template <class T>
WARPSIM_SURF_ATTRS void write(const T &data, unsigned long long obj, const char *op, int x, int y,
                              int z, int mode) {
  if (char *p = address(obj, op, sizeof(T), x, y, z, mode))
    *reinterpret_cast<T *>(p) = data;
}
#undef WARPSIM_SURF_ATTRS
} // namespace warpsim::surface

#define WARPSIM_SURF_FN static inline __attribute__((always_inline, nodebug))
#define WARPSIM_SURF_MODE cudaSurfaceBoundaryMode mode = cudaBoundaryModeTrap
template <class T> WARPSIM_SURF_FN T surf1Dread(cudaSurfaceObject_t s, int x, WARPSIM_SURF_MODE) {
  return warpsim::surface::read<T>(s, "surf1Dread", x, 0, 0, mode);
}
template <class T>
WARPSIM_SURF_FN void surf1Dread(T *out, cudaSurfaceObject_t s, int x, WARPSIM_SURF_MODE) {
  *out = warpsim::surface::read<T>(s, "surf1Dread", x, 0, 0, mode);
}
template <class T>
WARPSIM_SURF_FN void surf1Dwrite(T data, cudaSurfaceObject_t s, int x, WARPSIM_SURF_MODE) {
  warpsim::surface::write<T>(data, s, "surf1Dwrite", x, 0, 0, mode);
}
template <class T>
WARPSIM_SURF_FN T surf2Dread(cudaSurfaceObject_t s, int x, int y, WARPSIM_SURF_MODE) {
  return warpsim::surface::read<T>(s, "surf2Dread", x, y, 0, mode);
}
template <class T>
WARPSIM_SURF_FN void surf2Dread(T *out, cudaSurfaceObject_t s, int x, int y, WARPSIM_SURF_MODE) {
  *out = warpsim::surface::read<T>(s, "surf2Dread", x, y, 0, mode);
}
template <class T>
WARPSIM_SURF_FN void surf2Dwrite(T data, cudaSurfaceObject_t s, int x, int y, WARPSIM_SURF_MODE) {
  warpsim::surface::write<T>(data, s, "surf2Dwrite", x, y, 0, mode);
}
template <class T>
WARPSIM_SURF_FN T surf3Dread(cudaSurfaceObject_t s, int x, int y, int z, WARPSIM_SURF_MODE) {
  return warpsim::surface::read<T>(s, "surf3Dread", x, y, z, mode);
}
template <class T>
WARPSIM_SURF_FN void surf3Dread(T *out, cudaSurfaceObject_t s, int x, int y, int z,
                                WARPSIM_SURF_MODE) {
  *out = warpsim::surface::read<T>(s, "surf3Dread", x, y, z, mode);
}
template <class T>
WARPSIM_SURF_FN void surf3Dwrite(T data, cudaSurfaceObject_t s, int x, int y, int z,
                                 WARPSIM_SURF_MODE) {
  warpsim::surface::write<T>(data, s, "surf3Dwrite", x, y, z, mode);
}
template <class T>
WARPSIM_SURF_FN T surf1DLayeredread(cudaSurfaceObject_t s, int x, int layer, WARPSIM_SURF_MODE) {
  return warpsim::surface::read<T>(s, "surf1DLayeredread", x, 0, layer, mode);
}
template <class T>
WARPSIM_SURF_FN void surf1DLayeredread(T *out, cudaSurfaceObject_t s, int x, int layer,
                                       WARPSIM_SURF_MODE) {
  *out = warpsim::surface::read<T>(s, "surf1DLayeredread", x, 0, layer, mode);
}
template <class T>
WARPSIM_SURF_FN void surf1DLayeredwrite(T data, cudaSurfaceObject_t s, int x, int layer,
                                        WARPSIM_SURF_MODE) {
  warpsim::surface::write<T>(data, s, "surf1DLayeredwrite", x, 0, layer, mode);
}
template <class T>
WARPSIM_SURF_FN T surf2DLayeredread(cudaSurfaceObject_t s, int x, int y, int layer,
                                    WARPSIM_SURF_MODE) {
  return warpsim::surface::read<T>(s, "surf2DLayeredread", x, y, layer, mode);
}
template <class T>
WARPSIM_SURF_FN void surf2DLayeredread(T *out, cudaSurfaceObject_t s, int x, int y, int layer,
                                       WARPSIM_SURF_MODE) {
  *out = warpsim::surface::read<T>(s, "surf2DLayeredread", x, y, layer, mode);
}
template <class T>
WARPSIM_SURF_FN void surf2DLayeredwrite(T data, cudaSurfaceObject_t s, int x, int y, int layer,
                                        WARPSIM_SURF_MODE) {
  warpsim::surface::write<T>(data, s, "surf2DLayeredwrite", x, y, layer, mode);
}
#undef WARPSIM_SURF_MODE
#undef WARPSIM_SURF_FN
