// Unit tests for warpsim's CUDA device math API (warpsim/device_math.h,
// math_constants.h) and the runtime's error strings. Expected values are
// worked out by hand from CUDA's documented semantics.
#include <doctest/doctest.h>

#include <algorithm>
#include <cfloat>
#include <climits>
#include <cmath>
#include <cstring>
#include <random>
#include <type_traits>

#include "math_constants.h"
#include "warpsim/cuda_types.h"
#include "warpsim/device_math.h"

// Declared here rather than through cuda_runtime.h, whose other declarations
// this test does not need.
extern "C" const char *cudaGetErrorString(cudaError_t error);
extern "C" const char *cudaGetErrorName(cudaError_t error);

namespace {
unsigned bits(float f) { return __float_as_uint(f); }
float up(float f) { return std::nextafter(f, INFINITY); }
float down(float f) { return std::nextafter(f, -INFINITY); }
double upd(double d) { return std::nextafter(d, INFINITY); }
double downd(double d) { return std::nextafter(d, -INFINITY); }
const float fnan = std::numeric_limits<float>::quiet_NaN();
const double dnan = std::numeric_limits<double>::quiet_NaN();

// The four roundings of one exact value: rd <= exact <= ru at most one step
// apart, rz the one nearer zero, rn one of the two.
template <class T> void check_family(T rn, T rz, T ru, T rd) {
  CHECK(rd <= ru);
  CHECK((rd == ru || std::nextafter(rd, T(INFINITY)) == ru));
  CHECK((rn == rd || rn == ru));
  CHECK(rz == (rd >= 0 ? rd : ru));
}
} // namespace

TEST_CASE("integer bit intrinsics on edge values") {
  CHECK(__popc(0u) == 0);
  CHECK(__popc(1u) == 1);
  CHECK(__popc(0x80000000u) == 1);
  CHECK(__popc(0xffffffffu) == 32);
  CHECK(__popcll(~0ull) == 64);
  CHECK(__popcll(0x8000000000000001ull) == 2);

  CHECK(__clz(0) == 32);
  CHECK(__clz(1) == 31);
  CHECK(__clz(static_cast<int>(0x80000000u)) == 0);
  CHECK(__clz(-1) == 0);
  CHECK(__clzll(0) == 64);
  CHECK(__clzll(1) == 63);
  CHECK(__clzll(LLONG_MIN) == 0);

  CHECK(__ffs(0) == 0);
  CHECK(__ffs(1) == 1);
  CHECK(__ffs(8) == 4);
  CHECK(__ffs(static_cast<int>(0x80000000u)) == 32);
  CHECK(__ffs(-1) == 1);
  CHECK(__ffsll(0) == 0);
  CHECK(__ffsll(1ll << 40) == 41);
  CHECK(__ffsll(LLONG_MIN) == 64);

  CHECK(__brev(0u) == 0u);
  CHECK(__brev(1u) == 0x80000000u);
  CHECK(__brev(0x80000000u) == 1u);
  CHECK(__brev(0xffffffffu) == 0xffffffffu);
  CHECK(__brev(0x12345678u) == 0x1e6a2c48u);
  CHECK(__brevll(1ull) == 0x8000000000000000ull);
  CHECK(__brevll(0x00000000ffffffffull) == 0xffffffff00000000ull);

  // Usable in constant expressions, like the CUDA built-ins they replace.
  static_assert(__popc(0xf0f0u) == 8 && __clz(0) == 32 && __ffs(0) == 0);
}

TEST_CASE("__byte_perm") {
  const unsigned x = 0x03020100u, y = 0x07060504u; // byte i holds i
  CHECK(__byte_perm(x, y, 0x3210) == x);
  CHECK(__byte_perm(x, y, 0x7654) == y);
  CHECK(__byte_perm(x, y, 0x0123) == 0x00010203u); // byte swap of x
  CHECK(__byte_perm(x, y, 0x5140) == 0x05010400u); // interleave low halves
  CHECK(__byte_perm(x, y, 0x7777) == 0x07070707u); // broadcast
  // Only s<2:0>, s<6:4>, s<10:8>, s<14:12> are used.
  CHECK(__byte_perm(x, y, 0xffff3210) == x);
  CHECK(__byte_perm(x, y, 0xbbbb) == 0x03030303u);
  CHECK(__byte_perm(0x11223344u, 0, 0x0123) == 0x44332211u);
}

TEST_CASE("funnel shifts") {
  // {hi, lo} = 0x00000001'80000000
  CHECK(__funnelshift_l(0x80000000u, 1u, 1) == 3u);
  CHECK(__funnelshift_l(0x80000000u, 1u, 33) == 3u); // shift mod 32
  CHECK(__funnelshift_l(0x80000000u, 1u, 0) == 1u);
  CHECK(__funnelshift_lc(0x80000000u, 1u, 33) == 0x80000000u); // clamp: lo
  CHECK(__funnelshift_lc(0x80000000u, 1u, 1) == 3u);
  // {hi, lo} = 0x00000003'00000001
  CHECK(__funnelshift_r(1u, 3u, 1) == 0x80000000u);
  CHECK(__funnelshift_r(1u, 3u, 32) == 1u);  // shift mod 32 = 0
  CHECK(__funnelshift_rc(1u, 3u, 40) == 3u); // clamp: hi
  CHECK(__funnelshift_rc(1u, 3u, 4) == 0x30000000u);
  // A rotate is a funnel shift of a word with itself.
  CHECK(__funnelshift_l(0x80000001u, 0x80000001u, 4) == 0x00000018u);
}

TEST_CASE("multiply-high, 24-bit multiply, sad, halving add, dp4a") {
  CHECK(__mulhi(0x40000000, 4) == 1);
  CHECK(__mulhi(-1, 1) == -1);
  CHECK(__mulhi(INT_MIN, INT_MIN) == 0x40000000);
  CHECK(__umulhi(0xffffffffu, 0xffffffffu) == 0xfffffffeu);
  CHECK(__mul64hi(-1, 1) == -1);
  CHECK(__mul64hi(LLONG_MIN, 2) == -1);
  CHECK(__umul64hi(~0ull, ~0ull) == 0xfffffffffffffffeull);
  CHECK(__umul64hi(1ull << 63, 4) == 2ull);

  CHECK(__mul24(0x01000003, 5) == 15);        // bits above 24 ignored
  CHECK(__mul24(0x00800000, 2) == -16777216); // bit 23 is the sign
  CHECK(__umul24(0xff000003u, 5u) == 15u);
  CHECK(__umul24(0xffffffu, 0xffffffu) == 0xfe000001u); // low 32 bits

  CHECK(__sad(-5, 10, 1u) == 16u);
  CHECK(__sad(INT_MIN, INT_MAX, 0u) == 0xffffffffu);
  CHECK(__usad(3u, 10u, 2u) == 9u);
  CHECK(__usad(10u, 3u, 2u) == 9u);

  CHECK(__hadd(INT_MAX, INT_MAX) == INT_MAX); // no intermediate overflow
  CHECK(__hadd(-3, 0) == -2);                 // floor(-1.5)
  CHECK(__rhadd(-3, 0) == -1);
  CHECK(__rhadd(1, 2) == 2);
  CHECK(__uhadd(0xffffffffu, 1u) == 0x80000000u);
  CHECK(__urhadd(0xffffffffu, 0xffffffffu) == 0xffffffffu);

  CHECK(__dp4a(0x01020304, 0x01010101, 10) == 20);
  CHECK(__dp4a(static_cast<int>(0xff020304u), 0x01010101, 0) == 8); // -1+2+3+4
  CHECK(__dp4a(0xff020304u, 0x01010101u, 0u) == 264u);              // 255+9
  CHECK(__dp4a(make_char4(-1, 2, 3, 4), make_char4(1, 1, 1, 1), 0) == 8);
}

TEST_CASE("bit reinterpretation") {
  CHECK(__float_as_int(1.0f) == 0x3f800000);
  CHECK(__int_as_float(0x3f800000) == 1.0f);
  CHECK(__float_as_uint(-0.0f) == 0x80000000u);
  CHECK(__uint_as_float(0x7f800000u) == INFINITY);
  CHECK(__double_as_longlong(1.0) == 0x3ff0000000000000ll);
  CHECK(__longlong_as_double(0x4000000000000000ll) == 2.0);
  CHECK(__double2hiint(1.0) == 0x3ff00000);
  CHECK(__double2loint(1.0) == 0);
  CHECK(__double2hiint(-2.0) == static_cast<int>(0xc0000000u));
  CHECK(__hiloint2double(0x3ff00000, 0) == 1.0);
  CHECK(std::isnan(__hiloint2double(-1, -1)));
  std::mt19937_64 rng(1);
  for (int i = 0; i < 1000; ++i) {
    unsigned long long v = rng();
    double d = __longlong_as_double(static_cast<long long>(v));
    CHECK(static_cast<unsigned long long>(__double_as_longlong(d)) == v);
    CHECK(__double_as_longlong(__hiloint2double(__double2hiint(d), __double2loint(d))) ==
          static_cast<long long>(v));
    unsigned u = static_cast<unsigned>(v);
    CHECK(__float_as_uint(__uint_as_float(u)) == u);
    CHECK(__float_as_int(__int_as_float(static_cast<int>(u))) == static_cast<int>(u));
  }
}

TEST_CASE("float-to-integer conversions: rounding and saturation") {
  CHECK(__float2int_rn(2.5f) == 2); // ties to even
  CHECK(__float2int_rn(3.5f) == 4);
  CHECK(__float2int_rn(-2.5f) == -2);
  CHECK(__float2int_rz(-2.7f) == -2);
  CHECK(__float2int_ru(2.1f) == 3);
  CHECK(__float2int_rd(-2.1f) == -3);
  CHECK(__float2int_rn(1e10f) == INT_MAX);
  CHECK(__float2int_rn(-1e10f) == INT_MIN);
  CHECK(__float2int_rn(fnan) == 0);
  CHECK(__float2int_rz(-2147483648.0f) == INT_MIN);
  CHECK(__float2uint_rn(-1.0f) == 0u);
  CHECK(__float2uint_rz(4294967296.0f) == UINT_MAX);
  CHECK(__float2uint_ru(0.1f) == 1u);
  CHECK(__float2ll_rn(1e19f) == LLONG_MAX);
  CHECK(__float2ll_rd(-0.5f) == -1);
  CHECK(__float2ull_rn(2e19f) == ULLONG_MAX);
  CHECK(__double2int_rn(-1e300) == INT_MIN);
  CHECK(__double2int_rn(0.5) == 0);
  CHECK(__double2int_rn(1.5) == 2);
  CHECK(__double2uint_ru(4294967294.5) == 4294967295u);
  CHECK(__double2ll_rz(-9.9) == -9);
  CHECK(__double2ull_rd(1e30) == ULLONG_MAX);
  CHECK(__double2ll_rn(dnan) == 0);
}

TEST_CASE("integer-to-float and double-to-float conversions") {
  // 2^24 + 1 lies halfway between two floats.
  CHECK(__int2float_rn(16777217) == 16777216.0f);
  CHECK(__int2float_rz(16777217) == 16777216.0f);
  CHECK(__int2float_ru(16777217) == 16777218.0f);
  CHECK(__int2float_rd(16777217) == 16777216.0f);
  CHECK(__int2float_rz(-16777217) == -16777216.0f);
  CHECK(__int2float_rd(-16777217) == -16777218.0f);
  CHECK(__int2float_ru(3) == 3.0f); // exact stays put
  CHECK(__uint2float_rn(0xffffffffu) == 4294967296.0f);
  CHECK(__uint2float_rz(0xffffffffu) == 4294967040.0f);
  CHECK(__ull2float_rn(~0ull) == 18446744073709551616.0f);
  CHECK(__ull2float_rz(~0ull) == 18446742974197923840.0f); // 2^64 - 2^40
  // -2^63 + 1 lies between -2^63 and -(2^63 - 2^39).
  CHECK(__ll2float_ru(LLONG_MIN + 1) == -9223371487098961920.0f);
  CHECK(__ll2float_rd(LLONG_MIN + 1) == -9223372036854775808.0f);
  CHECK(__ll2float_rz(LLONG_MIN + 1) == -9223371487098961920.0f);
  CHECK(__ll2double_ru((1ll << 53) + 1) == 9007199254740994.0);
  CHECK(__ull2double_rd((1ull << 53) + 1) == 9007199254740992.0);
  CHECK(__int2double_rn(INT_MIN) == -2147483648.0);
  CHECK(__uint2double_rn(UINT_MAX) == 4294967295.0);

  const double x = 1.0 + std::ldexp(1.0, -30);
  CHECK(__double2float_rn(x) == 1.0f);
  CHECK(__double2float_rz(x) == 1.0f);
  CHECK(__double2float_ru(x) == up(1.0f));
  CHECK(__double2float_rd(-x) == down(-1.0f));
  CHECK(__double2float_rn(1e300) == INFINITY);
  CHECK(__double2float_rz(1e300) == FLT_MAX);
  CHECK(__double2float_rd(1e300) == FLT_MAX);
  CHECK(__double2float_ru(-1e300) == -FLT_MAX);
  CHECK(__double2float_rd(-1e300) == -INFINITY);
  CHECK(__double2float_ru(1e-300) == std::numeric_limits<float>::denorm_min());
  CHECK(__double2float_rz(INFINITY) == INFINITY);
  CHECK(std::isnan(__double2float_ru(dnan)));
}

TEST_CASE("single precision arithmetic in each rounding mode") {
  const float tiny = std::ldexp(1.0f, -30);
  CHECK(__fadd_rn(1.0f, tiny) == 1.0f);
  CHECK(__fadd_rz(1.0f, tiny) == 1.0f);
  CHECK(__fadd_ru(1.0f, tiny) == up(1.0f));
  CHECK(__fadd_rd(1.0f, -tiny) == down(1.0f));
  CHECK(__fadd_rz(1.0f, -tiny) == down(1.0f));
  CHECK(__fadd_ru(1e30f, 1e-30f) == up(1e30f)); // far-apart exponents
  CHECK(__fsub_ru(1.0f, tiny) == 1.0f);
  CHECK(__fsub_rd(1.0f, tiny) == down(1.0f));
  CHECK(__fmul_rn(FLT_MAX, 2.0f) == INFINITY);
  CHECK(__fmul_rz(FLT_MAX, 2.0f) == FLT_MAX);
  CHECK(__fmul_ru(FLT_MAX, 2.0f) == INFINITY);
  CHECK(__fmul_rd(-FLT_MAX, 2.0f) == -INFINITY);
  CHECK(__fmul_ru(-FLT_MAX, 2.0f) == -FLT_MAX);
  // 1/3 = 0x3eaaaaab when rounded to nearest (rounded up).
  CHECK(bits(__fdiv_rn(1.0f, 3.0f)) == 0x3eaaaaabu);
  CHECK(bits(__fdiv_ru(1.0f, 3.0f)) == 0x3eaaaaabu);
  CHECK(bits(__fdiv_rz(1.0f, 3.0f)) == 0x3eaaaaaau);
  CHECK(bits(__fdiv_rd(1.0f, 3.0f)) == 0x3eaaaaaau);
  CHECK(bits(__frcp_rz(3.0f)) == 0x3eaaaaaau);
  CHECK(bits(__frcp_rn(3.0f)) == 0x3eaaaaabu);
  CHECK(__frcp_rn(0.0f) == INFINITY);
  // sqrt(2) = 0x3fb504f3 to nearest, which lies below sqrt(2).
  CHECK(bits(__fsqrt_rn(2.0f)) == 0x3fb504f3u);
  CHECK(bits(__fsqrt_rd(2.0f)) == 0x3fb504f3u);
  CHECK(bits(__fsqrt_ru(2.0f)) == 0x3fb504f4u);
  CHECK(__fsqrt_ru(4.0f) == 2.0f);
  CHECK(std::isnan(__fsqrt_rn(-1.0f)));
  CHECK(__fmaf_rn(2.0f, 3.0f, 1.0f) == 7.0f);
  CHECK(__fmaf_ru(1.0f, 1.0f, tiny) == up(1.0f));
  CHECK(__fmaf_rz(-1.0f, 1.0f, -tiny) == -1.0f);
  CHECK(__fmaf_rd(-1.0f, 1.0f, -tiny) == down(-1.0f));

  // Random operands whose exact results fit in a double.
  std::mt19937 rng(7);
  std::uniform_real_distribution<float> dist(1.0f, 2.0f);
  for (int i = 0; i < 20000; ++i) {
    float a = dist(rng), b = dist(rng), c = dist(rng);
    if (i & 1)
      b = -b;
    double p = double(a) * b, s = double(a) + b, f = double(a) * b + c;
    float rd = __fmul_rd(a, b), ru = __fmul_ru(a, b);
    CHECK((rd <= p && p <= ru));
    check_family(__fmul_rn(a, b), __fmul_rz(a, b), ru, rd);
    rd = __fadd_rd(a, b), ru = __fadd_ru(a, b);
    CHECK((rd <= s && s <= ru));
    check_family(__fadd_rn(a, b), __fadd_rz(a, b), ru, rd);
    rd = __fmaf_rd(a, b, c), ru = __fmaf_ru(a, b, c);
    CHECK((rd <= f && f <= ru));
    check_family(__fmaf_rn(a, b, c), __fmaf_rz(a, b, c), ru, rd);
    check_family(__fdiv_rn(a, b), __fdiv_rz(a, b), __fdiv_ru(a, b), __fdiv_rd(a, b));
    check_family(__fsqrt_rn(a), __fsqrt_rz(a), __fsqrt_ru(a), __fsqrt_rd(a));
  }
}

TEST_CASE("double precision arithmetic in each rounding mode") {
  const double tiny = std::ldexp(1.0, -60);
  CHECK(__dadd_rn(1.0, tiny) == 1.0);
  CHECK(__dadd_ru(1.0, tiny) == upd(1.0));
  CHECK(__dadd_rz(1.0, -tiny) == downd(1.0));
  CHECK(__dsub_rd(1.0, tiny) == downd(1.0));
  CHECK(__dadd_rz(DBL_MAX, DBL_MAX) == DBL_MAX);
  CHECK(__dadd_ru(DBL_MAX, DBL_MAX) == INFINITY);
  const double e = 1.0 + DBL_EPSILON; // e*e = 1 + 2^-51 + 2^-104
  CHECK(__dmul_rn(e, e) == 1.0 + 2 * DBL_EPSILON);
  CHECK(__dmul_ru(e, e) == 1.0 + 3 * DBL_EPSILON);
  CHECK(__dmul_rd(e, e) == 1.0 + 2 * DBL_EPSILON);
  CHECK(__dmul_rz(DBL_MAX, 2.0) == DBL_MAX);
  // 1/3 to nearest is 0x3fd5555555555555, below 1/3.
  CHECK(__double_as_longlong(__ddiv_rn(1.0, 3.0)) == 0x3fd5555555555555ll);
  CHECK(__double_as_longlong(__ddiv_ru(1.0, 3.0)) == 0x3fd5555555555556ll);
  CHECK(__double_as_longlong(__ddiv_rz(1.0, 3.0)) == 0x3fd5555555555555ll);
  CHECK(__double_as_longlong(__drcp_ru(-3.0)) == __double_as_longlong(-1.0 / 3));
  CHECK(__drcp_rd(-3.0) == downd(-1.0 / 3));
  CHECK(__drcp_rn(4.0) == 0.25);
  // sqrt(2) to nearest is 0x3ff6a09e667f3bcd, above sqrt(2).
  CHECK(__dsqrt_rn(2.0) == std::sqrt(2.0));
  CHECK(__dsqrt_ru(2.0) == std::sqrt(2.0));
  CHECK(__dsqrt_rd(2.0) == downd(std::sqrt(2.0)));
  CHECK(__dsqrt_rz(9.0) == 3.0);
  CHECK(__fma_rn(2.0, 3.0, 1.0) == 7.0);

  std::mt19937_64 rng(11);
  std::uniform_real_distribution<double> dist(-4.0, 4.0);
  for (int i = 0; i < 20000; ++i) {
    double a = dist(rng), b = std::ldexp(dist(rng), i % 80 - 40);
    check_family(__dadd_rn(a, b), __dadd_rz(a, b), __dadd_ru(a, b), __dadd_rd(a, b));
    check_family(__dmul_rn(a, b), __dmul_rz(a, b), __dmul_ru(a, b), __dmul_rd(a, b));
    check_family(__ddiv_rn(a, b), __ddiv_rz(a, b), __ddiv_ru(a, b), __ddiv_rd(a, b));
    double m = std::fabs(a);
    check_family(__dsqrt_rn(m), __dsqrt_rz(m), __dsqrt_ru(m), __dsqrt_rd(m));
  }
}

TEST_CASE("rsqrt and the other reciprocal functions") {
  CHECK(rsqrtf(4.0f) == 0.5f);
  CHECK(rsqrtf(0.25f) == 2.0f);
  CHECK(rsqrtf(0.0f) == INFINITY);
  CHECK(rsqrtf(-0.0f) == -INFINITY);
  CHECK(rsqrtf(INFINITY) == 0.0f);
  CHECK(std::isnan(rsqrtf(-1.0f)));
  CHECK(rsqrt(16.0) == 0.25);
  CHECK(__frsqrt_rn(4.0f) == 0.5f);
  // Correct rounding, against a long double reference.
  std::mt19937 rng(3);
  for (int i = 0; i < 20000; ++i) {
    float x = __uint_as_float(rng() % 0x7f800000u + 1); // positive, finite
    float ref = static_cast<float>(1.0L / std::sqrt(static_cast<long double>(x)));
    CHECK(bits(__frsqrt_rn(x)) == bits(ref));
  }
  // Every 509th positive float, against the exact test of which side of the
  // midpoints to its neighbours 1/sqrt(x) lies (the result's rounding is
  // decided from a double estimate except near a midpoint).
  int wrong = 0;
  for (unsigned u = 1; u < 0x7f800000u; u += 509) {
    const float x = __uint_as_float(u), r = __frsqrt_rn(x);
    const double lo = (double(r) + double(std::nextafter(r, 0.0f))) / 2;
    const double hi = (double(r) + double(std::nextafter(r, INFINITY))) / 2;
    wrong += warpsim::math_detail::rsqrt_above(lo, x) || !warpsim::math_detail::rsqrt_above(hi, x);
  }
  CHECK(wrong == 0);
  CHECK(rcbrtf(8.0f) == 0.5f);
  CHECK(rcbrt(-27.0) == doctest::Approx(-1.0 / 3));
  CHECK(rcbrtf(-0.0f) == -INFINITY);
  CHECK(rhypotf(3.0f, 4.0f) == 0.2f);
  CHECK(rhypot(3.0, 4.0) == 0.2);
}

TEST_CASE("trigonometric and exponential extras") {
  float s = 0, c = 0;
  sincosf(0.5f, &s, &c);
  CHECK(s == std::sin(0.5f));
  CHECK(c == std::cos(0.5f));
  __sincosf(0.5f, &s, &c);
  CHECK(s == doctest::Approx(std::sin(0.5f)));
  CHECK(c == doctest::Approx(std::cos(0.5f)));
  double ds = 0, dc = 0;
  sincos(1.0, &ds, &dc);
  CHECK(ds == std::sin(1.0));
  CHECK(dc == std::cos(1.0));

  CHECK(sinpif(0.5f) == 1.0f);
  CHECK(sinpif(1.0f) == 0.0f);
  CHECK(!std::signbit(sinpif(1.0f)));
  CHECK(std::signbit(sinpif(-1.0f)));
  CHECK(std::signbit(sinpif(-0.0f)));
  CHECK(sinpif(-1.5f) == 1.0f);
  CHECK(cospif(0.5f) == 0.0f);
  CHECK(!std::signbit(cospif(0.5f)));
  CHECK(cospif(1.0f) == -1.0f);
  CHECK(cospif(1e7f) == 1.0f); // exact reduction of large even integers
  CHECK(sinpi(1.0 / 6) == doctest::Approx(0.5).epsilon(1e-15));
  CHECK(cospi(1.0 / 3) == doctest::Approx(0.5).epsilon(1e-15));
  CHECK(sinpi(0.25) == doctest::Approx(std::sqrt(0.5)).epsilon(1e-15));
  CHECK(std::isnan(sinpi(INFINITY)));
  sincospif(0.5f, &s, &c);
  CHECK((s == 1.0f && c == 0.0f));
  sincospi(1.0, &ds, &dc);
  CHECK((ds == 0.0 && dc == -1.0));

  CHECK(exp10f(2.0f) == 100.0f);
  // The SFU formula ex2(x * log2 10) rounds the product first, as the GPU does:
  // 10^2 comes out one float step below 100 there too.
  CHECK(__exp10f(2.0f) == std::exp2(2.0f * 3.32192802f));
  CHECK(__exp10f(2.0f) == doctest::Approx(100.0f).epsilon(1e-6));
  CHECK(__expf(10.0f) == std::exp2(10.0f * 1.44269504f));
  CHECK(__fdividef(1.0f, 3.0f) == 1.0f * (1.0f / 3.0f));
  CHECK(exp10(-1.0) == doctest::Approx(0.1).epsilon(1e-15));
  CHECK(__expf(1.0f) == doctest::Approx(2.718281828f));
  CHECK(__logf(1.0f) == 0.0f);
  CHECK(__log2f(8.0f) == 3.0f);
  CHECK(__log10f(1000.0f) == doctest::Approx(3.0f));
  CHECK(__sinf(0.0f) == 0.0f);
  CHECK(__cosf(0.0f) == 1.0f);
  CHECK(__tanf(0.5f) == doctest::Approx(std::tan(0.5f)));
  CHECK(__powf(2.0f, 10.0f) == 1024.0f);
  CHECK(__fdividef(1.0f, 4.0f) == 0.25f);
  CHECK(fdividef(3.0f, 2.0f) == 1.5f);
}

TEST_CASE("__saturatef") {
  CHECK(__saturatef(fnan) == 0.0f);
  CHECK(__saturatef(-1.0f) == 0.0f);
  CHECK(__saturatef(2.0f) == 1.0f);
  CHECK(__saturatef(0.5f) == 0.5f);
  CHECK(__saturatef(INFINITY) == 1.0f);
  CHECK(__saturatef(-INFINITY) == 0.0f);
  CHECK(saturate(1.5f) == 1.0f);
}

TEST_CASE("error functions, normal distribution, Bessel") {
  // Beyond |x| ~ 3, erf(x) rounds away too much of its tail to invert.
  for (double x : {-3.0, -0.9, -0.1, 0.0, 0.3, 0.45, 1.0, 2.5}) {
    CAPTURE(x);
    CHECK(erfinv(std::erf(x)) == doctest::Approx(x).epsilon(1e-13));
  }
  for (double x : {-2.0, 0.1, 0.5, 1.0, 3.0, 10.0, 20.0, 26.0}) {
    CAPTURE(x);
    CHECK(erfcinv(std::erfc(x)) == doctest::Approx(x).epsilon(1e-13));
    CHECK(normcdfinv(normcdf(-x)) == doctest::Approx(-x).epsilon(1e-12));
  }
  CHECK(erfinv(0.0) == 0.0);
  CHECK(erfinv(1.0) == INFINITY);
  CHECK(erfinv(-1.0) == -INFINITY);
  CHECK(std::isnan(erfinv(1.5)));
  CHECK(std::isnan(erfinv(dnan)));
  CHECK(erfcinv(0.0) == INFINITY);
  CHECK(erfcinv(2.0) == -INFINITY);
  CHECK(erfcinv(1.0) == 0.0);
  CHECK(erfinvf(0.5f) == doctest::Approx(0.4769362762f));
  CHECK(erfcinvf(1e-30f) == doctest::Approx(8.1486162f));
  CHECK(erfcinv(1e-300) == doctest::Approx(26.209469960516124).epsilon(1e-13));
  CHECK(normcdf(0.0) == 0.5);
  CHECK(normcdff(1.0f) == doctest::Approx(0.8413447461f));
  CHECK(normcdfinvf(0.975f) == doctest::Approx(1.959963985f));
  CHECK(normcdfinv(0.0) == -INFINITY);
  CHECK(erfcx(0.0) == 1.0);
  const long double five = 5;
  CHECK(
      erfcx(5.0) ==
      doctest::Approx(static_cast<double>(std::exp(five * five) * std::erfc(five))).epsilon(1e-14));
  // Both sides of the switch to the asymptotic series agree.
  CHECK(erfcx(26.0) == doctest::Approx(erfcx(std::nextafter(26.0, 0.0))).epsilon(1e-14));
  CHECK(erfcx(1e10) == doctest::Approx(1 / (1e10 * std::sqrt(M_PI))));
  CHECK(erfcxf(0.0f) == 1.0f);
  CHECK(cyl_bessel_i0(0.0) == 1.0);
  CHECK(cyl_bessel_i0(-1.0) == doctest::Approx(1.2660658777520082));
  CHECK(cyl_bessel_i1(-1.0) == doctest::Approx(-0.5651591039924851));
  CHECK(cyl_bessel_i0f(1.0f) == doctest::Approx(1.2660658f));
  CHECK(cyl_bessel_i1f(0.0f) == 0.0f);
}

TEST_CASE("norms") {
  CHECK(norm3df(3.0f, 4.0f, 12.0f) == 13.0f);
  CHECK(rnorm3df(3.0f, 4.0f, 12.0f) == 1.0f / 13.0f);
  CHECK(norm4df(1.0f, 1.0f, 1.0f, 1.0f) == 2.0f);
  CHECK(rnorm4df(2.0f, 2.0f, 2.0f, 2.0f) == 0.25f);
  CHECK(norm3df(3e30f, 4e30f, 0.0f) == 5e30f); // no overflow
  CHECK(norm3d(3.0, 4.0, 12.0) == 13.0);
  CHECK(norm3d(1e300, 1e300, 0.0) == doctest::Approx(std::sqrt(2.0) * 1e300));
  CHECK(norm3d(3e-320, 4e-320, 0.0) == doctest::Approx(5e-320));
  CHECK(norm4d(1.0, 1.0, 1.0, 1.0) == 2.0);
  CHECK(rnorm3d(0.0, 0.0, 0.0) == INFINITY);
  CHECK(rnorm4d(2.0, 2.0, 2.0, 2.0) == 0.25);
  CHECK(norm3d(INFINITY, dnan, 0.0) == INFINITY); // inf wins over NaN
  CHECK(std::isnan(norm3d(1.0, dnan, 0.0)));
  CHECK(norm4df(fnan, 0.0f, -INFINITY, 1.0f) == INFINITY);
  const float fa[5] = {1, 1, 1, 1, 0};
  const double da[2] = {3, 4};
  CHECK(normf(5, fa) == 2.0f);
  CHECK(rnormf(4, fa) == 0.5f);
  CHECK(norm(2, da) == 5.0);
  CHECK(rnorm(2, da) == 0.2);
}

TEST_CASE("CUDA's global min and max overloads") {
  CHECK(min(3, 5) == 3);
  CHECK(max(-3, -5) == -3);
  // Mixed signedness converts to unsigned, as CUDA's overloads do.
  static_assert(std::is_same_v<decltype(min(-1, 1u)), unsigned int>);
  CHECK(min(-1, 1u) == 1u);
  CHECK(max(-1, 1u) == 0xffffffffu);
  CHECK(max(1u, -1) == 0xffffffffu);
  CHECK(min(-1L, 1UL) == 1UL);
  CHECK(max(-1LL, 1ULL) == ULLONG_MAX);
  CHECK(min(-5LL, 3LL) == -5LL);
  CHECK(max(4000000000UL, 3UL) == 4000000000UL);
  static_assert(std::is_same_v<decltype(max(1.0f, 2.0)), double>);
  CHECK(max(1.0f, 2.0) == 2.0);
  CHECK(min(2.0, 1.5f) == 1.5);
  CHECK(min(1.5f, 2.5f) == 1.5f);
  CHECK(min(fnan, 1.0f) == 1.0f); // fminf semantics
  CHECK(max(dnan, -1.0) == -1.0);
  CHECK(umin(1u, 2u) == 1u);
  CHECK(umax(1u, 0xffffffffu) == 0xffffffffu);
  CHECK(llmin(-1LL, LLONG_MAX) == -1LL);
  CHECK(llmax(LLONG_MIN, 0LL) == 0LL);
  CHECK(ullmin(~0ULL, 7ULL) == 7ULL);
  CHECK(ullmax(~0ULL, 7ULL) == ~0ULL);
  // Short and char promote to int, as in CUDA.
  short a = 3, b = -4;
  CHECK(max(a, b) == 3);
  // With std's templates visible too, the exact-match non-template wins.
  using namespace std;
  CHECK(min(3, 5) == 3);
  CHECK(max(2.0f, 1.0f) == 2.0f);
  CHECK(std::max(1, 2) == 2);
}

TEST_CASE("math_constants.h") {
  CHECK(CUDART_PI_F == 3.141592654F);
  CHECK(CUDART_PI_F == static_cast<float>(M_PI));
  CHECK(CUDART_PI == M_PI);
  CHECK(CUDART_INF_F == INFINITY);
  CHECK(CUDART_INF == INFINITY);
  CHECK(std::isnan(CUDART_NAN_F));
  CHECK(std::isnan(CUDART_NAN));
  CHECK(CUDART_MAX_NORMAL_F == FLT_MAX);
  CHECK(CUDART_MIN_DENORM_F == std::numeric_limits<float>::denorm_min());
  CHECK(CUDART_MIN_DENORM == std::numeric_limits<double>::denorm_min());
  CHECK(std::signbit(CUDART_NEG_ZERO_F));
  CHECK(std::signbit(CUDART_NEG_ZERO));
  CHECK(CUDART_SQRT_TWO == std::sqrt(2.0));
  CHECK(CUDART_LN2 == M_LN2);
  CHECK(CUDART_L2E == M_LOG2E);
  CHECK(CUDART_PIO2 == M_PI_2);
  CHECK(CUDART_PI_HI + CUDART_PI_LO == M_PI);
  CHECK(CUDART_TWO_TO_M1022 == DBL_MIN);
  CHECK(CUDART_TWO_TO_M126_F == FLT_MIN);
  CHECK(CUDART_NORM_HUGE_F == FLT_MAX);
  static_assert(CUDART_INF_F > 1e38f); // usable in constant expressions
}

TEST_CASE("error names and strings") {
  CHECK(std::strcmp(cudaGetErrorName(cudaSuccess), "cudaSuccess") == 0);
  CHECK(std::strcmp(cudaGetErrorString(cudaSuccess), "no error") == 0);
  CHECK(std::strcmp(cudaGetErrorName(cudaErrorInvalidValue), "cudaErrorInvalidValue") == 0);
  CHECK(std::strcmp(cudaGetErrorString(cudaErrorInvalidValue), "invalid argument") == 0);
  CHECK(std::strcmp(cudaGetErrorString(cudaErrorMemoryAllocation), "out of memory") == 0);
  CHECK(std::strcmp(cudaGetErrorString(cudaErrorInvalidConfiguration),
                    "invalid configuration argument") == 0);
  CHECK(std::strcmp(cudaGetErrorString(cudaErrorIllegalAddress),
                    "an illegal memory access was encountered") == 0);
  CHECK(std::strcmp(cudaGetErrorName(cudaErrorIllegalAddress), "cudaErrorIllegalAddress") == 0);
  CHECK(std::strcmp(cudaGetErrorString(cudaErrorAssert), "device-side assert triggered") == 0);
  CHECK(std::strcmp(cudaGetErrorString(cudaErrorLaunchFailure), "unspecified launch failure") == 0);
  CHECK(std::strcmp(cudaGetErrorString(cudaErrorInvalidDeviceFunction),
                    "invalid device function") == 0);
  CHECK(std::strcmp(cudaGetErrorString(cudaErrorUnknown), "unknown error") == 0);
  CHECK(std::strcmp(cudaGetErrorName(cudaErrorUnknown), "cudaErrorUnknown") == 0);
  const auto bogus = static_cast<cudaError_t>(12345);
  CHECK(std::strcmp(cudaGetErrorString(bogus), "unrecognized error code") == 0);
  CHECK(std::strcmp(cudaGetErrorName(bogus), "unrecognized error code") == 0);
}
