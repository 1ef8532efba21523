// warpsim's hip/hip_vector_types.h: HIP's vector types are CUDA's (float4,
// int2, make_float4 ..., warpsim/vector_types.h), with the arithmetic HIP
// defines on them (its HIP_vector_type): unary -, and + - * / (and % & | ^
// << >> for integers) between two vectors of one type or a vector and its
// scalar, each component by itself, with the compound assignments; == and !=
// compare all components (docs/hip.md). Only for HIP source: CUDA has none
// (helper_math.h defines its own). The operators are inlined without debug
// locations of their own, so an access they make is reported at the user's
// line.
#pragma once

#include <cuda_runtime.h>

#include <type_traits>

#ifdef __HIP__
namespace warpsim::hip_vec {

template <class V> struct Traits {
  static constexpr int kN = 0;
  using Scalar = void;
};
#define WARPSIM_HIP_VEC(S, P)                                                                      \
  template <> struct Traits<P##1> {                                                                \
    static constexpr int kN = 1;                                                                   \
    using Scalar = S;                                                                              \
  };                                                                                               \
  template <> struct Traits<P##2> {                                                                \
    static constexpr int kN = 2;                                                                   \
    using Scalar = S;                                                                              \
  };                                                                                               \
  template <> struct Traits<P##3> {                                                                \
    static constexpr int kN = 3;                                                                   \
    using Scalar = S;                                                                              \
  };                                                                                               \
  template <> struct Traits<P##4> {                                                                \
    static constexpr int kN = 4;                                                                   \
    using Scalar = S;                                                                              \
  };
WARPSIM_HIP_VEC(signed char, char)
WARPSIM_HIP_VEC(unsigned char, uchar)
WARPSIM_HIP_VEC(short, short)
WARPSIM_HIP_VEC(unsigned short, ushort)
WARPSIM_HIP_VEC(int, int)
WARPSIM_HIP_VEC(unsigned int, uint)
WARPSIM_HIP_VEC(long, long)
WARPSIM_HIP_VEC(unsigned long, ulong)
WARPSIM_HIP_VEC(long long, longlong)
WARPSIM_HIP_VEC(unsigned long long, ulonglong)
WARPSIM_HIP_VEC(float, float)
WARPSIM_HIP_VEC(double, double)
#undef WARPSIM_HIP_VEC

template <class V> using Vec = std::enable_if_t<(Traits<V>::kN > 0), V>;
template <class V>
using IntVec =
    std::enable_if_t<(Traits<V>::kN > 0) && std::is_integral_v<typename Traits<V>::Scalar>, V>;
template <class V> using Scalar = typename Traits<V>::Scalar;

// r.c = f(a.c, b.c) for each component c of V.
template <class V, class F>
__attribute__((always_inline, nodebug)) inline V zip(const V &a, const V &b, F f) {
  V r = a;
  r.x = f(a.x, b.x);
  if constexpr (Traits<V>::kN > 1)
    r.y = f(a.y, b.y);
  if constexpr (Traits<V>::kN > 2)
    r.z = f(a.z, b.z);
  if constexpr (Traits<V>::kN > 3)
    r.w = f(a.w, b.w);
  return r;
}
template <class V> __attribute__((always_inline, nodebug)) inline V splat(Scalar<V> s) {
  V r;
  r.x = s;
  if constexpr (Traits<V>::kN > 1)
    r.y = s;
  if constexpr (Traits<V>::kN > 2)
    r.z = s;
  if constexpr (Traits<V>::kN > 3)
    r.w = s;
  return r;
}

} // namespace warpsim::hip_vec

#define WARPSIM_HIP_VEC_ATTRS __attribute__((always_inline, nodebug)) inline
#define WARPSIM_HIP_VEC_BINARY(OP, KIND)                                                           \
  template <class V>                                                                               \
  WARPSIM_HIP_VEC_ATTRS ::warpsim::hip_vec::KIND<V> operator OP(const V &a, const V &b) {          \
    return ::warpsim::hip_vec::zip(a, b, [](auto p, auto q) { return decltype(p)(p OP q); });      \
  }                                                                                                \
  template <class V>                                                                               \
  WARPSIM_HIP_VEC_ATTRS ::warpsim::hip_vec::KIND<V> operator OP(const V &a,                        \
                                                                ::warpsim::hip_vec::Scalar<V> s) { \
    return a OP ::warpsim::hip_vec::splat<V>(s);                                                   \
  }                                                                                                \
  template <class V>                                                                               \
  WARPSIM_HIP_VEC_ATTRS ::warpsim::hip_vec::KIND<V> operator OP(::warpsim::hip_vec::Scalar<V> s,   \
                                                                const V &b) {                      \
    return ::warpsim::hip_vec::splat<V>(s) OP b;                                                   \
  }                                                                                                \
  template <class V>                                                                               \
  WARPSIM_HIP_VEC_ATTRS ::warpsim::hip_vec::KIND<V> &operator OP##=(V &a, const V &b) {            \
    return a = a OP b;                                                                             \
  }                                                                                                \
  template <class V>                                                                               \
  WARPSIM_HIP_VEC_ATTRS ::warpsim::hip_vec::KIND<V> &operator OP##=(                               \
      V &a, ::warpsim::hip_vec::Scalar<V> s) {                                                     \
    return a = a OP s;                                                                             \
  }
WARPSIM_HIP_VEC_BINARY(+, Vec)
WARPSIM_HIP_VEC_BINARY(-, Vec)
WARPSIM_HIP_VEC_BINARY(*, Vec)
WARPSIM_HIP_VEC_BINARY(/, Vec)
WARPSIM_HIP_VEC_BINARY(%, IntVec)
WARPSIM_HIP_VEC_BINARY(&, IntVec)
WARPSIM_HIP_VEC_BINARY(|, IntVec)
WARPSIM_HIP_VEC_BINARY(^, IntVec)
WARPSIM_HIP_VEC_BINARY(<<, IntVec)
WARPSIM_HIP_VEC_BINARY(>>, IntVec)
#undef WARPSIM_HIP_VEC_BINARY

template <class V> WARPSIM_HIP_VEC_ATTRS ::warpsim::hip_vec::Vec<V> operator-(const V &a) {
  return ::warpsim::hip_vec::splat<V>(0) - a;
}
template <class V> WARPSIM_HIP_VEC_ATTRS ::warpsim::hip_vec::Vec<V> operator+(const V &a) {
  return a;
}
template <class V>
WARPSIM_HIP_VEC_ATTRS std::enable_if_t<(::warpsim::hip_vec::Traits<V>::kN > 0), bool>
operator==(const V &a, const V &b) {
  bool same = a.x == b.x;
  if constexpr (::warpsim::hip_vec::Traits<V>::kN > 1)
    same = same && a.y == b.y;
  if constexpr (::warpsim::hip_vec::Traits<V>::kN > 2)
    same = same && a.z == b.z;
  if constexpr (::warpsim::hip_vec::Traits<V>::kN > 3)
    same = same && a.w == b.w;
  return same;
}
template <class V>
WARPSIM_HIP_VEC_ATTRS std::enable_if_t<(::warpsim::hip_vec::Traits<V>::kN > 0), bool>
operator!=(const V &a, const V &b) {
  return !(a == b);
}
#undef WARPSIM_HIP_VEC_ATTRS
#endif // __HIP__
