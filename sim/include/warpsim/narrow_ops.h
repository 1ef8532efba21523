// The functions cuda_fp16.h and cuda_bf16.h share, for a 16-bit scalar type
// H and its pair H2 (M mantissa and E exponent bits; BITS(h) and FROM(u)
// reinterpret). Each header expands WARPSIM_NARROW_OPS once. Results are
// rounded as warpsim/narrow_float.h describes; the math functions are
// correctly rounded (the GPU's approximations agree except where
// docs/device-api.md lists a difference).
#pragma once

#include "warpsim/narrow_float.h"
#include "warpsim/warp_intrinsics.h"

#define WARPSIM_NARROW_OPS(H, H2, M, E, BITS, FROM, ONE)                                           \
  namespace warpsim::narrow {                                                                      \
  inline double val(H h) { return toDouble<M, E>(BITS(h)); }                                       \
  template <> inline H mk<H>(double d, Round r) { return FROM(fromDouble<M, E>(d, r)); }           \
  inline bool nan(H h) { return isNaN<M, E>(BITS(h)); }                                            \
  inline H sat(H h) {                                                                              \
    const double v = val(h);                                                                       \
    return nan(h) ? FROM(0) : v <= 0 ? FROM(0) : v > 1 ? FROM(ONE) : h;                            \
  }                                                                                                \
  } /* namespace warpsim::narrow */                                                                \
  inline H __hadd(H a, H b) {                                                                      \
    return warpsim::narrow::mk<H>(warpsim::narrow::val(a) + warpsim::narrow::val(b));              \
  }                                                                                                \
  inline H __hsub(H a, H b) {                                                                      \
    return warpsim::narrow::mk<H>(warpsim::narrow::val(a) - warpsim::narrow::val(b));              \
  }                                                                                                \
  inline H __hmul(H a, H b) {                                                                      \
    return warpsim::narrow::mk<H>(warpsim::narrow::val(a) * warpsim::narrow::val(b));              \
  }                                                                                                \
  inline H __hdiv(H a, H b) {                                                                      \
    return warpsim::narrow::mk<H>(warpsim::narrow::val(a) / warpsim::narrow::val(b));              \
  }                                                                                                \
  inline H __hadd_rn(H a, H b) { return __hadd(a, b); }                                            \
  inline H __hsub_rn(H a, H b) { return __hsub(a, b); }                                            \
  inline H __hmul_rn(H a, H b) { return __hmul(a, b); }                                            \
  inline H __hfma(H a, H b, H c) {                                                                 \
    using namespace warpsim::narrow;                                                               \
    return mk<H>(fmaToOdd(val(a), val(b), val(c)));                                                \
  }                                                                                                \
  inline H __hadd_sat(H a, H b) { return warpsim::narrow::sat(__hadd(a, b)); }                     \
  inline H __hsub_sat(H a, H b) { return warpsim::narrow::sat(__hsub(a, b)); }                     \
  inline H __hmul_sat(H a, H b) { return warpsim::narrow::sat(__hmul(a, b)); }                     \
  inline H __hfma_sat(H a, H b, H c) { return warpsim::narrow::sat(__hfma(a, b, c)); }             \
  inline H __hfma_relu(H a, H b, H c) {                                                            \
    const H r = __hfma(a, b, c);                                                                   \
    return warpsim::narrow::nan(r) || !(warpsim::narrow::val(r) < 0) ? r : FROM(0);                \
  }                                                                                                \
  inline H __hneg(H a) {                                                                           \
    return warpsim::narrow::nan(a) ? FROM(0x7fff) : FROM(BITS(a) ^ 0x8000u);                       \
  }                                                                                                \
  inline H __habs(H a) {                                                                           \
    return warpsim::narrow::nan(a) ? FROM(0x7fff) : FROM(BITS(a) & 0x7fffu);                       \
  }                                                                                                \
  inline bool __heq(H a, H b) { return warpsim::narrow::val(a) == warpsim::narrow::val(b); }       \
  inline bool __hne(H a, H b) {                                                                    \
    return !warpsim::narrow::nan(a) && !warpsim::narrow::nan(b) && !__heq(a, b);                   \
  }                                                                                                \
  inline bool __hlt(H a, H b) { return warpsim::narrow::val(a) < warpsim::narrow::val(b); }        \
  inline bool __hle(H a, H b) { return warpsim::narrow::val(a) <= warpsim::narrow::val(b); }       \
  inline bool __hgt(H a, H b) { return warpsim::narrow::val(a) > warpsim::narrow::val(b); }        \
  inline bool __hge(H a, H b) { return warpsim::narrow::val(a) >= warpsim::narrow::val(b); }       \
  inline bool __hequ(H a, H b) { return !__hne(a, b); }                                            \
  inline bool __hneu(H a, H b) { return !__heq(a, b); }                                            \
  inline bool __hltu(H a, H b) { return !__hge(a, b); }                                            \
  inline bool __hleu(H a, H b) { return !__hgt(a, b); }                                            \
  inline bool __hgtu(H a, H b) { return !__hle(a, b); }                                            \
  inline bool __hgeu(H a, H b) { return !__hlt(a, b); }                                            \
  inline bool __hisnan(H a) { return warpsim::narrow::nan(a); }                                    \
  inline int __hisinf(H a) {                                                                       \
    return (BITS(a) & 0x7fffu) == warpsim::narrow::Format<M, E>::kInf                              \
               ? (BITS(a) & 0x8000u ? -1 : 1)                                                      \
               : 0;                                                                                \
  }                                                                                                \
  /* max/min: a NaN operand gives the other; +0 is larger than -0. */                              \
  inline H __hmax(H a, H b) {                                                                      \
    using namespace warpsim::narrow;                                                               \
    if (nan(a) || nan(b))                                                                          \
      return nan(a) && nan(b) ? FROM(0x7fff) : nan(a) ? b : a;                                     \
    if (val(a) == val(b))                                                                          \
      return (BITS(a) & 0x8000u) ? b : a;                                                          \
    return val(a) > val(b) ? a : b;                                                                \
  }                                                                                                \
  inline H __hmin(H a, H b) {                                                                      \
    using namespace warpsim::narrow;                                                               \
    if (nan(a) || nan(b))                                                                          \
      return nan(a) && nan(b) ? FROM(0x7fff) : nan(a) ? b : a;                                     \
    if (val(a) == val(b))                                                                          \
      return (BITS(a) & 0x8000u) ? a : b;                                                          \
    return val(a) < val(b) ? a : b;                                                                \
  }                                                                                                \
  inline H __hmax_nan(H a, H b) {                                                                  \
    return warpsim::narrow::nan(a) || warpsim::narrow::nan(b) ? FROM(0x7fff) : __hmax(a, b);       \
  }                                                                                                \
  inline H __hmin_nan(H a, H b) {                                                                  \
    return warpsim::narrow::nan(a) || warpsim::narrow::nan(b) ? FROM(0x7fff) : __hmin(a, b);       \
  }                                                                                                \
  /* Math, correctly rounded from double. */                                                       \
  inline H hsqrt(H a) { return warpsim::narrow::mk<H>(std::sqrt(warpsim::narrow::val(a))); }       \
  inline H hrsqrt(H a) {                                                                           \
    return warpsim::narrow::mk<H>(1.0 / std::sqrt(warpsim::narrow::val(a)));                       \
  }                                                                                                \
  inline H hrcp(H a) { return warpsim::narrow::mk<H>(1.0 / warpsim::narrow::val(a)); }             \
  inline H hexp(H a) { return warpsim::narrow::mk<H>(std::exp(warpsim::narrow::val(a))); }         \
  inline H hexp2(H a) { return warpsim::narrow::mk<H>(std::exp2(warpsim::narrow::val(a))); }       \
  inline H hexp10(H a) { return warpsim::narrow::mk<H>(std::pow(10.0, warpsim::narrow::val(a))); } \
  inline H hlog(H a) { return warpsim::narrow::mk<H>(std::log(warpsim::narrow::val(a))); }         \
  inline H hlog2(H a) { return warpsim::narrow::mk<H>(std::log2(warpsim::narrow::val(a))); }       \
  inline H hlog10(H a) { return warpsim::narrow::mk<H>(std::log10(warpsim::narrow::val(a))); }     \
  inline H htanh(H a) { return warpsim::narrow::mk<H>(std::tanh(warpsim::narrow::val(a))); }       \
  inline H hfloor(H a) { return warpsim::narrow::mk<H>(std::floor(warpsim::narrow::val(a))); }     \
  inline H hceil(H a) { return warpsim::narrow::mk<H>(std::ceil(warpsim::narrow::val(a))); }       \
  inline H htrunc(H a) { return warpsim::narrow::mk<H>(std::trunc(warpsim::narrow::val(a))); }     \
  inline H hrint(H a) { return warpsim::narrow::mk<H>(std::nearbyint(warpsim::narrow::val(a))); }  \
  /* Pairs: each half on its own. */                                                               \
  inline H2 __hadd2(H2 a, H2 b) { return H2(__hadd(a.x, b.x), __hadd(a.y, b.y)); }                 \
  inline H2 __hsub2(H2 a, H2 b) { return H2(__hsub(a.x, b.x), __hsub(a.y, b.y)); }                 \
  inline H2 __hmul2(H2 a, H2 b) { return H2(__hmul(a.x, b.x), __hmul(a.y, b.y)); }                 \
  inline H2 __h2div(H2 a, H2 b) { return H2(__hdiv(a.x, b.x), __hdiv(a.y, b.y)); }                 \
  inline H2 __hadd2_rn(H2 a, H2 b) { return __hadd2(a, b); }                                       \
  inline H2 __hsub2_rn(H2 a, H2 b) { return __hsub2(a, b); }                                       \
  inline H2 __hmul2_rn(H2 a, H2 b) { return __hmul2(a, b); }                                       \
  inline H2 __hadd2_sat(H2 a, H2 b) { return H2(__hadd_sat(a.x, b.x), __hadd_sat(a.y, b.y)); }     \
  inline H2 __hsub2_sat(H2 a, H2 b) { return H2(__hsub_sat(a.x, b.x), __hsub_sat(a.y, b.y)); }     \
  inline H2 __hmul2_sat(H2 a, H2 b) { return H2(__hmul_sat(a.x, b.x), __hmul_sat(a.y, b.y)); }     \
  inline H2 __hfma2(H2 a, H2 b, H2 c) { return H2(__hfma(a.x, b.x, c.x), __hfma(a.y, b.y, c.y)); } \
  inline H2 __hfma2_sat(H2 a, H2 b, H2 c) {                                                        \
    return H2(__hfma_sat(a.x, b.x, c.x), __hfma_sat(a.y, b.y, c.y));                               \
  }                                                                                                \
  inline H2 __hfma2_relu(H2 a, H2 b, H2 c) {                                                       \
    return H2(__hfma_relu(a.x, b.x, c.x), __hfma_relu(a.y, b.y, c.y));                             \
  }                                                                                                \
  inline H2 __hneg2(H2 a) { return H2(__hneg(a.x), __hneg(a.y)); }                                 \
  inline H2 __habs2(H2 a) { return H2(__habs(a.x), __habs(a.y)); }                                 \
  inline H2 __hmax2(H2 a, H2 b) { return H2(__hmax(a.x, b.x), __hmax(a.y, b.y)); }                 \
  inline H2 __hmin2(H2 a, H2 b) { return H2(__hmin(a.x, b.x), __hmin(a.y, b.y)); }                 \
  inline H2 __hmax2_nan(H2 a, H2 b) { return H2(__hmax_nan(a.x, b.x), __hmax_nan(a.y, b.y)); }     \
  inline H2 __hmin2_nan(H2 a, H2 b) { return H2(__hmin_nan(a.x, b.x), __hmin_nan(a.y, b.y)); }     \
  inline H2 __hisnan2(H2 a) {                                                                      \
    return H2(FROM(__hisnan(a.x) ? ONE : 0), FROM(__hisnan(a.y) ? ONE : 0));                       \
  }                                                                                                \
  WARPSIM_NARROW_CMP2(H, H2, FROM, ONE, eq)                                                        \
  WARPSIM_NARROW_CMP2(H, H2, FROM, ONE, ne) WARPSIM_NARROW_CMP2(H, H2, FROM, ONE, lt)              \
      WARPSIM_NARROW_CMP2(H, H2, FROM, ONE, le) WARPSIM_NARROW_CMP2(H, H2, FROM, ONE, gt)          \
          WARPSIM_NARROW_CMP2(H, H2, FROM, ONE, ge) WARPSIM_NARROW_CMP2(H, H2, FROM, ONE, equ)     \
              WARPSIM_NARROW_CMP2(H, H2, FROM, ONE, neu)                                           \
                  WARPSIM_NARROW_CMP2(H, H2, FROM, ONE, ltu)                                       \
                      WARPSIM_NARROW_CMP2(H, H2, FROM, ONE, leu)                                   \
                          WARPSIM_NARROW_CMP2(H, H2, FROM, ONE, gtu)                               \
                              WARPSIM_NARROW_CMP2(H, H2, FROM, ONE, geu) inline H                  \
                              hsin(H a);                                                           \
  inline H hcos(H a);                                                                              \
  WARPSIM_NARROW_MATH2(H2, sqrt)                                                                   \
  WARPSIM_NARROW_MATH2(H2, rsqrt) WARPSIM_NARROW_MATH2(H2, rcp) WARPSIM_NARROW_MATH2(H2, exp)      \
      WARPSIM_NARROW_MATH2(H2, exp2) WARPSIM_NARROW_MATH2(H2, exp10) WARPSIM_NARROW_MATH2(H2, log) \
          WARPSIM_NARROW_MATH2(H2, log2) WARPSIM_NARROW_MATH2(H2, log10)                           \
              WARPSIM_NARROW_MATH2(H2, sin) WARPSIM_NARROW_MATH2(H2, cos)                          \
                  WARPSIM_NARROW_MATH2(H2, tanh) WARPSIM_NARROW_MATH2(H2, floor)                   \
                      WARPSIM_NARROW_MATH2(H2, ceil) WARPSIM_NARROW_MATH2(H2, trunc)               \
                          WARPSIM_NARROW_MATH2(                                                    \
                              H2, rint) /* C++ operators, as CUDA's headers define them. */        \
      inline H                                                                                     \
      operator+(const H &a, const H &b) {                                                          \
    return __hadd(a, b);                                                                           \
  }                                                                                                \
  inline H operator-(const H &a, const H &b) { return __hsub(a, b); }                              \
  inline H operator*(const H &a, const H &b) { return __hmul(a, b); }                              \
  inline H operator/(const H &a, const H &b) { return __hdiv(a, b); }                              \
  inline H &operator+=(H &a, const H &b) { return a = __hadd(a, b); }                              \
  inline H &operator-=(H &a, const H &b) { return a = __hsub(a, b); }                              \
  inline H &operator*=(H &a, const H &b) { return a = __hmul(a, b); }                              \
  inline H &operator/=(H &a, const H &b) { return a = __hdiv(a, b); }                              \
  inline H operator+(const H &a) { return a; }                                                     \
  inline H operator-(const H &a) { return __hneg(a); }                                             \
  inline H &operator++(H &a) { return a = __hadd(a, FROM(ONE)); }                                  \
  inline H &operator--(H &a) { return a = __hsub(a, FROM(ONE)); }                                  \
  inline H operator++(H &a, int) {                                                                 \
    H o = a;                                                                                       \
    ++a;                                                                                           \
    return o;                                                                                      \
  }                                                                                                \
  inline H operator--(H &a, int) {                                                                 \
    H o = a;                                                                                       \
    --a;                                                                                           \
    return o;                                                                                      \
  }                                                                                                \
  inline bool operator==(const H &a, const H &b) { return __heq(a, b); }                           \
  inline bool operator!=(const H &a, const H &b) { return __hneu(a, b); }                          \
  inline bool operator<(const H &a, const H &b) { return __hlt(a, b); }                            \
  inline bool operator<=(const H &a, const H &b) { return __hle(a, b); }                           \
  inline bool operator>(const H &a, const H &b) { return __hgt(a, b); }                            \
  inline bool operator>=(const H &a, const H &b) { return __hge(a, b); }                           \
  inline H2 operator+(const H2 &a, const H2 &b) { return __hadd2(a, b); }                          \
  inline H2 operator-(const H2 &a, const H2 &b) { return __hsub2(a, b); }                          \
  inline H2 operator*(const H2 &a, const H2 &b) { return __hmul2(a, b); }                          \
  inline H2 operator/(const H2 &a, const H2 &b) { return __h2div(a, b); }                          \
  inline H2 &operator+=(H2 &a, const H2 &b) { return a = __hadd2(a, b); }                          \
  inline H2 &operator-=(H2 &a, const H2 &b) { return a = __hsub2(a, b); }                          \
  inline H2 &operator*=(H2 &a, const H2 &b) { return a = __hmul2(a, b); }                          \
  inline H2 &operator/=(H2 &a, const H2 &b) { return a = __h2div(a, b); }                          \
  inline H2 operator+(const H2 &a) { return a; }                                                   \
  inline H2 operator-(const H2 &a) { return __hneg2(a); }                                          \
  inline bool operator==(const H2 &a, const H2 &b) { return __hbeq2(a, b); }                       \
  inline bool operator!=(const H2 &a, const H2 &b) { return __hbneu2(a, b); }                      \
  inline bool operator<(const H2 &a, const H2 &b) { return __hblt2(a, b); }                        \
  inline bool operator<=(const H2 &a, const H2 &b) { return __hble2(a, b); }                       \
  inline bool operator>(const H2 &a, const H2 &b) { return __hbgt2(a, b); }                        \
  inline bool operator>=(const H2 &a, const H2 &b) { return __hbge2(a, b); }                       \
  /* Shuffles move the bits through warpsim's 32-bit shuffles, as CUDA's do. */                    \
  WARPSIM_NARROW_SHFL(H, __shfl_sync, int, (unsigned)BITS(var), FROM((unsigned short)r))           \
  WARPSIM_NARROW_SHFL(H, __shfl_up_sync, unsigned int, (unsigned)BITS(var),                        \
                      FROM((unsigned short)r))                                                     \
  WARPSIM_NARROW_SHFL(H, __shfl_down_sync, unsigned int, (unsigned)BITS(var),                      \
                      FROM((unsigned short)r))                                                     \
  WARPSIM_NARROW_SHFL(H, __shfl_xor_sync, int, (unsigned)BITS(var), FROM((unsigned short)r))       \
  WARPSIM_NARROW_SHFL(H2, __shfl_sync, int, BITS(var.x) | (unsigned)BITS(var.y) << 16,             \
                      H2(FROM((unsigned short)r), FROM((unsigned short)(r >> 16))))                \
  WARPSIM_NARROW_SHFL(H2, __shfl_up_sync, unsigned int, BITS(var.x) | (unsigned)BITS(var.y) << 16, \
                      H2(FROM((unsigned short)r), FROM((unsigned short)(r >> 16))))                \
  WARPSIM_NARROW_SHFL(H2, __shfl_down_sync, unsigned int,                                          \
                      BITS(var.x) | (unsigned)BITS(var.y) << 16,                                   \
                      H2(FROM((unsigned short)r), FROM((unsigned short)(r >> 16))))                \
  WARPSIM_NARROW_SHFL(H2, __shfl_xor_sync, int, BITS(var.x) | (unsigned)BITS(var.y) << 16,         \
                      H2(FROM((unsigned short)r), FROM((unsigned short)(r >> 16))))                \
  /* Atomics: one read-modify-write event each (defined in libwarpsim). */                         \
  H atomicAdd(H *address, H val);                                                                  \
  H2 atomicAdd(H2 *address, H2 val);

#define WARPSIM_NARROW_CMP2(H, H2, FROM, ONE, OP)                                                  \
  inline H2 __h##OP##2(H2 a, H2 b) {                                                               \
    return H2(FROM(__h##OP(a.x, b.x) ? ONE : 0), FROM(__h##OP(a.y, b.y) ? ONE : 0));               \
  }                                                                                                \
  inline unsigned __h##OP##2_mask(H2 a, H2 b) {                                                    \
    return (__h##OP(a.x, b.x) ? 0xffffu : 0u) | (__h##OP(a.y, b.y) ? 0xffff0000u : 0u);            \
  }                                                                                                \
  inline bool __hb##OP##2(H2 a, H2 b) { return __h##OP(a.x, b.x) && __h##OP(a.y, b.y); }

#define WARPSIM_NARROW_MATH2(H2, F)                                                                \
  inline H2 h2##F(H2 a) { return H2(h##F(a.x), h##F(a.y)); }

#define WARPSIM_NARROW_SHFL(T, NAME, ARG, TO_U, FROM_U)                                            \
  __attribute__((always_inline)) inline T NAME(unsigned long long mask, T var, ARG arg,            \
                                               int width = warpSize) {                             \
    const unsigned r = NAME(mask, (unsigned)(TO_U), arg, width);                                   \
    return FROM_U;                                                                                 \
  }
