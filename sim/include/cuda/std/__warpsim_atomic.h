// warpsim's libcu++ atomics: cuda::atomic<T, Scope>, cuda::atomic_ref<T,
// Scope>, cuda::std::atomic<T>, cuda::std::atomic_ref<T>,
// cuda::std::atomic_flag, every cuda::std::memory_order and
// cuda::atomic_thread_fence / cuda::std::atomic_thread_fence (<cuda/atomic>
// and <cuda/std/atomic> include this). Every operation is ONE call of the
// runtime (warpsim/atomic_abi.h): one event of the thread with its memory
// order and its scope, so the race detector (and the memory models) see it
// as the GPU does. The members are out of line so that each passes its
// caller's address: reports name the user's line.
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include <cuda/std/__warpsim_scope.h>
#include <warpsim/atomic_abi.h>

#define __WS_ATOMIC_PC __builtin_return_address(0)

namespace cuda {
namespace std {
// libcu++ (C++20): a scoped enumeration plus the C++11 names.
enum class memory_order : int { relaxed, consume, acquire, release, acq_rel, seq_cst };
inline constexpr memory_order memory_order_relaxed = memory_order::relaxed;
inline constexpr memory_order memory_order_consume = memory_order::consume;
inline constexpr memory_order memory_order_acquire = memory_order::acquire;
inline constexpr memory_order memory_order_release = memory_order::release;
inline constexpr memory_order memory_order_acq_rel = memory_order::acq_rel;
inline constexpr memory_order memory_order_seq_cst = memory_order::seq_cst;
} // namespace std

using ::cuda::std::memory_order;
using ::cuda::std::memory_order_acq_rel;
using ::cuda::std::memory_order_acquire;
using ::cuda::std::memory_order_consume;
using ::cuda::std::memory_order_relaxed;
using ::cuda::std::memory_order_release;
using ::cuda::std::memory_order_seq_cst;

namespace __ws_atomic {

template <::std::size_t N> struct __uint;
template <> struct __uint<1> {
  using type = ::std::uint8_t;
};
template <> struct __uint<2> {
  using type = ::std::uint16_t;
};
template <> struct __uint<4> {
  using type = ::std::uint32_t;
};
template <> struct __uint<8> {
  using type = ::std::uint64_t;
};

template <class _Tp> __attribute__((always_inline)) inline unsigned long long __bits(_Tp __v) {
  return __builtin_bit_cast(typename __uint<sizeof(_Tp)>::type, __v);
}
template <class _Tp> __attribute__((always_inline)) inline _Tp __from(unsigned long long __b) {
  return __builtin_bit_cast(_Tp, static_cast<typename __uint<sizeof(_Tp)>::type>(__b));
}

template <class _Tp>
inline constexpr bool __integral =
    ::std::is_integral_v<_Tp> && !::std::is_same_v<::std::remove_cv_t<_Tp>, bool>;
template <class _Tp> inline constexpr bool __floating = ::std::is_floating_point_v<_Tp>;
template <class _Tp> inline constexpr bool __pointer = ::std::is_pointer_v<_Tp>;

template <class _Tp> constexpr unsigned __type() {
  const unsigned __kind = __floating<_Tp>                                          ? 2u
                          : (::std::is_integral_v<_Tp> && ::std::is_signed_v<_Tp>) ? 1u
                                                                                   : 0u;
  return static_cast<unsigned>(sizeof(_Tp)) | (__kind << 4);
}

// The failure order of a compare-exchange given only one order (C++:
// acq_rel fails as acquire, release as relaxed).
constexpr memory_order __failure(memory_order __o) {
  return __o == memory_order::acq_rel   ? memory_order::acquire
         : __o == memory_order::release ? memory_order::relaxed
                                        : __o;
}

// One runtime call: the event (order, scope) and the operation.
template <class _Tp, thread_scope _Sco>
__attribute__((always_inline)) inline _Tp __op(unsigned __code, const _Tp *__p,
                                               unsigned long long __v, unsigned long long __c,
                                               memory_order __o, const void *__pc) {
  return __from<_Tp>(warpsim_atomic(__code, const_cast<_Tp *>(__p), __type<_Tp>(), __v, __c,
                                    static_cast<unsigned>(__o), static_cast<unsigned>(_Sco), __pc));
}

// The members every atomic type shares. `_Derived::__ptr()` is the object.
// `_Ext`: cuda:: types also have fetch_min / fetch_max.
template <class _Tp, thread_scope _Sco, class _Derived, bool _Ext> class __impl {
  static_assert(::std::is_trivially_copyable_v<_Tp>,
                "cuda::atomic needs a trivially copyable type");
  static_assert(sizeof(_Tp) == 1 || sizeof(_Tp) == 2 || sizeof(_Tp) == 4 || sizeof(_Tp) == 8,
                "warpsim: atomics of 1, 2, 4 or 8 bytes are supported");

  const _Tp *__p() const { return static_cast<const _Derived *>(this)->__ptr(); }
  // The arithmetic operand's bits: a pointer steps by its element size.
  template <class _Up> static unsigned long long __step(_Up __d) {
    if constexpr (__pointer<_Tp>)
      return static_cast<unsigned long long>(
          static_cast<long long>(__d) *
          static_cast<long long>(sizeof(::std::remove_pointer_t<_Tp>)));
    else
      return __bits(static_cast<_Tp>(__d));
  }
  using __diff = ::std::conditional_t<__pointer<_Tp>, ::std::ptrdiff_t, _Tp>;
  static constexpr bool __arith = __integral<_Tp> || __floating<_Tp> || __pointer<_Tp>;

public:
  using value_type = _Tp;
  using difference_type = __diff;
  static constexpr bool is_always_lock_free = true;
  bool is_lock_free() const noexcept { return true; }

  [[gnu::noinline]] void store(_Tp __v, memory_order __o = memory_order_seq_cst) const noexcept {
    __op<_Tp, _Sco>(::warpsim::atomic::kStore, __p(), __bits(__v), 0, __o, __WS_ATOMIC_PC);
  }
  [[gnu::noinline]] _Tp load(memory_order __o = memory_order_seq_cst) const noexcept {
    return __op<_Tp, _Sco>(::warpsim::atomic::kLoad, __p(), 0, 0, __o, __WS_ATOMIC_PC);
  }
  [[gnu::noinline]] operator _Tp() const noexcept {
    return __op<_Tp, _Sco>(::warpsim::atomic::kLoad, __p(), 0, 0, memory_order_seq_cst,
                           __WS_ATOMIC_PC);
  }
  [[gnu::noinline]] _Tp exchange(_Tp __v, memory_order __o = memory_order_seq_cst) const noexcept {
    return __op<_Tp, _Sco>(::warpsim::atomic::kExchange, __p(), __bits(__v), 0, __o,
                           __WS_ATOMIC_PC);
  }
  // One event with the success order (the failure order is not separate:
  // a failed compare-exchange is reported as its success order would be).
  [[gnu::noinline]] bool compare_exchange_strong(_Tp &__expected, _Tp __desired,
                                                 memory_order __success,
                                                 memory_order) const noexcept {
    return __cas(__expected, __desired, __success, __WS_ATOMIC_PC);
  }
  [[gnu::noinline]] bool
  compare_exchange_strong(_Tp &__expected, _Tp __desired,
                          memory_order __o = memory_order_seq_cst) const noexcept {
    return __cas(__expected, __desired, __o, __WS_ATOMIC_PC);
  }
  // Never fails spuriously here (allowed: weak may fail, need not).
  [[gnu::noinline]] bool compare_exchange_weak(_Tp &__expected, _Tp __desired,
                                               memory_order __success,
                                               memory_order) const noexcept {
    return __cas(__expected, __desired, __success, __WS_ATOMIC_PC);
  }
  [[gnu::noinline]] bool
  compare_exchange_weak(_Tp &__expected, _Tp __desired,
                        memory_order __o = memory_order_seq_cst) const noexcept {
    return __cas(__expected, __desired, __o, __WS_ATOMIC_PC);
  }

  // sm_70+: blocks until the value differs from `__old` (each look is an
  // atomic load event; a wait nothing ends is reported as a livelock).
  [[gnu::noinline]] void wait(_Tp __old, memory_order __o = memory_order_seq_cst) const noexcept {
    const void *__pc = __WS_ATOMIC_PC;
    while (__bits(__op<_Tp, _Sco>(::warpsim::atomic::kLoad, __p(), 0, 0, __o, __pc)) ==
           __bits(__old)) {
    }
  }
  // A waiter looks again by itself: notifying is no event.
  void notify_one() const noexcept {}
  void notify_all() const noexcept {}

  [[gnu::noinline]] _Tp fetch_add(__diff __d,
                                  memory_order __o = memory_order_seq_cst) const noexcept {
    static_assert(__arith,
                  "warpsim: this atomic operation is not defined for this type (as in libcu++)");
    return __op<_Tp, _Sco>(::warpsim::atomic::kAdd, __p(), __step(__d), 0, __o, __WS_ATOMIC_PC);
  }
  [[gnu::noinline]] _Tp fetch_sub(__diff __d,
                                  memory_order __o = memory_order_seq_cst) const noexcept {
    static_assert(__arith,
                  "warpsim: this atomic operation is not defined for this type (as in libcu++)");
    return __op<_Tp, _Sco>(::warpsim::atomic::kSub, __p(), __step(__d), 0, __o, __WS_ATOMIC_PC);
  }
  [[gnu::noinline]] _Tp fetch_and(_Tp __v, memory_order __o = memory_order_seq_cst) const noexcept {
    static_assert(__integral<_Tp>,
                  "warpsim: this atomic operation is not defined for this type (as in libcu++)");
    return __op<_Tp, _Sco>(::warpsim::atomic::kAnd, __p(), __bits(__v), 0, __o, __WS_ATOMIC_PC);
  }
  [[gnu::noinline]] _Tp fetch_or(_Tp __v, memory_order __o = memory_order_seq_cst) const noexcept {
    static_assert(__integral<_Tp>,
                  "warpsim: this atomic operation is not defined for this type (as in libcu++)");
    return __op<_Tp, _Sco>(::warpsim::atomic::kOr, __p(), __bits(__v), 0, __o, __WS_ATOMIC_PC);
  }
  [[gnu::noinline]] _Tp fetch_xor(_Tp __v, memory_order __o = memory_order_seq_cst) const noexcept {
    static_assert(__integral<_Tp>,
                  "warpsim: this atomic operation is not defined for this type (as in libcu++)");
    return __op<_Tp, _Sco>(::warpsim::atomic::kXor, __p(), __bits(__v), 0, __o, __WS_ATOMIC_PC);
  }
  [[gnu::noinline]] _Tp fetch_min(_Tp __v, memory_order __o = memory_order_seq_cst) const noexcept {
    static_assert(_Ext && (__integral<_Tp> || __floating<_Tp>),
                  "warpsim: this atomic operation is not defined for this type (as in libcu++)");
    return __op<_Tp, _Sco>(::warpsim::atomic::kMin, __p(), __bits(__v), 0, __o, __WS_ATOMIC_PC);
  }
  [[gnu::noinline]] _Tp fetch_max(_Tp __v, memory_order __o = memory_order_seq_cst) const noexcept {
    static_assert(_Ext && (__integral<_Tp> || __floating<_Tp>),
                  "warpsim: this atomic operation is not defined for this type (as in libcu++)");
    return __op<_Tp, _Sco>(::warpsim::atomic::kMax, __p(), __bits(__v), 0, __o, __WS_ATOMIC_PC);
  }

  // Operators: sequentially consistent, the new value (++/-- postfix: the old).
  [[gnu::noinline]] _Tp operator++() const noexcept {
    static_assert(__integral<_Tp> || __pointer<_Tp>,
                  "warpsim: this atomic operation is not defined for this type (as in libcu++)");
    return __arith_new(::warpsim::atomic::kAdd, 1, __WS_ATOMIC_PC);
  }
  [[gnu::noinline]] _Tp operator--() const noexcept {
    static_assert(__integral<_Tp> || __pointer<_Tp>,
                  "warpsim: this atomic operation is not defined for this type (as in libcu++)");
    return __arith_new(::warpsim::atomic::kSub, 1, __WS_ATOMIC_PC);
  }
  [[gnu::noinline]] _Tp operator++(int) const noexcept {
    static_assert(__integral<_Tp> || __pointer<_Tp>,
                  "warpsim: this atomic operation is not defined for this type (as in libcu++)");
    return __op<_Tp, _Sco>(::warpsim::atomic::kAdd, __p(), __step(1), 0, memory_order_seq_cst,
                           __WS_ATOMIC_PC);
  }
  [[gnu::noinline]] _Tp operator--(int) const noexcept {
    static_assert(__integral<_Tp> || __pointer<_Tp>,
                  "warpsim: this atomic operation is not defined for this type (as in libcu++)");
    return __op<_Tp, _Sco>(::warpsim::atomic::kSub, __p(), __step(1), 0, memory_order_seq_cst,
                           __WS_ATOMIC_PC);
  }
  [[gnu::noinline]] _Tp operator+=(__diff __d) const noexcept {
    static_assert(__arith,
                  "warpsim: this atomic operation is not defined for this type (as in libcu++)");
    return __arith_new(::warpsim::atomic::kAdd, __d, __WS_ATOMIC_PC);
  }
  [[gnu::noinline]] _Tp operator-=(__diff __d) const noexcept {
    static_assert(__arith,
                  "warpsim: this atomic operation is not defined for this type (as in libcu++)");
    return __arith_new(::warpsim::atomic::kSub, __d, __WS_ATOMIC_PC);
  }
  [[gnu::noinline]] _Tp operator&=(_Tp __v) const noexcept {
    static_assert(__integral<_Tp>,
                  "warpsim: this atomic operation is not defined for this type (as in libcu++)");
    return __op<_Tp, _Sco>(::warpsim::atomic::kAnd, __p(), __bits(__v), 0, memory_order_seq_cst,
                           __WS_ATOMIC_PC) &
           __v;
  }
  [[gnu::noinline]] _Tp operator|=(_Tp __v) const noexcept {
    static_assert(__integral<_Tp>,
                  "warpsim: this atomic operation is not defined for this type (as in libcu++)");
    return __op<_Tp, _Sco>(::warpsim::atomic::kOr, __p(), __bits(__v), 0, memory_order_seq_cst,
                           __WS_ATOMIC_PC) |
           __v;
  }
  [[gnu::noinline]] _Tp operator^=(_Tp __v) const noexcept {
    static_assert(__integral<_Tp>,
                  "warpsim: this atomic operation is not defined for this type (as in libcu++)");
    return __op<_Tp, _Sco>(::warpsim::atomic::kXor, __p(), __bits(__v), 0, memory_order_seq_cst,
                           __WS_ATOMIC_PC) ^
           __v;
  }

private:
  __attribute__((always_inline)) bool __cas(_Tp &__expected, _Tp __desired, memory_order __o,
                                            const void *__pc) const {
    const _Tp __old = __op<_Tp, _Sco>(::warpsim::atomic::kCas, __p(), __bits(__desired),
                                      __bits(__expected), __o, __pc);
    if (__bits(__old) == __bits(__expected))
      return true;
    __expected = __old;
    return false;
  }
  // The value an arithmetic operator leaves: old op operand, computed as
  // the runtime did (wrapping; a pointer by elements; a float rounded once).
  __attribute__((always_inline)) _Tp __arith_new(unsigned __code, __diff __d,
                                                 const void *__pc) const {
    const _Tp __old = __op<_Tp, _Sco>(__code, __p(), __step(__d), 0, memory_order_seq_cst, __pc);
    if constexpr (__pointer<_Tp>)
      return __code == ::warpsim::atomic::kAdd ? __old + __d : __old - __d;
    else if constexpr (__floating<_Tp>)
      return __code == ::warpsim::atomic::kAdd ? static_cast<_Tp>(__old + __d)
                                               : static_cast<_Tp>(__old - __d);
    else
      return __from<_Tp>(__code == ::warpsim::atomic::kAdd ? __bits(__old) + __bits(__d)
                                                           : __bits(__old) - __bits(__d));
  }
};

} // namespace __ws_atomic

// An atomic object (libcu++: cuda::atomic<T, Scope>).
template <class _Tp, thread_scope _Sco = thread_scope_system>
class atomic : public __ws_atomic::__impl<_Tp, _Sco, atomic<_Tp, _Sco>, true> {
  friend class __ws_atomic::__impl<_Tp, _Sco, atomic<_Tp, _Sco>, true>;
  alignas(sizeof(_Tp)) _Tp __v;
  const _Tp *__ptr() const { return &__v; }

public:
  atomic() noexcept = default;
  constexpr atomic(_Tp __d) noexcept : __v(__d) {}
  atomic(const atomic &) = delete;
  atomic &operator=(const atomic &) = delete;
  [[gnu::noinline]] _Tp operator=(_Tp __d) noexcept {
    __ws_atomic::__op<_Tp, _Sco>(::warpsim::atomic::kStore, &__v, __ws_atomic::__bits(__d), 0,
                                 memory_order_seq_cst, __WS_ATOMIC_PC);
    return __d;
  }
};

// An atomic view of an object (libcu++: cuda::atomic_ref<T, Scope>).
template <class _Tp, thread_scope _Sco = thread_scope_system>
class atomic_ref : public __ws_atomic::__impl<_Tp, _Sco, atomic_ref<_Tp, _Sco>, true> {
  friend class __ws_atomic::__impl<_Tp, _Sco, atomic_ref<_Tp, _Sco>, true>;
  _Tp *__r;
  const _Tp *__ptr() const { return __r; }

public:
  static constexpr ::std::size_t required_alignment = sizeof(_Tp);
  explicit atomic_ref(_Tp &__obj) noexcept : __r(&__obj) {}
  atomic_ref(const atomic_ref &) noexcept = default;
  atomic_ref &operator=(const atomic_ref &) = delete;
  [[gnu::noinline]] _Tp operator=(_Tp __d) const noexcept {
    __ws_atomic::__op<_Tp, _Sco>(::warpsim::atomic::kStore, __r, __ws_atomic::__bits(__d), 0,
                                 memory_order_seq_cst, __WS_ATOMIC_PC);
    return __d;
  }
};

// cuda::atomic_thread_fence(order, scope): fence.sc (seq_cst) or
// fence.acq_rel (acquire, release, acq_rel) at the scope; relaxed, or
// thread scope: nothing.
[[gnu::noinline]] inline void atomic_thread_fence(memory_order __o,
                                                  thread_scope __s = thread_scope_system) noexcept {
  warpsim_atomic_fence(static_cast<unsigned>(__o), static_cast<unsigned>(__s), __WS_ATOMIC_PC);
}
inline void atomic_signal_fence(memory_order) noexcept {}

namespace std {
// cuda::std::atomic<T>: system scope, the standard member set.
template <class _Tp>
class atomic : public ::cuda::__ws_atomic::__impl<_Tp, thread_scope_system, atomic<_Tp>, false> {
  friend class ::cuda::__ws_atomic::__impl<_Tp, thread_scope_system, atomic<_Tp>, false>;
  alignas(sizeof(_Tp)) _Tp __v;
  const _Tp *__ptr() const { return &__v; }

public:
  atomic() noexcept = default;
  constexpr atomic(_Tp __d) noexcept : __v(__d) {}
  atomic(const atomic &) = delete;
  atomic &operator=(const atomic &) = delete;
  [[gnu::noinline]] _Tp operator=(_Tp __d) noexcept {
    ::cuda::__ws_atomic::__op<_Tp, thread_scope_system>(::warpsim::atomic::kStore, &__v,
                                                        ::cuda::__ws_atomic::__bits(__d), 0,
                                                        memory_order_seq_cst, __WS_ATOMIC_PC);
    return __d;
  }
};

template <class _Tp>
class atomic_ref
    : public ::cuda::__ws_atomic::__impl<_Tp, thread_scope_system, atomic_ref<_Tp>, false> {
  friend class ::cuda::__ws_atomic::__impl<_Tp, thread_scope_system, atomic_ref<_Tp>, false>;
  _Tp *__r;
  const _Tp *__ptr() const { return __r; }

public:
  static constexpr ::std::size_t required_alignment = sizeof(_Tp);
  explicit atomic_ref(_Tp &__obj) noexcept : __r(&__obj) {}
  atomic_ref(const atomic_ref &) noexcept = default;
  atomic_ref &operator=(const atomic_ref &) = delete;
  [[gnu::noinline]] _Tp operator=(_Tp __d) const noexcept {
    ::cuda::__ws_atomic::__op<_Tp, thread_scope_system>(::warpsim::atomic::kStore, __r,
                                                        ::cuda::__ws_atomic::__bits(__d), 0,
                                                        memory_order_seq_cst, __WS_ATOMIC_PC);
    return __d;
  }
};

// A boolean flag: test_and_set / clear / test (4 bytes, as an int).
class atomic_flag {
  alignas(4) unsigned __v = 0;

  __attribute__((always_inline)) unsigned __do(unsigned __code, unsigned __val, memory_order __o,
                                               const void *__pc) const {
    return ::cuda::__ws_atomic::__op<unsigned, thread_scope_system>(__code, &__v, __val, 0, __o,
                                                                    __pc);
  }

public:
  constexpr atomic_flag() noexcept = default;
  constexpr atomic_flag(bool __b) noexcept : __v(__b ? 1u : 0u) {}
  atomic_flag(const atomic_flag &) = delete;
  atomic_flag &operator=(const atomic_flag &) = delete;
  [[gnu::noinline]] bool test_and_set(memory_order __o = memory_order_seq_cst) noexcept {
    return __do(::warpsim::atomic::kExchange, 1, __o, __WS_ATOMIC_PC) != 0;
  }
  [[gnu::noinline]] void clear(memory_order __o = memory_order_seq_cst) noexcept {
    __do(::warpsim::atomic::kStore, 0, __o, __WS_ATOMIC_PC);
  }
  [[gnu::noinline]] bool test(memory_order __o = memory_order_seq_cst) const noexcept {
    return __do(::warpsim::atomic::kLoad, 0, __o, __WS_ATOMIC_PC) != 0;
  }
  [[gnu::noinline]] void wait(bool __old, memory_order __o = memory_order_seq_cst) const noexcept {
    const void *__pc = __WS_ATOMIC_PC;
    while ((__do(::warpsim::atomic::kLoad, 0, __o, __pc) != 0) == __old) {
    }
  }
  void notify_one() const noexcept {}
  void notify_all() const noexcept {}
};

[[gnu::noinline]] inline void atomic_thread_fence(memory_order __o) noexcept {
  warpsim_atomic_fence(static_cast<unsigned>(__o), static_cast<unsigned>(thread_scope_system),
                       __WS_ATOMIC_PC);
}
inline void atomic_signal_fence(memory_order) noexcept {}

using atomic_bool = atomic<bool>;
using atomic_char = atomic<char>;
using atomic_int = atomic<int>;
using atomic_uint = atomic<unsigned int>;
using atomic_long = atomic<long>;
using atomic_ulong = atomic<unsigned long>;
using atomic_llong = atomic<long long>;
using atomic_ullong = atomic<unsigned long long>;
using atomic_int32_t = atomic<::std::int32_t>;
using atomic_uint32_t = atomic<::std::uint32_t>;
using atomic_int64_t = atomic<::std::int64_t>;
using atomic_uint64_t = atomic<::std::uint64_t>;
using atomic_size_t = atomic<::std::size_t>;
using atomic_ptrdiff_t = atomic<::std::ptrdiff_t>;
using atomic_intptr_t = atomic<::std::intptr_t>;
using atomic_uintptr_t = atomic<::std::uintptr_t>;
} // namespace std
} // namespace cuda
