// HIP's scoped atomic builtins, __hip_atomic_*(ptr, ..., order, scope), as
// hipcc's clang provides them (docs/hip.md). Each is ONE call of warpsim's
// scoped-atomics path (warpsim/atomic_abi.h), as __nv_atomic_* and
// cuda::atomic are: one event with its order and scope, so the race detector
// and --memory-model ptx see what the GPU would. Orders are the compiler's
// __ATOMIC_* (C11's numbering, which the ABI takes); scopes
// __HIP_MEMORY_SCOPE_* map onto warpsim's: singlethread -> thread,
// wavefront -> block (warpsim has no narrower scope than the block: an
// atomic that only the wavefront should see is treated as seen by its
// block), workgroup -> block, agent -> device, system -> system.
#pragma once

#include <type_traits>

#include "warpsim/atomic_abi.h"
#include "warpsim/nv_atomic.h"

#define __HIP_MEMORY_SCOPE_SINGLETHREAD 1
#define __HIP_MEMORY_SCOPE_WAVEFRONT 2
#define __HIP_MEMORY_SCOPE_WORKGROUP 3
#define __HIP_MEMORY_SCOPE_AGENT 4
#define __HIP_MEMORY_SCOPE_SYSTEM 5

namespace warpsim::hip_atomic {

constexpr unsigned abiScope(int scope) {
  switch (scope) {
  case __HIP_MEMORY_SCOPE_SINGLETHREAD:
    return 3;
  case __HIP_MEMORY_SCOPE_WAVEFRONT:
  case __HIP_MEMORY_SCOPE_WORKGROUP:
    return 2;
  case __HIP_MEMORY_SCOPE_AGENT:
    return 1;
  default:
    return 0;
  }
}

// The one out-of-line call: its return address is the user's call site.
[[gnu::noinline]] inline unsigned long long call(unsigned op, void *p, unsigned type,
                                                 unsigned long long v, unsigned long long c,
                                                 int order, int scope) {
  return warpsim_atomic(op, p, type, v, c, static_cast<unsigned>(order), abiScope(scope),
                        __builtin_return_address(0));
}

template <class T>
__attribute__((always_inline, nodebug)) inline T op(unsigned code, T *p, T v, int order,
                                                    int scope) {
  namespace na = ::warpsim::nv_atomic;
  using U = std::remove_cv_t<T>;
  static_assert(na::kSupportedSize<U> && std::is_trivially_copyable_v<U>,
                "__hip_atomic_*: a 1, 2, 4 or 8-byte trivially copyable type");
  return na::from<U>(
      call(code, const_cast<U *>(p), na::typeCode<U>(), na::bits(U(v)), 0, order, scope));
}

} // namespace warpsim::hip_atomic

#define WARPSIM_HIP_ATTRS __attribute__((always_inline, nodebug)) inline
#define WARPSIM_HIP_FETCH(NAME, CODE)                                                              \
  template <class T>                                                                               \
  WARPSIM_HIP_ATTRS T warpsim_hip_atomic_fetch_##NAME(T *ptr, ::warpsim::nv_atomic::Same<T> val,   \
                                                      int order, int scope) {                      \
    return ::warpsim::hip_atomic::op<T>(::warpsim::atomic::CODE, ptr, val, order, scope);          \
  }
WARPSIM_HIP_FETCH(add, kAdd)
WARPSIM_HIP_FETCH(sub, kSub)
WARPSIM_HIP_FETCH(and, kAnd)
WARPSIM_HIP_FETCH(or, kOr)
WARPSIM_HIP_FETCH(xor, kXor)
WARPSIM_HIP_FETCH(min, kMin)
WARPSIM_HIP_FETCH(max, kMax)
#undef WARPSIM_HIP_FETCH

template <class T> WARPSIM_HIP_ATTRS T warpsim_hip_atomic_load(T *ptr, int order, int scope) {
  return ::warpsim::hip_atomic::op<T>(::warpsim::atomic::kLoad, ptr, T{}, order, scope);
}
template <class T>
WARPSIM_HIP_ATTRS void warpsim_hip_atomic_store(T *ptr, ::warpsim::nv_atomic::Same<T> val,
                                                int order, int scope) {
  ::warpsim::hip_atomic::op<T>(::warpsim::atomic::kStore, ptr, val, order, scope);
}
template <class T>
WARPSIM_HIP_ATTRS T warpsim_hip_atomic_exchange(T *ptr, ::warpsim::nv_atomic::Same<T> val,
                                                int order, int scope) {
  return ::warpsim::hip_atomic::op<T>(::warpsim::atomic::kExchange, ptr, val, order, scope);
}
// On failure *expected receives the value found, as C11's compare-exchange;
// a weak one never fails spuriously here.
template <class T>
WARPSIM_HIP_ATTRS bool
warpsim_hip_atomic_compare_exchange_strong(T *ptr, T *expected,
                                           ::warpsim::nv_atomic::Same<T> desired, int success_order,
                                           int failure_order, int scope) {
  (void)failure_order;
  namespace na = ::warpsim::nv_atomic;
  const T want = *expected;
  const unsigned long long old =
      ::warpsim::hip_atomic::call(::warpsim::atomic::kCas, ptr, na::typeCode<T>(),
                                  na::bits(desired), na::bits(want), success_order, scope);
  if (old == na::bits(want))
    return true;
  *expected = na::from<T>(old);
  return false;
}
template <class T>
WARPSIM_HIP_ATTRS bool
warpsim_hip_atomic_compare_exchange_weak(T *ptr, T *expected, ::warpsim::nv_atomic::Same<T> desired,
                                         int success_order, int failure_order, int scope) {
  return warpsim_hip_atomic_compare_exchange_strong(ptr, expected, desired, success_order,
                                                    failure_order, scope);
}
#undef WARPSIM_HIP_ATTRS

// clang knows the __hip_atomic_* names as builtins in every language, and
// compiles them as host atomics outside HIP: the names are macros here, so
// that a program's call reaches warpsim's scoped atomics.
#define __hip_atomic_fetch_add warpsim_hip_atomic_fetch_add
#define __hip_atomic_fetch_sub warpsim_hip_atomic_fetch_sub
#define __hip_atomic_fetch_and warpsim_hip_atomic_fetch_and
#define __hip_atomic_fetch_or warpsim_hip_atomic_fetch_or
#define __hip_atomic_fetch_xor warpsim_hip_atomic_fetch_xor
#define __hip_atomic_fetch_min warpsim_hip_atomic_fetch_min
#define __hip_atomic_fetch_max warpsim_hip_atomic_fetch_max
#define __hip_atomic_load warpsim_hip_atomic_load
#define __hip_atomic_store warpsim_hip_atomic_store
#define __hip_atomic_exchange warpsim_hip_atomic_exchange
#define __hip_atomic_compare_exchange_strong warpsim_hip_atomic_compare_exchange_strong
#define __hip_atomic_compare_exchange_weak warpsim_hip_atomic_compare_exchange_weak
