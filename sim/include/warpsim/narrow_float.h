// Rounding to the 16-bit floating-point formats of cuda_fp16.h (binary16:
// 10 mantissa, 5 exponent bits) and cuda_bf16.h (bfloat16: 7 and 8), and
// the arithmetic both headers share. Every operation computes in double and
// rounds once: sums, products, quotients and square roots of 16-bit values
// are exact or correctly rounded in double, and double has more than
// 2p + 2 bits for either format, so the second rounding gives the correctly
// rounded 16-bit result (as the GPU's add/sub/mul/fma.rn.f16 do). fma keeps
// the exact residual by rounding to odd. NaN results are the GPU's canonical
// NaN 0x7fff (what the H100 returns for every operation and conversion).
// Header-only and pure: nothing here touches memory the race detector sees.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>

namespace warpsim::narrow {

enum class Round { Nearest, Zero, Down, Up };

template <int M, int E> struct Format {
  static constexpr int kBias = (1 << (E - 1)) - 1;
  static constexpr int kMinExp = 1 - kBias; // of the normal numbers
  static constexpr int kMaxExp = kBias;
  static constexpr std::uint16_t kInf = static_cast<std::uint16_t>(((1u << E) - 1) << M);
  static constexpr std::uint16_t kNaN = 0x7fff;
  static constexpr std::uint16_t kMaxFinite = static_cast<std::uint16_t>(kInf - 1);
};
using Half = Format<10, 5>;
using BF16 = Format<7, 8>;

template <int M, int E> inline double toDouble(std::uint16_t bits) {
  using F = Format<M, E>;
  const bool neg = (bits & 0x8000u) != 0;
  const unsigned ex = (bits >> M) & ((1u << E) - 1);
  const unsigned man = bits & ((1u << M) - 1);
  double mag;
  if (ex == (1u << E) - 1)
    mag = man != 0 ? NAN : INFINITY;
  else if (ex == 0)
    mag = std::ldexp(static_cast<double>(man), F::kMinExp - M);
  else
    mag = std::ldexp(static_cast<double>(man | (1u << M)), static_cast<int>(ex) - F::kBias - M);
  return neg ? -mag : mag;
}

// A double NaN as cvt.f16.f64 / cvt.bf16.f64 convert it: sign and the top
// payload bits kept (float NaNs become the canonical 0x7fff instead).
template <int M, int E> inline std::uint16_t nanFromDouble(double x) {
  std::uint64_t b;
  std::memcpy(&b, &x, sizeof b);
  return static_cast<std::uint16_t>((b >> 48 & 0x8000u) | Format<M, E>::kInf |
                                    ((b >> (52 - M)) & ((1u << M) - 1)));
}

// x rounded once to the format in the given mode (x exact in double).
template <int M, int E> inline std::uint16_t fromDouble(double x, Round r = Round::Nearest) {
  using F = Format<M, E>;
  if (std::isnan(x))
    return F::kNaN;
  const bool neg = std::signbit(x);
  const std::uint16_t sign = neg ? 0x8000u : 0u;
  const double a = std::fabs(x);
  if (std::isinf(a))
    return sign | F::kInf;
  if (a == 0)
    return sign;
  int k = std::ilogb(a);
  if (k < F::kMinExp)
    k = F::kMinExp;
  const double scaled = std::ldexp(a, M - k); // < 2^(M+1); its fraction is exact
  double n = std::floor(scaled);
  const double frac = scaled - n;
  bool up = false;
  switch (r) {
  case Round::Nearest:
    up = frac > 0.5 || (frac == 0.5 && std::fmod(n, 2.0) != 0);
    break;
  case Round::Zero:
    break;
  case Round::Down:
    up = neg && frac > 0;
    break;
  case Round::Up:
    up = !neg && frac > 0;
    break;
  }
  if (up)
    n += 1;
  if (n >= static_cast<double>(2u << M)) { // carried into the next binade
    n /= 2;
    ++k;
  }
  if (k > F::kMaxExp) { // overflow: infinity or the largest finite value
    const bool toInf = r == Round::Nearest || (r == Round::Up && !neg) || (r == Round::Down && neg);
    return sign | (toInf ? F::kInf : F::kMaxFinite);
  }
  const auto m = static_cast<std::uint32_t>(n);
  if (m < (1u << M)) // subnormal (k is the minimum exponent)
    return sign | static_cast<std::uint16_t>(m);
  return sign | static_cast<std::uint16_t>(static_cast<std::uint32_t>(k + F::kBias) << M |
                                           (m & ((1u << M) - 1)));
}

// a * b + c with one rounding: the product of two 16-bit values is exact in
// double; the sum is rounded to odd (the exact residual from TwoSum sets the
// last bit), which makes the final rounding to 16 bits correct.
inline double fmaToOdd(double a, double b, double c) {
  const double p = a * b;
  const double s = p + c;
  if (!std::isfinite(s))
    return s;
  const double bp = s - c;
  const double err = (p - bp) + (c - (s - bp));
  if (err == 0)
    return s;
  std::uint64_t bits;
  std::memcpy(&bits, &s, sizeof bits);
  return (bits & 1u) != 0 ? s : std::nextafter(s, err > 0 ? INFINITY : -INFINITY);
}

// A value of the 16-bit type T rounded from d (defined with each type).
template <class T> T mk(double d, Round r = Round::Nearest);

template <int M, int E> inline bool isNaN(std::uint16_t b) {
  return (b & 0x7fffu) > Format<M, E>::kInf;
}

// Integer results of float-to-integer conversions as PTX cvt.rni/rzi/rmi/rpi
// gives them on the H100: out-of-range values saturate; NaN gives 0, or
// 0x8000000000000000 for the 64-bit types (signed and unsigned).
template <class I> inline I toInt(double x, Round r) {
  if (std::isnan(x))
    return sizeof(I) == 8 ? static_cast<I>(1ull << 63) : 0;
  double v;
  switch (r) {
  case Round::Nearest:
    v = std::nearbyint(x);
    break;
  case Round::Zero:
    v = std::trunc(x);
    break;
  case Round::Down:
    v = std::floor(x);
    break;
  default:
    v = std::ceil(x);
    break;
  }
  constexpr double lo = static_cast<double>(std::numeric_limits<I>::min());
  constexpr double hi = static_cast<double>(std::numeric_limits<I>::max());
  if (v <= lo)
    return std::numeric_limits<I>::min();
  if (v >= hi)
    return std::numeric_limits<I>::max();
  return static_cast<I>(v);
}

// 64-bit integers to double without a double rounding: the bits below the
// 53rd are folded into a sticky bit (round to odd), exact for the 16-bit
// formats' final rounding.
inline double fromU64(unsigned long long u) {
  if (u < (1ull << 53))
    return static_cast<double>(u);
  const int s = 11 - __builtin_clzll(u);
  const unsigned long long sticky = (u & ((1ull << s) - 1)) != 0 ? 1 : 0;
  return std::ldexp(static_cast<double>((u >> s) | sticky), s);
}
inline double fromI64(long long v) {
  return v < 0 ? -fromU64(0ull - static_cast<unsigned long long>(v))
               : fromU64(static_cast<unsigned long long>(v));
}
} // namespace warpsim::narrow
