// warpsim's cuda_bf16.h: bfloat16 (__nv_bfloat16) and its pair
// (__nv_bfloat162) with CUDA's API: conversions in every rounding mode,
// arithmetic, comparisons, math, bit casts, shuffles and atomicAdd. Host and
// device code alike. Rounding and NaNs as on an H100 (checked bit for bit
// over all 65536 inputs by tests/runtime/half_precision.cu); see
// docs/device-api.md.
#pragma once

#include <cuda_runtime.h>

#include "warpsim/narrow_float.h"

struct __nv_bfloat16_raw {
  unsigned short x;
};
struct __nv_bfloat162_raw {
  unsigned short x, y;
};

struct __nv_bfloat16 {
  __nv_bfloat16() = default;
  constexpr __nv_bfloat16(const __nv_bfloat16_raw &r) : __x(r.x) {}
  __nv_bfloat16 &operator=(const __nv_bfloat16_raw &r) {
    __x = r.x;
    return *this;
  }
  constexpr operator __nv_bfloat16_raw() const { return __nv_bfloat16_raw{__x}; }
  __nv_bfloat16(float f) : __x(warpsim::narrow::fromDouble<7, 8>(f)) {}
  __nv_bfloat16(double d) : __x(warpsim::narrow::fromDouble<7, 8>(d)) {}
  __nv_bfloat16(int v) : __x(warpsim::narrow::fromDouble<7, 8>(v)) {}
  __nv_bfloat16(unsigned v) : __x(warpsim::narrow::fromDouble<7, 8>(v)) {}
  __nv_bfloat16(short v) : __x(warpsim::narrow::fromDouble<7, 8>(v)) {}
  __nv_bfloat16(unsigned short v) : __x(warpsim::narrow::fromDouble<7, 8>(v)) {}
  operator float() const { return __builtin_bit_cast(float, static_cast<unsigned>(__x) << 16); }

protected:
  unsigned short __x;
};

struct __nv_bfloat162 {
  __nv_bfloat16 x, y;
  __nv_bfloat162() = default;
  constexpr __nv_bfloat162(const __nv_bfloat16 &a, const __nv_bfloat16 &b) : x(a), y(b) {}
  constexpr __nv_bfloat162(const __nv_bfloat162_raw &r)
      : x(__nv_bfloat16_raw{r.x}), y(__nv_bfloat16_raw{r.y}) {}
  __nv_bfloat162 &operator=(const __nv_bfloat162_raw &r) {
    x = __nv_bfloat16_raw{r.x};
    y = __nv_bfloat16_raw{r.y};
    return *this;
  }
  operator __nv_bfloat162_raw() const {
    return __nv_bfloat162_raw{static_cast<__nv_bfloat16_raw>(x).x,
                              static_cast<__nv_bfloat16_raw>(y).x};
  }
};

typedef __nv_bfloat16 nv_bfloat16;
typedef __nv_bfloat162 nv_bfloat162;

// ------------------------------------------------------------- bit casts
inline constexpr unsigned short __bfloat16_as_ushort(__nv_bfloat16 h) {
  return static_cast<__nv_bfloat16_raw>(h).x;
}
inline constexpr short __bfloat16_as_short(__nv_bfloat16 h) {
  return static_cast<short>(static_cast<__nv_bfloat16_raw>(h).x);
}
inline constexpr __nv_bfloat16 __ushort_as_bfloat16(unsigned short u) {
  return __nv_bfloat16(__nv_bfloat16_raw{u});
}
inline constexpr __nv_bfloat16 __short_as_bfloat16(short s) {
  return __nv_bfloat16(__nv_bfloat16_raw{static_cast<unsigned short>(s)});
}

// ----------------------------------------------------------- conversions
// To float: the upper 16 bits of the float (NaN payloads kept, as on the GPU).
inline float __bfloat162float(__nv_bfloat16 h) { return static_cast<float>(h); }
#define WARPSIM_BF16_FROM(NAME, T, MODE)                                                           \
  inline __nv_bfloat16 NAME(T v) {                                                                 \
    return __ushort_as_bfloat16(                                                                   \
        warpsim::narrow::fromDouble<7, 8>(v, warpsim::narrow::Round::MODE));                       \
  }
WARPSIM_BF16_FROM(__float2bfloat16, float, Nearest)
WARPSIM_BF16_FROM(__float2bfloat16_rn, float, Nearest)
WARPSIM_BF16_FROM(__float2bfloat16_rz, float, Zero)
WARPSIM_BF16_FROM(__float2bfloat16_rd, float, Down)
WARPSIM_BF16_FROM(__float2bfloat16_ru, float, Up)
#undef WARPSIM_BF16_FROM
inline __nv_bfloat16 __double2bfloat16(double d) {
  return __ushort_as_bfloat16(std::isnan(d) ? warpsim::narrow::nanFromDouble<7, 8>(d)
                                            : warpsim::narrow::fromDouble<7, 8>(d));
}

#include "warpsim/narrow_ops.h"

namespace warpsim::narrow {
inline __nv_bfloat16 bf16FromBits(unsigned u) {
  return __ushort_as_bfloat16(static_cast<unsigned short>(u));
}
} // namespace warpsim::narrow
WARPSIM_NARROW_OPS(__nv_bfloat16, __nv_bfloat162, 7, 8, __bfloat16_as_ushort,
                   warpsim::narrow::bf16FromBits, 0x3f80)

// hsin/hcos: the GPU rounds its float sinf/cosf; warpsim the exact value.
inline __nv_bfloat16 hsin(__nv_bfloat16 a) {
  return warpsim::narrow::mk<__nv_bfloat16>(std::sin(static_cast<double>(__bfloat162float(a))));
}
inline __nv_bfloat16 hcos(__nv_bfloat16 a) {
  return warpsim::narrow::mk<__nv_bfloat16>(std::cos(static_cast<double>(__bfloat162float(a))));
}

#define WARPSIM_BF16_INT(SUF, T, MODE)                                                             \
  inline T __bfloat162##SUF(__nv_bfloat16 h) {                                                     \
    return warpsim::narrow::toInt<T>(__bfloat162float(h), warpsim::narrow::Round::MODE);           \
  }
#define WARPSIM_BF16_INTS(NAME, T, WIDE)                                                           \
  WARPSIM_BF16_INT(NAME##_rn, T, Nearest)                                                          \
  WARPSIM_BF16_INT(NAME##_rz, T, Zero)                                                             \
  WARPSIM_BF16_INT(NAME##_rd, T, Down)                                                             \
  WARPSIM_BF16_INT(NAME##_ru, T, Up)                                                               \
  inline __nv_bfloat16 __##NAME##2bfloat16_rn(T v) {                                               \
    return __ushort_as_bfloat16(                                                                   \
        warpsim::narrow::fromDouble<7, 8>(WIDE(v), warpsim::narrow::Round::Nearest));              \
  }                                                                                                \
  inline __nv_bfloat16 __##NAME##2bfloat16_rz(T v) {                                               \
    return __ushort_as_bfloat16(                                                                   \
        warpsim::narrow::fromDouble<7, 8>(WIDE(v), warpsim::narrow::Round::Zero));                 \
  }                                                                                                \
  inline __nv_bfloat16 __##NAME##2bfloat16_rd(T v) {                                               \
    return __ushort_as_bfloat16(                                                                   \
        warpsim::narrow::fromDouble<7, 8>(WIDE(v), warpsim::narrow::Round::Down));                 \
  }                                                                                                \
  inline __nv_bfloat16 __##NAME##2bfloat16_ru(T v) {                                               \
    return __ushort_as_bfloat16(                                                                   \
        warpsim::narrow::fromDouble<7, 8>(WIDE(v), warpsim::narrow::Round::Up));                   \
  }
WARPSIM_BF16_INTS(int, int, warpsim::narrow::fromI64)
WARPSIM_BF16_INTS(uint, unsigned int, warpsim::narrow::fromI64)
WARPSIM_BF16_INTS(short, short, warpsim::narrow::fromI64)
WARPSIM_BF16_INTS(ushort, unsigned short, warpsim::narrow::fromI64)
WARPSIM_BF16_INTS(ll, long long, warpsim::narrow::fromI64)
WARPSIM_BF16_INTS(ull, unsigned long long, warpsim::narrow::fromU64)
#undef WARPSIM_BF16_INTS
#undef WARPSIM_BF16_INT

// ------------------------------------------------------------------ pairs
inline __nv_bfloat162 __halves2bfloat162(__nv_bfloat16 a, __nv_bfloat16 b) {
  return __nv_bfloat162(a, b);
}
inline __nv_bfloat162 make_bfloat162(__nv_bfloat16 a, __nv_bfloat16 b) {
  return __nv_bfloat162(a, b);
}
inline __nv_bfloat162 __bfloat162bfloat162(__nv_bfloat16 a) { return __nv_bfloat162(a, a); }
inline __nv_bfloat16 __low2bfloat16(__nv_bfloat162 a) { return a.x; }
inline __nv_bfloat16 __high2bfloat16(__nv_bfloat162 a) { return a.y; }
inline __nv_bfloat162 __low2bfloat162(__nv_bfloat162 a) { return __nv_bfloat162(a.x, a.x); }
inline __nv_bfloat162 __high2bfloat162(__nv_bfloat162 a) { return __nv_bfloat162(a.y, a.y); }
inline __nv_bfloat162 __lows2bfloat162(__nv_bfloat162 a, __nv_bfloat162 b) {
  return __nv_bfloat162(a.x, b.x);
}
inline __nv_bfloat162 __highs2bfloat162(__nv_bfloat162 a, __nv_bfloat162 b) {
  return __nv_bfloat162(a.y, b.y);
}
inline __nv_bfloat162 __lowhigh2highlow(__nv_bfloat162 a) { return __nv_bfloat162(a.y, a.x); }
inline float __low2float(__nv_bfloat162 a) { return __bfloat162float(a.x); }
inline float __high2float(__nv_bfloat162 a) { return __bfloat162float(a.y); }
inline __nv_bfloat162 __float2bfloat162_rn(float f) {
  return __nv_bfloat162(__float2bfloat16_rn(f), __float2bfloat16_rn(f));
}
inline __nv_bfloat162 __floats2bfloat162_rn(float a, float b) {
  return __nv_bfloat162(__float2bfloat16_rn(a), __float2bfloat16_rn(b));
}
inline __nv_bfloat162 __float22bfloat162_rn(float2 f) { return __floats2bfloat162_rn(f.x, f.y); }
inline float2 __bfloat1622float2(__nv_bfloat162 h) {
  return make_float2(__bfloat162float(h.x), __bfloat162float(h.y));
}

// Cache-hint loads and stores (warpsim/cache_hints.h): one plain access.
WARPSIM_CACHE_HINTS(__nv_bfloat16)
WARPSIM_CACHE_HINTS(__nv_bfloat162)
