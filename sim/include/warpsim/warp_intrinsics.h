// CUDA's warp-level intrinsics: shuffles, votes, match, reduce, __syncwarp,
// __activemask. Defined in libwarpsim (sim/runtime/DeviceApi.cpp): a lane
// calling one stops, the warp scheduler waits until every lane named in the
// mask has arrived at the same call, and computes the results over them.
// See docs/warp-model.md.
//
// Masks are 64-bit here (CUDA declares `unsigned`): warpsim runs 32- and
// 64-lane warps. A 32-bit literal converts unchanged, so CUDA code compiles
// as it is; under --warp-size 64 `0xffffffff` names lanes 0..31 only. The
// portable full mask is WARPSIM_FULL_MASK (all lanes at either warp size;
// bits past the warp's last lane are ignored). Kernels that also build with
// nvcc write:
//   #ifndef WARPSIM_FULL_MASK
//   #define WARPSIM_FULL_MASK 0xffffffffu
//   #endif
#pragma once

#include "warpsim/builtin_vars.h"

#define WARPSIM_FULL_MASK (~0ull)

void __syncwarp(unsigned long long mask = WARPSIM_FULL_MASK);
unsigned long long __activemask(void);
unsigned long long __ballot_sync(unsigned long long mask, int predicate);
int __all_sync(unsigned long long mask, int predicate);
int __any_sync(unsigned long long mask, int predicate);

#define WARPSIM_SHFL_DECL(T)                                                                       \
  T __shfl_sync(unsigned long long mask, T var, int srcLane, int width = warpSize);                \
  T __shfl_up_sync(unsigned long long mask, T var, unsigned int delta, int width = warpSize);      \
  T __shfl_down_sync(unsigned long long mask, T var, unsigned int delta, int width = warpSize);    \
  T __shfl_xor_sync(unsigned long long mask, T var, int laneMask, int width = warpSize);           \
  unsigned long long __match_any_sync(unsigned long long mask, T value);                           \
  unsigned long long __match_all_sync(unsigned long long mask, T value, int *pred);
WARPSIM_SHFL_DECL(int)
WARPSIM_SHFL_DECL(unsigned int)
WARPSIM_SHFL_DECL(long)
WARPSIM_SHFL_DECL(unsigned long)
WARPSIM_SHFL_DECL(long long)
WARPSIM_SHFL_DECL(unsigned long long)
WARPSIM_SHFL_DECL(float)
WARPSIM_SHFL_DECL(double)
#undef WARPSIM_SHFL_DECL

// Reductions: 32-bit integers only, as in CUDA (sm_80+).
unsigned int __reduce_add_sync(unsigned long long mask, unsigned int value);
int __reduce_add_sync(unsigned long long mask, int value);
unsigned int __reduce_min_sync(unsigned long long mask, unsigned int value);
int __reduce_min_sync(unsigned long long mask, int value);
unsigned int __reduce_max_sync(unsigned long long mask, unsigned int value);
int __reduce_max_sync(unsigned long long mask, int value);
unsigned int __reduce_and_sync(unsigned long long mask, unsigned int value);
unsigned int __reduce_or_sync(unsigned long long mask, unsigned int value);
unsigned int __reduce_xor_sync(unsigned long long mask, unsigned int value);
