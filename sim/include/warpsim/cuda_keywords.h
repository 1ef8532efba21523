// CUDA's execution-space and memory-space keywords, spelled so that a plain
// C++ parser accepts them. The front end finds them again through their
// `annotate` attributes; nothing else depends on the spelling.
#pragma once

// libstdc++ spells `__attribute__((__noinline__))` (shared_ptr_base.h): pull
// it in before __noinline__ becomes a macro, as CUDA's own headers must.
#include <memory>

#define WARPSIM_ANNOTATE(what) __attribute__((annotate("warpsim::" what)))

#define __global__ WARPSIM_ANNOTATE("global")
#define __device__ WARPSIM_ANNOTATE("device")
#define __host__ WARPSIM_ANNOTATE("host")
#define __shared__ WARPSIM_ANNOTATE("shared")
#define __constant__ WARPSIM_ANNOTATE("constant")
#define __managed__ WARPSIM_ANNOTATE("managed")
#define __grid_constant__ WARPSIM_ANNOTATE("grid_constant")

#define __forceinline__ inline
#define __noinline__ __attribute__((noinline))
#define __inline__ inline
#define __align__(n) __attribute__((aligned(n)))
// `__shared__ alignas(X)` as the front end respells it (AlignasSpelling.cpp):
// X is an alignment or a type.
namespace warpsim {
template <unsigned long N> constexpr unsigned long alignasValue() { return N; }
template <class T> constexpr unsigned long alignasValue() { return alignof(T); }
} // namespace warpsim
#define __wsaln(...) __attribute__((aligned(::warpsim::alignasValue<__VA_ARGS__>())))
#define __restrict__ __restrict
// The front end reads the maximum threads per block (a launch above it fails).
#define __launch_bounds__(...) __attribute__((annotate("warpsim::launch_bounds", __VA_ARGS__)))
#define __maxnreg__(n)
// Read by the front end into the launch's KernelSite (the cluster shape).
#define __cluster_dims__(...) __attribute__((annotate("warpsim::cluster_dims", __VA_ARGS__)))
#define __device_builtin__
#define __builtin_align__(n) __attribute__((aligned(n)))
#define __WARPSIM__ 1
#define CUDART_VERSION 13000
// HIP source (docs/hip.md; the driver defines __HIP__ as hipcc does): hipcc
// for AMD defines none of nvcc's macros, and HIP programs test them to pick
// an NVIDIA path.
#ifndef __HIP__
#define __CUDACC__ 1
#define __NVCC__ 1
#define __CUDACC_VER_MAJOR__ 13
#define __CUDACC_VER_MINOR__ 0
#endif
