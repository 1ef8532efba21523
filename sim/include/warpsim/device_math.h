// CUDA's device math API and intrinsics, in CUDA's global namespace. Every
// function is inline and pure (it computes on its arguments only; the few with
// pointer parameters touch exactly what CUDA's do): kernel code is compiled
// with TSan instrumentation, and a helper that read or wrote other memory
// would show up as a kernel access. All results assume the thread's default
// floating-point environment (round-to-nearest) and no -ffast-math.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <limits>
// The C headers put the C++ float overloads (::sqrt(float), ::abs(float), ...)
// into the global namespace, where CUDA device code finds them.
#include <math.h>
#include <stdlib.h>

#include "warpsim/vector_types.h"

// glibc declares some of CUDA's names itself (as extern "C" functions with the
// same signatures, which we may not redefine): exp10/exp10f/sincos/sincosf
// under _GNU_SOURCE (always set by clang++ on Linux), and, from 2.41/2.42, the
// C23 sinpi/cospi and rsqrt families.
#if defined(__USE_GNU)
#define WARPSIM_LIBC_HAS_EXP10_SINCOS 1
#endif
#if defined(__GLIBC__) && defined(__GLIBC_USE)
#if __GLIBC_USE(IEC_60559_FUNCS_EXT_C23)
#if __GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 41)
#define WARPSIM_LIBC_HAS_SINPI 1
#endif
#if __GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 42)
#define WARPSIM_LIBC_HAS_RSQRT 1
#endif
#endif
#endif

namespace warpsim::math_detail {

enum class Round { Nearest, Zero, Up, Down };

template <class T> constexpr int sgn(T v) { return (v > 0) - (v < 0); }

// `r` is the round-to-nearest result and `dir` the sign of (exact - r). A
// round-to-nearest result is always the floor or the ceiling of the exact
// value, so a directed rounding moves it by at most one step.
template <Round M, class T> inline T directed(T r, int dir) {
  if (M == Round::Nearest || dir == 0 || std::isnan(r))
    return r;
  const T inf = std::numeric_limits<T>::infinity();
  switch (M) {
  case Round::Up:
    return dir > 0 ? std::nextafter(r, inf) : r;
  case Round::Down:
    return dir < 0 ? std::nextafter(r, -inf) : r;
  default: // toward zero: step only where r lies farther out than the exact
    return (r > 0 && dir < 0) || (r < 0 && dir > 0) ? std::nextafter(r, T(0)) : r;
  }
}

// Knuth's TwoSum: the rounding error of a + b, exactly.
inline double two_sum_err(double a, double b, double s) {
  double bb = s - a;
  return (a - (s - bb)) + (b - bb);
}

// Single precision: float operands are exact in double, so the residual of
// the float result is computed exactly (products of two floats fit in 53 bits;
// sums go through TwoSum).
template <Round M, class> inline float fadd(float a, float b) {
  float r = a + b;
  if constexpr (M == Round::Nearest)
    return r;
  double s = double(a) + double(b);
  return directed<M>(r, sgn((s - r) + two_sum_err(a, b, s)));
}
template <Round M, class> inline float fmul(float a, float b) {
  float r = a * b;
  if constexpr (M == Round::Nearest)
    return r;
  return directed<M>(r, sgn(double(a) * double(b) - double(r)));
}
template <Round M, class> inline float ffma(float a, float b, float c) {
  float r = std::fma(a, b, c);
  if constexpr (M == Round::Nearest)
    return r;
  double p = double(a) * double(b);
  double s = p + c;
  return directed<M>(r, sgn((s - r) + two_sum_err(p, c, s)));
}
template <Round M, class> inline float fdiv(float a, float b) {
  float r = a / b;
  if constexpr (M == Round::Nearest)
    return r;
  // exact - r = (a - r*b) / b; r*b is exact in double.
  return directed<M>(r, sgn(double(a) - double(r) * double(b)) * sgn(b));
}
template <Round M, class> inline float fsqrt(float a) {
  float r = std::sqrt(a);
  if constexpr (M == Round::Nearest)
    return r;
  return directed<M>(r, sgn(double(a) - double(r) * double(r)));
}

// Double precision: the residual comes from TwoSum or an FMA. An overflow to
// infinity from finite operands is the one case whose residual is not finite.
inline int overflow_dir(double r) { return -sgn(r); }
template <Round M, class> inline double dadd(double a, double b) {
  double r = a + b;
  if constexpr (M == Round::Nearest)
    return r;
  if (std::isinf(r) && std::isfinite(a) && std::isfinite(b))
    return directed<M>(r, overflow_dir(r));
  return directed<M>(r, sgn(two_sum_err(a, b, r)));
}
template <Round M, class> inline double dmul(double a, double b) {
  double r = a * b;
  if constexpr (M == Round::Nearest)
    return r;
  if (std::isinf(r) && std::isfinite(a) && std::isfinite(b))
    return directed<M>(r, overflow_dir(r));
  return directed<M>(r, sgn(std::fma(a, b, -r)));
}
template <Round M, class> inline double ddiv(double a, double b) {
  double r = a / b;
  if constexpr (M == Round::Nearest)
    return r;
  if (std::isinf(r) && std::isfinite(a) && std::isfinite(b) && b != 0)
    return directed<M>(r, overflow_dir(r));
  return directed<M>(r, sgn(std::fma(-r, b, a)) * sgn(b));
}
template <Round M, class> inline double dsqrt(double a) {
  double r = std::sqrt(a);
  if constexpr (M == Round::Nearest)
    return r;
  return directed<M>(r, sgn(std::fma(-r, r, a)));
}

template <Round M, class> inline float d2f(double d) {
  float r = static_cast<float>(d);
  if constexpr (M == Round::Nearest)
    return r;
  return directed<M>(r, sgn(d - double(r)));
}

template <Round M, class F, class I> inline F from_int(I v) {
  F r = static_cast<F>(v);
  if constexpr (M == Round::Nearest)
    return r;
  __int128 d = static_cast<__int128>(v) - static_cast<__int128>(r);
  return directed<M>(r, sgn(d));
}

inline float round_mode(float v, Round m) {
  switch (m) {
  case Round::Nearest:
    return __builtin_roundevenf(v);
  case Round::Zero:
    return std::trunc(v);
  case Round::Up:
    return std::ceil(v);
  default:
    return std::floor(v);
  }
}
inline double round_mode(double v, Round m) {
  switch (m) {
  case Round::Nearest:
    return __builtin_roundeven(v);
  case Round::Zero:
    return std::trunc(v);
  case Round::Up:
    return std::ceil(v);
  default:
    return std::floor(v);
  }
}

// Float-to-integer conversion as PTX cvt does it: saturating, NaN -> 0.
template <Round M, class I, class F> inline I to_int(F v) {
  F t = round_mode(v, M);
  if (std::isnan(t))
    return 0;
  const F lim = std::ldexp(F(1), std::numeric_limits<I>::digits);
  if (t >= lim)
    return std::numeric_limits<I>::max();
  if (t <= (std::numeric_limits<I>::is_signed ? -lim : F(0)))
    return std::numeric_limits<I>::min();
  return static_cast<I>(t);
}

// sin(pi*x) / cos(pi*x) with exact argument reduction: x mod 2 is exact, and
// the reduced |t| <= 1/4 keeps pi*t accurate to the last bit.
inline double sincospi_part(double x, bool want_cos) {
  if (!std::isfinite(x))
    return std::numeric_limits<double>::quiet_NaN();
  double r = std::fmod(x, 2.0);
  double n = std::round(2 * r); // nearest multiple of 1/2, in [-4, 4]
  double t = r - 0.5 * n;
  int k = (static_cast<int>(n) + (want_cos ? 1 : 0)) & 3;
  double pt = 3.141592653589793238 * t;
  double v = k == 0 ? std::sin(pt) : k == 1 ? std::cos(pt) : k == 2 ? -std::sin(pt) : -std::cos(pt);
  if (v == 0) // C23/CUDA: sinpi(n) is +-0 with the sign of n, cospi +0
    return want_cos ? 0.0 : std::copysign(0.0, x);
  return v;
}

// erfc(x) * exp(x*x) without the overflow and with x*x split exactly.
inline double erfcx(double x) {
  if (std::isnan(x))
    return x;
  if (x < 26) {
    double h = x * x, l = std::fma(x, x, -h);
    return std::exp(h) * std::exp(l) * std::erfc(x);
  }
  // Asymptotic series; at x >= 26 eight terms reach double precision.
  double w = 1 / (2 * x * x), term = 1, sum = 1;
  for (int k = 1; k <= 8; ++k) {
    term *= -(2 * k - 1) * w;
    sum += term;
  }
  return sum / (x * 1.772453850905516027); // sqrt(pi)
}

inline double erfinv_small(double y) { // |y| <= 1/2: Newton on erf
  double x = y * 0.886226925452758014 * (1 + 0.261799387799149436 * y * y);
  for (int i = 0; i < 5; ++i)
    x -= (std::erf(x) - y) / (1.128379167095512574 * std::exp(-x * x));
  return x;
}

// erfcinv for q in (0, 1/2): Newton on log(erfc(x)) - log(q), which is
// concave and so converges monotonically from the first step on.
inline double erfcinv_small(double q) {
  double t = -std::log(q);
  double x = std::sqrt(std::fmax(t - 0.5 * std::log(3.14159265358979 * t), 0.25));
  for (int i = 0; i < 12; ++i) {
    double e = erfcx(x);
    double dx = (std::log(e) - x * x + t) * e * 0.886226925452758014;
    x += dx;
    if (std::fabs(dx) <= 1e-15 * x)
      break;
  }
  return x;
}

inline double erfcinv(double q) {
  if (!(q >= 0 && q <= 2))
    return std::numeric_limits<double>::quiet_NaN();
  if (q == 0)
    return std::numeric_limits<double>::infinity();
  if (q == 2)
    return -std::numeric_limits<double>::infinity();
  if (q > 1)
    return -erfcinv(2 - q); // exact for q in [1, 2]
  if (q >= 0.5)
    return erfinv_small(1 - q);
  return erfcinv_small(q);
}

inline double erfinv(double y) {
  if (std::fabs(y) <= 0.5)
    return erfinv_small(y);
  return y > 0 ? erfcinv(1 - y) : -erfcinv(1 + y); // NaN falls through here
}

// Euclidean norms with scaling, so no intermediate overflow or underflow;
// an infinite component wins over a NaN, as in CUDA and hypot. The by-value
// forms keep their operands out of memory.
template <class... D> inline double norm_vals(D... v) {
  if ((std::isinf(v) || ...))
    return std::numeric_limits<double>::infinity();
  if ((std::isnan(v) || ...))
    return std::numeric_limits<double>::quiet_NaN();
  double m = 0;
  ((m = std::fmax(m, std::fabs(v))), ...);
  if (m == 0)
    return 0;
  double s = 0;
  ((s += (v / m) * (v / m)), ...);
  return m * std::sqrt(s);
}
// Float components: a double sum of squares can neither overflow nor lose
// precision that matters after rounding to float.
template <class... F> inline double fnorm_vals(F... v) {
  if ((std::isinf(v) || ...))
    return std::numeric_limits<double>::infinity();
  return std::sqrt(((double(v) * double(v)) + ...));
}
template <class T> inline double norm_array(int n, const T *a) {
  double m = 0;
  bool nan = false;
  for (int i = 0; i < n; ++i) {
    double v = std::fabs(double(a[i]));
    if (std::isinf(v))
      return v;
    nan |= std::isnan(v);
    m = std::fmax(m, v);
  }
  if (nan)
    return std::numeric_limits<double>::quiet_NaN();
  if (m == 0)
    return 0;
  double s = 0;
  for (int i = 0; i < n; ++i) {
    double v = double(a[i]) / m;
    s += v * v;
  }
  return m * std::sqrt(s);
}

// Whether v > 1/sqrt(x), exactly (for v with at most 26 significant bits).
inline bool rsqrt_above(double v, double x) { return std::fma(v * v, x, -1.0) > 0; }

} // namespace warpsim::math_detail

// ------------------------------------------------------------ reinterpretation
constexpr float __int_as_float(int x) { return __builtin_bit_cast(float, x); }
constexpr int __float_as_int(float x) { return __builtin_bit_cast(int, x); }
constexpr float __uint_as_float(unsigned int x) { return __builtin_bit_cast(float, x); }
constexpr unsigned int __float_as_uint(float x) { return __builtin_bit_cast(unsigned int, x); }
constexpr double __longlong_as_double(long long x) { return __builtin_bit_cast(double, x); }
constexpr long long __double_as_longlong(double x) { return __builtin_bit_cast(long long, x); }
constexpr double __hiloint2double(int hi, int lo) {
  return __builtin_bit_cast(double, static_cast<unsigned long long>(static_cast<unsigned int>(hi))
                                            << 32 |
                                        static_cast<unsigned int>(lo));
}
constexpr int __double2hiint(double x) {
  return static_cast<int>(__builtin_bit_cast(unsigned long long, x) >> 32);
}
constexpr int __double2loint(double x) {
  return static_cast<int>(__builtin_bit_cast(unsigned long long, x));
}

// --------------------------------------------------- rounding-mode variants
// NAME_rn/_rz/_ru/_rd, each forwarding to IMPL<mode, RET> ARGS (arithmetic
// ignores RET, conversions convert to it).
#define WARPSIM_ROUNDED_1(RET, NAME, MODE, IMPL, PARAMS, ARGS)                                     \
  inline RET NAME PARAMS {                                                                         \
    return warpsim::math_detail::IMPL<warpsim::math_detail::Round::MODE, RET> ARGS;                \
  }
#define WARPSIM_ROUNDED(RET, NAME, IMPL, PARAMS, ARGS)                                             \
  WARPSIM_ROUNDED_1(RET, NAME##_rn, Nearest, IMPL, PARAMS, ARGS)                                   \
  WARPSIM_ROUNDED_1(RET, NAME##_rz, Zero, IMPL, PARAMS, ARGS)                                      \
  WARPSIM_ROUNDED_1(RET, NAME##_ru, Up, IMPL, PARAMS, ARGS)                                        \
  WARPSIM_ROUNDED_1(RET, NAME##_rd, Down, IMPL, PARAMS, ARGS)
#define WARPSIM_CONVERT(RET, NAME, IMPL, PARAM) WARPSIM_ROUNDED(RET, NAME, IMPL, (PARAM x), (x))

WARPSIM_ROUNDED(float, __fadd, fadd, (float a, float b), (a, b))
WARPSIM_ROUNDED(float, __fsub, fadd, (float a, float b), (a, -b))
WARPSIM_ROUNDED(float, __fmul, fmul, (float a, float b), (a, b))
WARPSIM_ROUNDED(float, __fdiv, fdiv, (float a, float b), (a, b))
WARPSIM_ROUNDED(float, __fmaf, ffma, (float a, float b, float c), (a, b, c))
WARPSIM_ROUNDED(float, __frcp, fdiv, (float a), (1.0f, a))
WARPSIM_ROUNDED(float, __fsqrt, fsqrt, (float a), (a))
WARPSIM_ROUNDED(double, __dadd, dadd, (double a, double b), (a, b))
WARPSIM_ROUNDED(double, __dsub, dadd, (double a, double b), (a, -b))
WARPSIM_ROUNDED(double, __dmul, dmul, (double a, double b), (a, b))
WARPSIM_ROUNDED(double, __ddiv, ddiv, (double a, double b), (a, b))
WARPSIM_ROUNDED(double, __drcp, ddiv, (double a), (1.0, a))
WARPSIM_ROUNDED(double, __dsqrt, dsqrt, (double a), (a))
inline double __fma_rn(double a, double b, double c) { return std::fma(a, b, c); }

WARPSIM_CONVERT(float, __double2float, d2f, double)
WARPSIM_CONVERT(int, __float2int, to_int, float)
WARPSIM_CONVERT(unsigned int, __float2uint, to_int, float)
WARPSIM_CONVERT(long long, __float2ll, to_int, float)
WARPSIM_CONVERT(unsigned long long, __float2ull, to_int, float)
WARPSIM_CONVERT(int, __double2int, to_int, double)
WARPSIM_CONVERT(unsigned int, __double2uint, to_int, double)
WARPSIM_CONVERT(long long, __double2ll, to_int, double)
WARPSIM_CONVERT(unsigned long long, __double2ull, to_int, double)
WARPSIM_CONVERT(float, __int2float, from_int, int)
WARPSIM_CONVERT(float, __uint2float, from_int, unsigned int)
WARPSIM_CONVERT(float, __ll2float, from_int, long long)
WARPSIM_CONVERT(float, __ull2float, from_int, unsigned long long)
WARPSIM_CONVERT(double, __ll2double, from_int, long long)
WARPSIM_CONVERT(double, __ull2double, from_int, unsigned long long)
#undef WARPSIM_CONVERT
#undef WARPSIM_ROUNDED
#undef WARPSIM_ROUNDED_1
inline double __int2double_rn(int x) { return x; } // exact
inline double __uint2double_rn(unsigned int x) { return x; }

// -------------------------------------------------------- fast-math intrinsics
// CUDA computes these with the SFU's approximations (PTX ex2.approx,
// lg2.approx, rcp.approx, sin.approx). Here they follow the same formulas with
// correctly rounded library functions in place of the SFU, so the rounding of
// the intermediate steps matches and the SFU's own error (~2 ulp) remains:
// docs/crosscheck.md, "Floating point", has the measured differences.
inline float __expf(float x) { return std::exp2(x * 1.44269504f); }   // ex2(x * log2 e)
inline float __fdividef(float x, float y) { return x * (1.0f / y); }  // x * rcp(y)
inline float __exp10f(float x) { return std::exp2(x * 3.32192802f); } // ex2(x * log2 10)
inline float __logf(float x) { return std::log2(x) * 0.693147182f; }  // lg2(x) * ln 2
inline float __log2f(float x) { return std::log2(x); }
inline float __log10f(float x) { return std::log2(x) * 0.301029987f; } // lg2(x) * log10 2
inline float __sinf(float x) { return std::sin(x); }
inline float __cosf(float x) { return std::cos(x); }
inline float __tanf(float x) { return __fdividef(std::sin(x), std::cos(x)); }
inline void __sincosf(float x, float *s, float *c) {
  *s = std::sin(x);
  *c = std::cos(x);
}
inline float __powf(float x, float y) { return std::exp2(y * std::log2(x)); } // ex2(y * lg2 x)
inline float fdividef(float x, float y) { return x / y; }
// Clamp to [0, 1]; NaN gives 0.
inline float __saturatef(float x) { return x >= 1 ? 1.0f : x > 0 ? x : 0.0f; }
inline float saturate(float x) { return __saturatef(x); }

// ------------------------------------------------ functions <cmath> lacks
// Correctly rounded 1/sqrt(x): the double estimate is off by at most one
// float step, and the comparisons with x are exact (v*v fits in 53 bits, and
// the FMA rounds v*v*x - 1 once, keeping its sign).
inline float __frsqrt_rn(float x) {
  if (!(x > 0) || std::isinf(x))
    return 1.0f / std::sqrt(x); // +-0 -> +-inf, <0/NaN -> NaN, inf -> 0
  const double xd = x;
  // 1/sqrt in double lies within 2 of its last places of the exact value:
  // rounding it to float is the exact value's rounding unless the 29 bits a
  // float drops lie that close to a midpoint (2^28). Then decide exactly.
  const double d = 1.0 / std::sqrt(xd);
  const unsigned long long dropped = __builtin_bit_cast(unsigned long long, d) & ((1ull << 29) - 1);
  if (dropped - ((1ull << 28) - 4) > 8)
    return static_cast<float>(d);
  float r = static_cast<float>(d);
  bool r_above = warpsim::math_detail::rsqrt_above(r, xd);
  float n = std::nextafter(r, r_above ? 0.0f : 2.0f * r);
  double mid = (double(r) + double(n)) / 2; // exact
  // Move to the neighbour when the exact value lies past the midpoint.
  return warpsim::math_detail::rsqrt_above(mid, xd) == r_above ? n : r;
}

#ifndef WARPSIM_LIBC_HAS_RSQRT
inline float rsqrtf(float x) { return __frsqrt_rn(x); }
inline double rsqrt(double x) { return 1.0 / std::sqrt(x); }
#endif
inline float rcbrtf(float x) { return static_cast<float>(1.0 / std::cbrt(double(x))); }
inline double rcbrt(double x) { return 1.0 / std::cbrt(x); }

#ifndef WARPSIM_LIBC_HAS_EXP10_SINCOS
inline float exp10f(float x) { return __exp10f(x); }
inline double exp10(double x) { return std::pow(10.0, x); }
inline void sincosf(float x, float *s, float *c) {
  *s = std::sin(x);
  *c = std::cos(x);
}
inline void sincos(double x, double *s, double *c) {
  *s = std::sin(x);
  *c = std::cos(x);
}
#endif

#ifndef WARPSIM_LIBC_HAS_SINPI
inline double sinpi(double x) { return warpsim::math_detail::sincospi_part(x, false); }
inline double cospi(double x) { return warpsim::math_detail::sincospi_part(x, true); }
inline float sinpif(float x) {
  return static_cast<float>(warpsim::math_detail::sincospi_part(x, false));
}
inline float cospif(float x) {
  return static_cast<float>(warpsim::math_detail::sincospi_part(x, true));
}
#endif
inline void sincospi(double x, double *s, double *c) {
  *s = warpsim::math_detail::sincospi_part(x, false);
  *c = warpsim::math_detail::sincospi_part(x, true);
}
inline void sincospif(float x, float *s, float *c) {
  *s = static_cast<float>(warpsim::math_detail::sincospi_part(x, false));
  *c = static_cast<float>(warpsim::math_detail::sincospi_part(x, true));
}

inline double erfinv(double y) { return warpsim::math_detail::erfinv(y); }
inline float erfinvf(float y) { return static_cast<float>(warpsim::math_detail::erfinv(y)); }
inline double erfcinv(double q) { return warpsim::math_detail::erfcinv(q); }
inline float erfcinvf(float q) { return static_cast<float>(warpsim::math_detail::erfcinv(q)); }
inline double erfcx(double x) { return warpsim::math_detail::erfcx(x); }
inline float erfcxf(float x) { return static_cast<float>(warpsim::math_detail::erfcx(x)); }
inline double normcdf(double x) { return 0.5 * std::erfc(-x * 0.707106781186547524); }
inline float normcdff(float x) { return static_cast<float>(normcdf(x)); }
inline double normcdfinv(double p) {
  return -1.414213562373095049 * warpsim::math_detail::erfcinv(2 * p);
}
inline float normcdfinvf(float p) { return static_cast<float>(normcdfinv(p)); }
inline double cyl_bessel_i0(double x) {
  return std::isnan(x) ? x : std::cyl_bessel_i(0.0, std::fabs(x));
}
inline float cyl_bessel_i0f(float x) { return static_cast<float>(cyl_bessel_i0(x)); }
inline double cyl_bessel_i1(double x) {
  return std::isnan(x) ? x : std::copysign(std::cyl_bessel_i(1.0, std::fabs(x)), x);
}
inline float cyl_bessel_i1f(float x) { return static_cast<float>(cyl_bessel_i1(x)); }

inline double norm(int dim, const double *a) { return warpsim::math_detail::norm_array(dim, a); }
inline double rnorm(int dim, const double *a) {
  return 1.0 / warpsim::math_detail::norm_array(dim, a);
}
inline double norm3d(double a, double b, double c) {
  return warpsim::math_detail::norm_vals(a, b, c);
}
inline double rnorm3d(double a, double b, double c) {
  return 1.0 / warpsim::math_detail::norm_vals(a, b, c);
}
inline double norm4d(double a, double b, double c, double d) {
  return warpsim::math_detail::norm_vals(a, b, c, d);
}
inline double rnorm4d(double a, double b, double c, double d) {
  return 1.0 / warpsim::math_detail::norm_vals(a, b, c, d);
}
inline double rhypot(double a, double b) { return 1.0 / std::hypot(a, b); }
inline float normf(int dim, const float *a) {
  return static_cast<float>(warpsim::math_detail::norm_array(dim, a));
}
inline float rnormf(int dim, const float *a) {
  return static_cast<float>(1.0 / warpsim::math_detail::norm_array(dim, a));
}
inline float norm3df(float a, float b, float c) {
  return static_cast<float>(warpsim::math_detail::fnorm_vals(a, b, c));
}
inline float rnorm3df(float a, float b, float c) {
  return static_cast<float>(1.0 / warpsim::math_detail::fnorm_vals(a, b, c));
}
inline float norm4df(float a, float b, float c, float d) {
  return static_cast<float>(warpsim::math_detail::fnorm_vals(a, b, c, d));
}
inline float rnorm4df(float a, float b, float c, float d) {
  return static_cast<float>(1.0 / warpsim::math_detail::fnorm_vals(a, b, c, d));
}
inline float rhypotf(float a, float b) {
  return static_cast<float>(1.0 / std::hypot(double(a), double(b)));
}

// --------------------------------------------------------- integer intrinsics
// Clang builtins, not <bit>: the program may be compiled as C++17.
constexpr int __popc(unsigned int x) { return __builtin_popcount(x); }
constexpr int __popcll(unsigned long long x) { return __builtin_popcountll(x); }
constexpr int __clz(int x) { return x == 0 ? 32 : __builtin_clz(static_cast<unsigned int>(x)); }
constexpr int __clzll(long long x) {
  return x == 0 ? 64 : __builtin_clzll(static_cast<unsigned long long>(x));
}
// 1 + index of the least significant set bit; 0 for 0.
constexpr int __ffs(int x) { return __builtin_ffs(x); }
constexpr int __ffsll(long long x) { return __builtin_ffsll(x); }
constexpr unsigned int __brev(unsigned int x) { return __builtin_bitreverse32(x); }
constexpr unsigned long long __brevll(unsigned long long x) { return __builtin_bitreverse64(x); }
// Result byte n is byte s[4n+2:4n] of the 8-byte value {y, x} (x = bytes 0-3).
constexpr unsigned int __byte_perm(unsigned int x, unsigned int y, unsigned int s) {
  unsigned long long v = static_cast<unsigned long long>(y) << 32 | x;
  unsigned int r = 0;
  for (int n = 0; n < 4; ++n) {
    unsigned int sel = (s >> (4 * n)) & 7;
    r |= static_cast<unsigned int>((v >> (8 * sel)) & 0xff) << (8 * n);
  }
  return r;
}
// Funnel shifts of the 64-bit value {hi, lo}: the _l forms return the upper
// word after a left shift, the _r forms the lower word after a right shift.
// The plain forms take the shift mod 32, the _c forms clamp it to 32.
constexpr unsigned int __funnelshift_l(unsigned int lo, unsigned int hi, unsigned int shift) {
  unsigned long long v = static_cast<unsigned long long>(hi) << 32 | lo;
  return static_cast<unsigned int>((v << (shift & 31)) >> 32);
}
constexpr unsigned int __funnelshift_lc(unsigned int lo, unsigned int hi, unsigned int shift) {
  unsigned long long v = static_cast<unsigned long long>(hi) << 32 | lo;
  return static_cast<unsigned int>((v << (shift < 32 ? shift : 32)) >> 32);
}
constexpr unsigned int __funnelshift_r(unsigned int lo, unsigned int hi, unsigned int shift) {
  unsigned long long v = static_cast<unsigned long long>(hi) << 32 | lo;
  return static_cast<unsigned int>(v >> (shift & 31));
}
constexpr unsigned int __funnelshift_rc(unsigned int lo, unsigned int hi, unsigned int shift) {
  unsigned long long v = static_cast<unsigned long long>(hi) << 32 | lo;
  return static_cast<unsigned int>(v >> (shift < 32 ? shift : 32));
}
constexpr int __mulhi(int x, int y) {
  return static_cast<int>((static_cast<long long>(x) * y) >> 32);
}
constexpr unsigned int __umulhi(unsigned int x, unsigned int y) {
  return static_cast<unsigned int>((static_cast<unsigned long long>(x) * y) >> 32);
}
constexpr long long __mul64hi(long long x, long long y) {
  return static_cast<long long>((static_cast<__int128>(x) * y) >> 64);
}
constexpr unsigned long long __umul64hi(unsigned long long x, unsigned long long y) {
  return static_cast<unsigned long long>((static_cast<unsigned __int128>(x) * y) >> 64);
}
// Low 32 bits of the product of the (sign-extended) low 24 bits.
constexpr int __mul24(int x, int y) {
  long long a = static_cast<int>(static_cast<unsigned int>(x) << 8) >> 8;
  long long b = static_cast<int>(static_cast<unsigned int>(y) << 8) >> 8;
  return static_cast<int>(static_cast<unsigned int>(a * b));
}
constexpr unsigned int __umul24(unsigned int x, unsigned int y) {
  return (x & 0xffffffu) * (y & 0xffffffu);
}
constexpr unsigned int __sad(int x, int y, unsigned int z) {
  long long d = static_cast<long long>(x) - y;
  return static_cast<unsigned int>(d < 0 ? -d : d) + z;
}
constexpr unsigned int __usad(unsigned int x, unsigned int y, unsigned int z) {
  return (x > y ? x - y : y - x) + z;
}
// Halving adds, computed without intermediate overflow.
constexpr int __hadd(int x, int y) {
  return static_cast<int>((static_cast<long long>(x) + y) >> 1);
}
constexpr int __rhadd(int x, int y) {
  return static_cast<int>((static_cast<long long>(x) + y + 1) >> 1);
}
constexpr unsigned int __uhadd(unsigned int x, unsigned int y) {
  return static_cast<unsigned int>((static_cast<unsigned long long>(x) + y) >> 1);
}
constexpr unsigned int __urhadd(unsigned int x, unsigned int y) {
  return static_cast<unsigned int>((static_cast<unsigned long long>(x) + y + 1) >> 1);
}
// Four-way byte dot product plus accumulator, wrapping mod 2^32.
constexpr int __dp4a(int a, int b, int c) {
  unsigned int r = static_cast<unsigned int>(c);
  for (int n = 0; n < 4; ++n)
    r += static_cast<unsigned int>(static_cast<signed char>(a >> (8 * n)) *
                                   static_cast<signed char>(b >> (8 * n)));
  return static_cast<int>(r);
}
constexpr unsigned int __dp4a(unsigned int a, unsigned int b, unsigned int c) {
  for (int n = 0; n < 4; ++n)
    c += ((a >> (8 * n)) & 0xff) * ((b >> (8 * n)) & 0xff);
  return c;
}
constexpr int __dp4a(char4 a, char4 b, int c) {
  return __dp4a(__builtin_bit_cast(int, a), __builtin_bit_cast(int, b), c);
}
constexpr unsigned int __dp4a(uchar4 a, uchar4 b, unsigned int c) {
  return __dp4a(__builtin_bit_cast(unsigned int, a), __builtin_bit_cast(unsigned int, b), c);
}

// ------------------------------------------------------------------ min / max
// CUDA's global overload set. A mixed signed/unsigned pair compares as
// unsigned, as CUDA's does (min(-1, 1u) == 1u). Being non-templates, these win
// over std::min/std::max when both are visible.
constexpr unsigned int umin(unsigned int a, unsigned int b) { return a < b ? a : b; }
constexpr unsigned int umax(unsigned int a, unsigned int b) { return a > b ? a : b; }
constexpr long long llmin(long long a, long long b) { return a < b ? a : b; }
constexpr long long llmax(long long a, long long b) { return a > b ? a : b; }
constexpr unsigned long long ullmin(unsigned long long a, unsigned long long b) {
  return a < b ? a : b;
}
constexpr unsigned long long ullmax(unsigned long long a, unsigned long long b) {
  return a > b ? a : b;
}

#define WARPSIM_MINMAX(R, A, B)                                                                    \
  constexpr R min(A a, B b) {                                                                      \
    return static_cast<R>(a) < static_cast<R>(b) ? static_cast<R>(a) : static_cast<R>(b);          \
  }                                                                                                \
  constexpr R max(A a, B b) {                                                                      \
    return static_cast<R>(a) > static_cast<R>(b) ? static_cast<R>(a) : static_cast<R>(b);          \
  }
WARPSIM_MINMAX(int, int, int)
WARPSIM_MINMAX(unsigned int, unsigned int, unsigned int)
WARPSIM_MINMAX(unsigned int, int, unsigned int)
WARPSIM_MINMAX(unsigned int, unsigned int, int)
WARPSIM_MINMAX(long, long, long)
WARPSIM_MINMAX(unsigned long, unsigned long, unsigned long)
WARPSIM_MINMAX(unsigned long, long, unsigned long)
WARPSIM_MINMAX(unsigned long, unsigned long, long)
WARPSIM_MINMAX(long long, long long, long long)
WARPSIM_MINMAX(unsigned long long, unsigned long long, unsigned long long)
WARPSIM_MINMAX(unsigned long long, long long, unsigned long long)
WARPSIM_MINMAX(unsigned long long, unsigned long long, long long)
#undef WARPSIM_MINMAX
// Floating point: fmin/fmax semantics (a NaN operand yields the other one).
inline float min(float a, float b) { return std::fmin(a, b); }
inline float max(float a, float b) { return std::fmax(a, b); }
inline double min(double a, double b) { return std::fmin(a, b); }
inline double max(double a, double b) { return std::fmax(a, b); }
inline double min(float a, double b) { return std::fmin(double(a), b); }
inline double max(float a, double b) { return std::fmax(double(a), b); }
inline double min(double a, float b) { return std::fmin(a, double(b)); }
inline double max(double a, float b) { return std::fmax(a, double(b)); }
