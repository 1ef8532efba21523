// Loads and stores with a cache hint (sm_32_intrinsics.h): __ldg (read-only
// data cache), __ldca / __ldcg / __ldcs / __ldlu / __ldcv and __stwb /
// __stcg / __stcs / __stwt, with the overloads CUDA declares: 30 scalar and
// vector types here, __half/__half2 in cuda_fp16.h, the bfloat16 pair in
// cuda_bf16.h. A hint changes where a GPU caches the line, never the value
// (the one exception, __ldg of data written during the kernel, is undefined
// in CUDA): each is one ordinary load or store. They are inlined and carry
// no debug location of their own, so the access takes the caller's (LLVM's
// inliner gives an instruction without a location the call's): the race
// detector and the memory checker name the user's line and column.
#pragma once

#include "warpsim/vector_types.h"

#define WARPSIM_HINT_ATTRS static inline __attribute__((always_inline, nodebug))

#define WARPSIM_CACHE_HINTS(T)                                                                     \
  WARPSIM_HINT_ATTRS T __ldg(const T *ptr) { return *ptr; }                                        \
  WARPSIM_HINT_ATTRS T __ldca(const T *ptr) { return *ptr; }                                       \
  WARPSIM_HINT_ATTRS T __ldcg(const T *ptr) { return *ptr; }                                       \
  WARPSIM_HINT_ATTRS T __ldcs(const T *ptr) { return *ptr; }                                       \
  WARPSIM_HINT_ATTRS T __ldlu(const T *ptr) { return *ptr; }                                       \
  WARPSIM_HINT_ATTRS T __ldcv(const T *ptr) { return *ptr; }                                       \
  WARPSIM_HINT_ATTRS void __stwb(T *ptr, T value) { *ptr = value; }                                \
  WARPSIM_HINT_ATTRS void __stcg(T *ptr, T value) { *ptr = value; }                                \
  WARPSIM_HINT_ATTRS void __stcs(T *ptr, T value) { *ptr = value; }                                \
  WARPSIM_HINT_ATTRS void __stwt(T *ptr, T value) { *ptr = value; }

WARPSIM_CACHE_HINTS(long)
WARPSIM_CACHE_HINTS(unsigned long)
WARPSIM_CACHE_HINTS(char)
WARPSIM_CACHE_HINTS(signed char)
WARPSIM_CACHE_HINTS(short)
WARPSIM_CACHE_HINTS(int)
WARPSIM_CACHE_HINTS(long long)
WARPSIM_CACHE_HINTS(char2)
WARPSIM_CACHE_HINTS(char4)
WARPSIM_CACHE_HINTS(short2)
WARPSIM_CACHE_HINTS(short4)
WARPSIM_CACHE_HINTS(int2)
WARPSIM_CACHE_HINTS(int4)
WARPSIM_CACHE_HINTS(longlong2)
WARPSIM_CACHE_HINTS(unsigned char)
WARPSIM_CACHE_HINTS(unsigned short)
WARPSIM_CACHE_HINTS(unsigned int)
WARPSIM_CACHE_HINTS(unsigned long long)
WARPSIM_CACHE_HINTS(uchar2)
WARPSIM_CACHE_HINTS(uchar4)
WARPSIM_CACHE_HINTS(ushort2)
WARPSIM_CACHE_HINTS(ushort4)
WARPSIM_CACHE_HINTS(uint2)
WARPSIM_CACHE_HINTS(uint4)
WARPSIM_CACHE_HINTS(ulonglong2)
WARPSIM_CACHE_HINTS(float)
WARPSIM_CACHE_HINTS(double)
WARPSIM_CACHE_HINTS(float2)
WARPSIM_CACHE_HINTS(float4)
WARPSIM_CACHE_HINTS(double2)
