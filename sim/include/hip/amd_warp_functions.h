// HIP's wavefront functions on warpsim's warp operations (docs/hip.md,
// docs/warp-model.md). Masks are 64-bit and warpSize is the simulated
// architecture's (64 under --arch cdna3).
//
// HIP's maskless forms (__ballot, __any, __all, __shfl*) are whole-wavefront
// operations here: every lane of the wavefront that has not exited takes
// part (the full mask), as every lane does where a wavefront's control flow
// has reconverged. warpsim's lockstep schedule may run some lanes ahead into
// a callee while others finish a branch, so "the lanes active now"
// (__activemask()) would be a schedule's accident, not AMD's EXEC mask. A
// maskless operation inside a branch only some lanes of the wavefront take
// is therefore the warp checker's warp-sync-mask finding, never a silent
// partial result: write the _sync form with those lanes' mask (HIP's own
// advice for divergent code). The _sync forms are warpsim's CUDA ones
// (warpsim/warp_intrinsics.h), which take 64-bit masks already.
#pragma once

#include <cuda_runtime.h>

#include <type_traits>

#define WARPSIM_HIP_ATTRS __attribute__((always_inline, nodebug)) inline
#define WARPSIM_HIP_WAVE (~0ull)

WARPSIM_HIP_ATTRS unsigned long long __ballot(int predicate) {
  return __ballot_sync(WARPSIM_HIP_WAVE, predicate);
}
WARPSIM_HIP_ATTRS unsigned long long __ballot64(int predicate) {
  return __ballot_sync(WARPSIM_HIP_WAVE, predicate);
}
WARPSIM_HIP_ATTRS int __any(int predicate) { return __any_sync(WARPSIM_HIP_WAVE, predicate); }
WARPSIM_HIP_ATTRS int __all(int predicate) { return __all_sync(WARPSIM_HIP_WAVE, predicate); }

#define WARPSIM_HIP_SHFL(T)                                                                        \
  WARPSIM_HIP_ATTRS T __shfl(T var, int srcLane, int width = warpSize) {                           \
    return __shfl_sync(WARPSIM_HIP_WAVE, var, srcLane, width);                                     \
  }                                                                                                \
  WARPSIM_HIP_ATTRS T __shfl_up(T var, unsigned int delta, int width = warpSize) {                 \
    return __shfl_up_sync(WARPSIM_HIP_WAVE, var, delta, width);                                    \
  }                                                                                                \
  WARPSIM_HIP_ATTRS T __shfl_down(T var, unsigned int delta, int width = warpSize) {               \
    return __shfl_down_sync(WARPSIM_HIP_WAVE, var, delta, width);                                  \
  }                                                                                                \
  WARPSIM_HIP_ATTRS T __shfl_xor(T var, int laneMask, int width = warpSize) {                      \
    return __shfl_xor_sync(WARPSIM_HIP_WAVE, var, laneMask, width);                                \
  }
WARPSIM_HIP_SHFL(int)
WARPSIM_HIP_SHFL(unsigned int)
WARPSIM_HIP_SHFL(long)
WARPSIM_HIP_SHFL(unsigned long)
WARPSIM_HIP_SHFL(long long)
WARPSIM_HIP_SHFL(unsigned long long)
WARPSIM_HIP_SHFL(float)
WARPSIM_HIP_SHFL(double)
#undef WARPSIM_HIP_SHFL

// HIP's *_sync functions take 64-bit masks only: hipcc refuses a 32-bit one
// at compile time (a CUDA mask such as 0xffffffff names half a wavefront,
// the commonest wave64 porting bug), and so does warpsim for HIP source.
// These templates are chosen over warpsim's (unsigned long long) functions
// only for a narrower integer mask, and stop the compile there.
namespace warpsim::hip {
template <class M>
using NarrowMask = std::enable_if_t<std::is_integral_v<M> && sizeof(M) != 8, int>;
template <class M> constexpr bool kWideMask = sizeof(M) == 8;
} // namespace warpsim::hip
#define WARPSIM_HIP_NARROW_MASK(M)                                                                 \
  static_assert(::warpsim::hip::kWideMask<M>,                                                      \
                "The mask must be a 64-bit integer. Implicitly promoting a smaller integer is "    \
                "almost always an error (HIP: wavefronts have 64 lanes)")
template <class M, class T, ::warpsim::hip::NarrowMask<M> = 0>
T __shfl_sync(M, T var, int, int = 0) {
  WARPSIM_HIP_NARROW_MASK(M);
  return var;
}
template <class M, class T, ::warpsim::hip::NarrowMask<M> = 0>
T __shfl_up_sync(M, T var, unsigned int, int = 0) {
  WARPSIM_HIP_NARROW_MASK(M);
  return var;
}
template <class M, class T, ::warpsim::hip::NarrowMask<M> = 0>
T __shfl_down_sync(M, T var, unsigned int, int = 0) {
  WARPSIM_HIP_NARROW_MASK(M);
  return var;
}
template <class M, class T, ::warpsim::hip::NarrowMask<M> = 0>
T __shfl_xor_sync(M, T var, int, int = 0) {
  WARPSIM_HIP_NARROW_MASK(M);
  return var;
}
template <class M, ::warpsim::hip::NarrowMask<M> = 0> unsigned long long __ballot_sync(M, int) {
  WARPSIM_HIP_NARROW_MASK(M);
  return 0;
}
template <class M, ::warpsim::hip::NarrowMask<M> = 0> int __any_sync(M, int) {
  WARPSIM_HIP_NARROW_MASK(M);
  return 0;
}
template <class M, ::warpsim::hip::NarrowMask<M> = 0> int __all_sync(M, int) {
  WARPSIM_HIP_NARROW_MASK(M);
  return 0;
}
template <class M, ::warpsim::hip::NarrowMask<M> = 0> void __syncwarp(M) {
  WARPSIM_HIP_NARROW_MASK(M);
}
#undef WARPSIM_HIP_NARROW_MASK

// The lane of the calling thread in its wavefront: threads are numbered
// x-fastest in the block and cut into warps of warpSize, as on the GPU.
WARPSIM_HIP_ATTRS unsigned int __lane_id() {
  const unsigned linear = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  return linear % static_cast<unsigned>(warpSize);
}

// AMD GCN builtins that HIP programs call directly (those warpsim computes;
// any other __builtin_amdgcn_* is an undeclared identifier, located).
// readfirstlane/readlane: the value of the lowest lane taking part, or of
// `lane`.
WARPSIM_HIP_ATTRS int __builtin_amdgcn_readfirstlane(int v) {
  const unsigned long long present = __ballot_sync(WARPSIM_HIP_WAVE, 1);
  return __shfl_sync(WARPSIM_HIP_WAVE, v, __builtin_ctzll(present));
}
WARPSIM_HIP_ATTRS int __builtin_amdgcn_readlane(int v, int lane) {
  return __shfl_sync(WARPSIM_HIP_WAVE, v, lane);
}
// ds_bpermute: every lane reads `src` of lane addr / 4 (a byte address,
// modulo the wavefront).
WARPSIM_HIP_ATTRS int __builtin_amdgcn_ds_bpermute(int addr, int src) {
  return __shfl_sync(WARPSIM_HIP_WAVE, src, (addr >> 2) & (warpSize - 1));
}
// mbcnt: acc plus the bits of mask below the calling lane, in the low (lo)
// or high (hi) 32 lanes; mbcnt_hi(~0, mbcnt_lo(~0, 0)) is the lane id.
WARPSIM_HIP_ATTRS unsigned int __builtin_amdgcn_mbcnt_lo(unsigned int mask, unsigned int acc) {
  const unsigned lane = __lane_id();
  const unsigned below = lane >= 32 ? 0xffffffffu : (1u << lane) - 1u;
  return acc + static_cast<unsigned>(__builtin_popcount(mask & below));
}
WARPSIM_HIP_ATTRS unsigned int __builtin_amdgcn_mbcnt_hi(unsigned int mask, unsigned int acc) {
  const unsigned lane = __lane_id();
  const unsigned below = lane < 32 ? 0u : lane >= 64 ? 0xffffffffu : (1u << (lane - 32)) - 1u;
  return acc + static_cast<unsigned>(__builtin_popcount(mask & below));
}
// s_barrier is the workgroup barrier; wave_barrier only keeps the compiler
// from moving code across it (lanes of a wavefront are not ordered by it
// here: use __syncwarp() to order them, docs/hip.md).
WARPSIM_HIP_ATTRS void __builtin_amdgcn_s_barrier() { __syncthreads(); }
WARPSIM_HIP_ATTRS void __builtin_amdgcn_wave_barrier() {}
WARPSIM_HIP_ATTRS void __builtin_amdgcn_s_sleep(int) {}
WARPSIM_HIP_ATTRS unsigned long long __builtin_amdgcn_s_memtime() {
  return static_cast<unsigned long long>(clock64());
}
WARPSIM_HIP_ATTRS unsigned long long __builtin_amdgcn_s_memrealtime() {
  return static_cast<unsigned long long>(clock64());
}
WARPSIM_HIP_ATTRS unsigned long long wall_clock64() {
  return static_cast<unsigned long long>(clock64());
}

// HIP's atomics without a return value and its "unsafe" (hardware floating
// point) variants: warpsim's atomicAdd.
template <class T> WARPSIM_HIP_ATTRS void atomicAddNoRet(T *address, T val) {
  atomicAdd(address, val);
}
template <class T> WARPSIM_HIP_ATTRS T unsafeAtomicAdd(T *address, T val) {
  return atomicAdd(address, val);
}
template <class T> WARPSIM_HIP_ATTRS T safeAtomicAdd(T *address, T val) {
  return atomicAdd(address, val);
}

#undef WARPSIM_HIP_ATTRS
#undef WARPSIM_HIP_WAVE

// HIP_DYNAMIC_SHARED(type, name) is lowered by the front end to
// `extern __shared__ type name[]` (a macro cannot declare a __shared__
// variable the front end sees, docs/hip.md); the attribute spelling is empty.
#define HIP_DYNAMIC_SHARED_ATTRIBUTE
