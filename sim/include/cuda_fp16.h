// warpsim's cuda_fp16.h: IEEE binary16 (__half) and its pair (__half2) with
// CUDA's API: conversions in every rounding mode, arithmetic, comparisons,
// math, bit casts, shuffles and atomicAdd. Host and device code alike.
// Rounding and NaNs as on an H100 (checked bit for bit over all 65536
// inputs by tests/runtime/half_precision.cu); see docs/device-api.md.
#pragma once

#include <cuda_runtime.h>

#include "warpsim/narrow_float.h"

struct __half_raw {
  unsigned short x;
};
struct __half2_raw {
  unsigned short x, y;
};

struct __half {
  __half() = default;
  constexpr __half(const __half_raw &r) : __x(r.x) {}
  __half &operator=(const __half_raw &r) {
    __x = r.x;
    return *this;
  }
  constexpr operator __half_raw() const { return __half_raw{__x}; }
  __half(float f) : __x(warpsim::narrow::fromDouble<10, 5>(f)) {}
  __half(double d) : __x(warpsim::narrow::fromDouble<10, 5>(d)) {}
  __half(int v) : __x(warpsim::narrow::fromDouble<10, 5>(v)) {}
  __half(unsigned v) : __x(warpsim::narrow::fromDouble<10, 5>(v)) {}
  __half(short v) : __x(warpsim::narrow::fromDouble<10, 5>(v)) {}
  __half(unsigned short v) : __x(warpsim::narrow::fromDouble<10, 5>(v)) {}
  __half(long long v);
  __half(unsigned long long v);
  operator float() const;

protected:
  unsigned short __x;
};

struct __half2 {
  __half x, y;
  __half2() = default;
  constexpr __half2(const __half &a, const __half &b) : x(a), y(b) {}
  constexpr __half2(const __half2_raw &r) : x(__half_raw{r.x}), y(__half_raw{r.y}) {}
  __half2 &operator=(const __half2_raw &r) {
    x = __half_raw{r.x};
    y = __half_raw{r.y};
    return *this;
  }
  operator __half2_raw() const {
    return __half2_raw{static_cast<__half_raw>(x).x, static_cast<__half_raw>(y).x};
  }
};

typedef __half half;
typedef __half2 half2;

// ------------------------------------------------------------- bit casts
inline constexpr unsigned short __half_as_ushort(__half h) { return static_cast<__half_raw>(h).x; }
inline constexpr short __half_as_short(__half h) {
  return static_cast<short>(static_cast<__half_raw>(h).x);
}
inline constexpr __half __ushort_as_half(unsigned short u) { return __half(__half_raw{u}); }
inline constexpr __half __short_as_half(short s) {
  return __half(__half_raw{static_cast<unsigned short>(s)});
}

// ----------------------------------------------------------- conversions
// To float exactly; a NaN becomes the canonical 0x7fffffff (as cvt.f32.f16).
inline float __half2float(__half h) {
  return warpsim::narrow::isNaN<10, 5>(__half_as_ushort(h))
             ? __builtin_bit_cast(float, 0x7fffffffu)
             : static_cast<float>(warpsim::narrow::toDouble<10, 5>(__half_as_ushort(h)));
}
inline __half::operator float() const { return __half2float(*this); }
#define WARPSIM_HALF_FROM(NAME, T, MODE)                                                           \
  inline __half NAME(T v) {                                                                        \
    return __ushort_as_half(warpsim::narrow::fromDouble<10, 5>(v, warpsim::narrow::Round::MODE));  \
  }
WARPSIM_HALF_FROM(__float2half, float, Nearest)
WARPSIM_HALF_FROM(__float2half_rn, float, Nearest)
WARPSIM_HALF_FROM(__float2half_rz, float, Zero)
WARPSIM_HALF_FROM(__float2half_rd, float, Down)
WARPSIM_HALF_FROM(__float2half_ru, float, Up)
#undef WARPSIM_HALF_FROM
inline __half __double2half(double d) {
  return __ushort_as_half(std::isnan(d) ? warpsim::narrow::nanFromDouble<10, 5>(d)
                                        : warpsim::narrow::fromDouble<10, 5>(d));
}
inline __half::__half(long long v)
    : __x(warpsim::narrow::fromDouble<10, 5>(warpsim::narrow::fromI64(v))) {}
inline __half::__half(unsigned long long v)
    : __x(warpsim::narrow::fromDouble<10, 5>(warpsim::narrow::fromU64(v))) {}

#include "warpsim/narrow_ops.h"

namespace warpsim::narrow {
inline __half halfFromBits(unsigned u) { return __ushort_as_half(static_cast<unsigned short>(u)); }
} // namespace warpsim::narrow
WARPSIM_NARROW_OPS(__half, __half2, 10, 5, __half_as_ushort, warpsim::narrow::halfFromBits, 0x3c00)

// Integer conversions in the four rounding modes, both ways (PTX cvt:
// saturating, NaN to 0; the 64-bit ones give 0x8000000000000000 for NaN).
#define WARPSIM_HALF_INT(SUF, T, MODE)                                                             \
  inline T __half2##SUF(__half h) {                                                                \
    return warpsim::narrow::toInt<T>(warpsim::narrow::toDouble<10, 5>(__half_as_ushort(h)),        \
                                     warpsim::narrow::Round::MODE);                                \
  }
#define WARPSIM_HALF_INTS(NAME, T)                                                                 \
  WARPSIM_HALF_INT(NAME##_rn, T, Nearest)                                                          \
  WARPSIM_HALF_INT(NAME##_rz, T, Zero)                                                             \
  WARPSIM_HALF_INT(NAME##_rd, T, Down)                                                             \
  WARPSIM_HALF_INT(NAME##_ru, T, Up)                                                               \
  inline __half __##NAME##2half_rn(T v) {                                                          \
    return __ushort_as_half(warpsim::narrow::fromDouble<10, 5>(warpsim::narrow::fromI64(v),        \
                                                               warpsim::narrow::Round::Nearest));  \
  }                                                                                                \
  inline __half __##NAME##2half_rz(T v) {                                                          \
    return __ushort_as_half(warpsim::narrow::fromDouble<10, 5>(warpsim::narrow::fromI64(v),        \
                                                               warpsim::narrow::Round::Zero));     \
  }                                                                                                \
  inline __half __##NAME##2half_rd(T v) {                                                          \
    return __ushort_as_half(warpsim::narrow::fromDouble<10, 5>(warpsim::narrow::fromI64(v),        \
                                                               warpsim::narrow::Round::Down));     \
  }                                                                                                \
  inline __half __##NAME##2half_ru(T v) {                                                          \
    return __ushort_as_half(warpsim::narrow::fromDouble<10, 5>(warpsim::narrow::fromI64(v),        \
                                                               warpsim::narrow::Round::Up));       \
  }
WARPSIM_HALF_INTS(int, int)
WARPSIM_HALF_INTS(uint, unsigned int)
WARPSIM_HALF_INTS(short, short)
WARPSIM_HALF_INTS(ushort, unsigned short)
WARPSIM_HALF_INTS(ll, long long)
#undef WARPSIM_HALF_INTS
#undef WARPSIM_HALF_INT
#define WARPSIM_HALF_ULL(MODE, M)                                                                  \
  inline unsigned long long __half2ull_##MODE(__half h) {                                          \
    return warpsim::narrow::toInt<unsigned long long>(                                             \
        warpsim::narrow::toDouble<10, 5>(__half_as_ushort(h)), warpsim::narrow::Round::M);         \
  }                                                                                                \
  inline __half __ull2half_##MODE(unsigned long long v) {                                          \
    return __ushort_as_half(warpsim::narrow::fromDouble<10, 5>(warpsim::narrow::fromU64(v),        \
                                                               warpsim::narrow::Round::M));        \
  }
WARPSIM_HALF_ULL(rn, Nearest)
WARPSIM_HALF_ULL(rz, Zero)
WARPSIM_HALF_ULL(rd, Down)
WARPSIM_HALF_ULL(ru, Up)
#undef WARPSIM_HALF_ULL
inline signed char __half2char_rz(__half h) {
  return warpsim::narrow::toInt<signed char>(warpsim::narrow::toDouble<10, 5>(__half_as_ushort(h)),
                                             warpsim::narrow::Round::Zero);
}
inline unsigned char __half2uchar_rz(__half h) {
  return warpsim::narrow::toInt<unsigned char>(
      warpsim::narrow::toDouble<10, 5>(__half_as_ushort(h)), warpsim::narrow::Round::Zero);
}

// ------------------------------------------------------------------ pairs
inline __half2 __halves2half2(__half a, __half b) { return __half2(a, b); }
inline __half2 make_half2(__half a, __half b) { return __half2(a, b); }
inline __half2 __half2half2(__half a) { return __half2(a, a); }
inline __half __low2half(__half2 a) { return a.x; }
inline __half __high2half(__half2 a) { return a.y; }
inline __half2 __low2half2(__half2 a) { return __half2(a.x, a.x); }
inline __half2 __high2half2(__half2 a) { return __half2(a.y, a.y); }
inline __half2 __lows2half2(__half2 a, __half2 b) { return __half2(a.x, b.x); }
inline __half2 __highs2half2(__half2 a, __half2 b) { return __half2(a.y, b.y); }
inline __half2 __lowhigh2highlow(__half2 a) { return __half2(a.y, a.x); }
inline float __low2float(__half2 a) { return __half2float(a.x); }
inline float __high2float(__half2 a) { return __half2float(a.y); }
inline __half2 __float2half2_rn(float f) { return __half2(__float2half_rn(f), __float2half_rn(f)); }
inline __half2 __floats2half2_rn(float a, float b) {
  return __half2(__float2half_rn(a), __float2half_rn(b));
}
inline __half2 __float22half2_rn(float2 f) { return __floats2half2_rn(f.x, f.y); }
inline float2 __half22float2(__half2 h) {
  return make_float2(__half2float(h.x), __half2float(h.y));
}

// hsin/hcos as CUDA computes them: a float polynomial after a two-step
// argument reduction, rounded to half, with CUDA's corrections for three
// inputs. Reproduced operation for operation, so the results are the GPU's.
namespace warpsim::narrow {
inline float simplSinCos(float a, unsigned quadrantAdd) {
  const float ar = std::fma(a, 0.636619772f, 12582912.0f);
  const unsigned q = __builtin_bit_cast(unsigned, ar) + quadrantAdd;
  const float j = ar - 12582912.0f;
  float x = std::fma(j, -1.5707962512969971e+000f, a);
  x = std::fma(j, -7.5497894158615964e-008f, x);
  const float x2 = x * x;
  float a8, a6, a4, a2, a1, a0;
  if ((q & 1u) != 0) { // cos
    a8 = 2.44331571e-5f, a6 = -1.38873163e-3f, a4 = 4.16666457e-2f, a2 = -5.00000000e-1f;
    a1 = x2, a0 = 1.0f;
  } else { // sin
    a8 = -1.95152959e-4f, a6 = 8.33216087e-3f, a4 = -1.66666546e-1f, a2 = 0.0f;
    a1 = x, a0 = x;
  }
  float z = std::fma(a8, x2, a6);
  z = std::fma(z, x2, a4);
  z = std::fma(z, x2, a2);
  z = std::fma(z, a1, a0);
  return (q & 2u) != 0 ? -z : z;
}
// r + ulp in half (fma.rn.f16 r = 1 * ulp + r) when |a| has the given bits.
inline unsigned short specCase(unsigned short absA, unsigned short absR, unsigned short input,
                               unsigned short ulp) {
  if (absA != input)
    return absR;
  return fromDouble<10, 5>(toDouble<10, 5>(absR) + toDouble<10, 5>(ulp));
}
} // namespace warpsim::narrow
inline __half hsin(__half a) {
  using namespace warpsim::narrow;
  const unsigned short r = __half_as_ushort(__float2half_rn(simplSinCos(__half2float(a), 0)));
  const unsigned short absA = __half_as_ushort(a) & 0x7fffu;
  unsigned short absR = r & 0x7fffu;
  absR = specCase(absA, absR, 0x32b3, 0x0800);
  absR = specCase(absA, absR, 0x5cb0, 0x9000);
  return __ushort_as_half(static_cast<unsigned short>(absR | (r & 0x8000u)));
}
inline __half hcos(__half a) {
  using namespace warpsim::narrow;
  const unsigned short r = __half_as_ushort(__float2half_rn(simplSinCos(__half2float(a), 1)));
  return __ushort_as_half(specCase(__half_as_ushort(a) & 0x7fffu, r, 0x2b7c, 0x1000));
}

// Cache-hint loads and stores (warpsim/cache_hints.h): one plain access.
WARPSIM_CACHE_HINTS(__half)
WARPSIM_CACHE_HINTS(__half2)
