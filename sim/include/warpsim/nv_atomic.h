// CUDA 12.x's __nv_atomic_* builtins (CUDA C++ Programming Guide, "Built-in
// atomic functions") with their memory orders (__NV_ATOMIC_*) and scopes
// (__NV_THREAD_SCOPE_*), declared as crt/device_functions.h declares the
// enumerators. Each operation is ONE call of the runtime's scoped-atomics
// path (warpsim/atomic_abi.h), as cuda::atomic's are: one event with its
// order and scope, so the race detector and --memory-model ptx see what the
// GPU would. The public functions are inlined without debug locations of
// their own and call one out-of-line helper, whose return address (the
// user's call) is the event's pc; the plain copies through `ret`/`expected`
// pointers take the caller's line likewise.
//
// Not supported: 16-byte operands (sm_90's 128-bit exchange, compare-exchange,
// load and store): a compile-time error names them. A weak compare-exchange
// never fails spuriously here; the failure order of a compare-exchange is
// not an event of its own (as with cuda::atomic).
#pragma once

#include <type_traits>

#include "warpsim/atomic_abi.h"

enum {
  __NV_ATOMIC_RELAXED,
  __NV_ATOMIC_CONSUME,
  __NV_ATOMIC_ACQUIRE,
  __NV_ATOMIC_RELEASE,
  __NV_ATOMIC_ACQ_REL,
  __NV_ATOMIC_SEQ_CST
};

enum {
  __NV_THREAD_SCOPE_THREAD,
  __NV_THREAD_SCOPE_BLOCK,
  __NV_THREAD_SCOPE_CLUSTER,
  __NV_THREAD_SCOPE_DEVICE,
  __NV_THREAD_SCOPE_SYSTEM
};

namespace warpsim::nv_atomic {

// T deduced from the pointer alone (std::type_identity_t is C++20; user code
// may be C++17).
template <class T> struct Identity { using type = T; };
template <class T> using Same = typename Identity<T>::type;

template <class T>
inline constexpr bool kSupportedSize = sizeof(T) == 1 || sizeof(T) == 2 || sizeof(T) == 4 ||
                                       sizeof(T) == 8;

template <class T>
using Uint = std::conditional_t<
    sizeof(T) == 1, unsigned char,
    std::conditional_t<sizeof(T) == 2, unsigned short,
                       std::conditional_t<sizeof(T) == 4, unsigned int, unsigned long long>>>;

template <class T> constexpr unsigned typeCode() {
  const unsigned kind = std::is_floating_point_v<T>                      ? 2u
                        : (std::is_integral_v<T> && std::is_signed_v<T>) ? 1u
                                                                         : 0u;
  return static_cast<unsigned>(sizeof(T)) | (kind << 4);
}

// __NV_THREAD_SCOPE_* to the ABI's cuda::thread_scope numbering (cluster 4).
constexpr unsigned abiScope(int scope) {
  switch (scope) {
  case __NV_THREAD_SCOPE_THREAD:
    return 3;
  case __NV_THREAD_SCOPE_BLOCK:
    return 2;
  case __NV_THREAD_SCOPE_CLUSTER:
    return 4;
  case __NV_THREAD_SCOPE_DEVICE:
    return 1;
  default:
    return 0;
  }
}

template <class T> __attribute__((always_inline, nodebug)) inline unsigned long long bits(T v) {
  return __builtin_bit_cast(Uint<T>, v);
}
template <class T> __attribute__((always_inline, nodebug)) inline T from(unsigned long long b) {
  return __builtin_bit_cast(T, static_cast<Uint<T>>(b));
}

// The one out-of-line call: its return address is the user's call site.
[[gnu::noinline]] inline unsigned long long call(unsigned op, void *p, unsigned type,
                                                 unsigned long long v, unsigned long long c,
                                                 int order, int scope) {
  return warpsim_atomic(op, p, type, v, c, static_cast<unsigned>(order), abiScope(scope),
                        __builtin_return_address(0));
}
[[gnu::noinline]] inline void fence(int order, int scope) {
  warpsim_atomic_fence(static_cast<unsigned>(order), abiScope(scope), __builtin_return_address(0));
}

template <class T> constexpr void checkAny() {
  static_assert(sizeof(T) != 16, "warpsim: 16-byte __nv_atomic_* operations are not supported");
  static_assert(kSupportedSize<T>, "__nv_atomic_*: the type must be 1, 2, 4, 8 or 16 bytes");
  static_assert(std::is_trivially_copyable_v<T>, "__nv_atomic_*: a trivially copyable type");
}
template <class T> constexpr void checkArith() {
  checkAny<T>();
  static_assert(
      (std::is_integral_v<T> || std::is_floating_point_v<T>)&&(sizeof(T) == 4 || sizeof(T) == 8),
      "__nv_atomic_fetch_add/sub: a 4- or 8-byte integer, float or double");
}
template <class T> constexpr void checkIntegral() {
  checkAny<T>();
  static_assert(std::is_integral_v<T> && (sizeof(T) == 4 || sizeof(T) == 8),
                "__nv_atomic_fetch_and/or/xor/min/max: a 4- or 8-byte integer");
}

template <class T>
__attribute__((always_inline, nodebug)) inline T op(unsigned code, T *p, T v, int order,
                                                    int scope) {
  return from<T>(call(code, const_cast<std::remove_cv_t<T> *>(p), typeCode<std::remove_cv_t<T>>(),
                      bits(v), 0, order, scope));
}

} // namespace warpsim::nv_atomic

#define WARPSIM_NV_ATTRS __attribute__((always_inline, nodebug)) inline
#define WARPSIM_NV_FETCH(NAME, CODE, CHECK)                                                        \
  template <class T>                                                                               \
  WARPSIM_NV_ATTRS T __nv_atomic_fetch_##NAME(T *ptr, ::warpsim::nv_atomic::Same<T> val,           \
                                              int order, int scope = __NV_THREAD_SCOPE_SYSTEM) {   \
    ::warpsim::nv_atomic::CHECK<T>();                                                              \
    return ::warpsim::nv_atomic::op<T>(::warpsim::atomic::CODE, ptr, val, order, scope);           \
  }                                                                                                \
  template <class T>                                                                               \
  WARPSIM_NV_ATTRS void __nv_atomic_##NAME(T *ptr, ::warpsim::nv_atomic::Same<T> val, int order,   \
                                           int scope = __NV_THREAD_SCOPE_SYSTEM) {                 \
    ::warpsim::nv_atomic::CHECK<T>();                                                              \
    ::warpsim::nv_atomic::op<T>(::warpsim::atomic::CODE, ptr, val, order, scope);                  \
  }

WARPSIM_NV_FETCH(add, kAdd, checkArith)
WARPSIM_NV_FETCH(sub, kSub, checkArith)
WARPSIM_NV_FETCH(and, kAnd, checkIntegral)
WARPSIM_NV_FETCH(or, kOr, checkIntegral)
WARPSIM_NV_FETCH(xor, kXor, checkIntegral)
WARPSIM_NV_FETCH(min, kMin, checkIntegral)
WARPSIM_NV_FETCH(max, kMax, checkIntegral)
#undef WARPSIM_NV_FETCH

template <class T>
WARPSIM_NV_ATTRS T __nv_atomic_load_n(T *ptr, int order, int scope = __NV_THREAD_SCOPE_SYSTEM) {
  ::warpsim::nv_atomic::checkAny<T>();
  return ::warpsim::nv_atomic::op<T>(::warpsim::atomic::kLoad, ptr, T{}, order, scope);
}
template <class T>
WARPSIM_NV_ATTRS void __nv_atomic_load(T *ptr, std::remove_cv_t<T> *ret, int order,
                                       int scope = __NV_THREAD_SCOPE_SYSTEM) {
  ::warpsim::nv_atomic::checkAny<T>();
  *ret = ::warpsim::nv_atomic::op<T>(::warpsim::atomic::kLoad, ptr, T{}, order, scope);
}
template <class T>
WARPSIM_NV_ATTRS void __nv_atomic_store_n(T *ptr, ::warpsim::nv_atomic::Same<T> val, int order,
                                          int scope = __NV_THREAD_SCOPE_SYSTEM) {
  ::warpsim::nv_atomic::checkAny<T>();
  ::warpsim::nv_atomic::op<T>(::warpsim::atomic::kStore, ptr, val, order, scope);
}
template <class T>
WARPSIM_NV_ATTRS void __nv_atomic_store(T *ptr, T *val, int order,
                                        int scope = __NV_THREAD_SCOPE_SYSTEM) {
  ::warpsim::nv_atomic::checkAny<T>();
  ::warpsim::nv_atomic::op<T>(::warpsim::atomic::kStore, ptr, *val, order, scope);
}
template <class T>
WARPSIM_NV_ATTRS T __nv_atomic_exchange_n(T *ptr, ::warpsim::nv_atomic::Same<T> val, int order,
                                          int scope = __NV_THREAD_SCOPE_SYSTEM) {
  ::warpsim::nv_atomic::checkAny<T>();
  return ::warpsim::nv_atomic::op<T>(::warpsim::atomic::kExchange, ptr, val, order, scope);
}
template <class T>
WARPSIM_NV_ATTRS void __nv_atomic_exchange(T *ptr, T *val, T *ret, int order,
                                           int scope = __NV_THREAD_SCOPE_SYSTEM) {
  ::warpsim::nv_atomic::checkAny<T>();
  *ret = ::warpsim::nv_atomic::op<T>(::warpsim::atomic::kExchange, ptr, *val, order, scope);
}
// On failure *expected receives the value found, as C11's compare-exchange.
template <class T>
WARPSIM_NV_ATTRS bool
__nv_atomic_compare_exchange_n(T *ptr, T *expected, ::warpsim::nv_atomic::Same<T> desired,
                               bool weak, int success_order, int failure_order,
                               int scope = __NV_THREAD_SCOPE_SYSTEM) {
  (void)weak;
  (void)failure_order;
  ::warpsim::nv_atomic::checkAny<T>();
  namespace na = ::warpsim::nv_atomic;
  const T want = *expected;
  const unsigned long long old = na::call(::warpsim::atomic::kCas, ptr, na::typeCode<T>(),
                                          na::bits(desired), na::bits(want), success_order, scope);
  if (old == na::bits(want))
    return true;
  *expected = na::from<T>(old);
  return false;
}
template <class T>
WARPSIM_NV_ATTRS bool __nv_atomic_compare_exchange(T *ptr, T *expected, T *desired, bool weak,
                                                   int success_order, int failure_order,
                                                   int scope = __NV_THREAD_SCOPE_SYSTEM) {
  return __nv_atomic_compare_exchange_n(ptr, expected, *desired, weak, success_order, failure_order,
                                        scope);
}
WARPSIM_NV_ATTRS void __nv_atomic_thread_fence(int order, int scope = __NV_THREAD_SCOPE_SYSTEM) {
  ::warpsim::nv_atomic::fence(order, scope);
}
#undef WARPSIM_NV_ATTRS
