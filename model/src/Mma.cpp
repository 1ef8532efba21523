#include "warpsim/model/Mma.h"

#include <cfloat>
#include <cmath>
#include <cstring>
#include <limits>

namespace warpsim::model {

const char *mmaTypeName(MmaType t) {
  switch (t) {
  case MmaType::F16:
    return "f16";
  case MmaType::BF16:
    return "bf16";
  case MmaType::TF32:
    return "tf32";
  case MmaType::F32:
    return "f32";
  case MmaType::F64:
    return "f64";
  case MmaType::S8:
    return "s8";
  case MmaType::U8:
    return "u8";
  case MmaType::S32:
    return "s32";
  case MmaType::E4M3:
    return "e4m3";
  case MmaType::E5M2:
    return "e5m2";
  }
  return "?";
}

namespace {
bool isInt8(MmaType t) { return t == MmaType::S8 || t == MmaType::U8; }
} // namespace

bool mmaSupported(const MmaShape &s) {
  if (s.ab == MmaType::F64)
    return s.m == 8 && s.n == 8 && s.k == 4 && s.cd == MmaType::F64;
  if (s.m != 16 || s.n != 8)
    return false;
  switch (s.ab) {
  case MmaType::F16:
    return (s.k == 16 || s.k == 8) && (s.cd == MmaType::F32 || s.cd == MmaType::F16);
  case MmaType::BF16:
    return (s.k == 16 || s.k == 8) && s.cd == MmaType::F32;
  case MmaType::TF32:
    return (s.k == 8 || s.k == 4) && s.cd == MmaType::F32;
  case MmaType::S8:
  case MmaType::U8:
    return (s.k == 32 || s.k == 16) && s.cd == MmaType::S32;
  default:
    return false;
  }
}

std::uint32_t mmaElements(const MmaShape &s, MmaOperand op) {
  switch (op) {
  case MmaOperand::A:
    return s.m * s.k / 32;
  case MmaOperand::B:
    return s.k * s.n / 32;
  case MmaOperand::C:
    return s.m * s.n / 32;
  }
  return 0;
}

// The PTX ISA's tables ("Matrix fragments for mma.m16n8k16 with floating
// point type", ...): groupID = lane / 4, threadID_in_group = lane % 4.
MatrixPos mmaElement(const MmaShape &s, MmaOperand op, std::uint32_t lane, std::uint32_t i) {
  const std::uint32_t g = lane >> 2, t = lane & 3;
  if (s.ab == MmaType::F64) { // m8n8k4
    switch (op) {
    case MmaOperand::A:
      return {g, t};
    case MmaOperand::B:
      return {t, g};
    case MmaOperand::C:
      return {g, 2 * t + i};
    }
  }
  if (op == MmaOperand::C)
    return {g + 8 * (i >= 2 ? 1u : 0u), 2 * t + (i & 1)};
  if (s.ab == MmaType::TF32) {
    if (s.k == 8)
      return op == MmaOperand::A ? MatrixPos{g + 8 * (i & 1), t + 4 * (i >= 2 ? 1u : 0u)}
                                 : MatrixPos{t + 4 * i, g};
    return op == MmaOperand::A ? MatrixPos{g + 8 * i, t} : MatrixPos{t, g}; // k4
  }
  if (isInt8(s.ab)) {
    if (s.k == 32)
      return op == MmaOperand::A
                 ? MatrixPos{g + 8 * ((i >> 2) & 1), 4 * t + (i & 3) + 16 * (i >= 8 ? 1u : 0u)}
                 : MatrixPos{4 * t + (i & 3) + 16 * (i >= 4 ? 1u : 0u), g};
    return op == MmaOperand::A ? MatrixPos{g + 8 * (i >= 4 ? 1u : 0u), 4 * t + (i & 3)}
                               : MatrixPos{4 * t + i, g}; // k16
  }
  // f16 / bf16
  if (s.k == 16)
    return op == MmaOperand::A
               ? MatrixPos{g + 8 * ((i >> 1) & 1), 2 * t + (i & 1) + 8 * (i >= 4 ? 1u : 0u)}
               : MatrixPos{2 * t + (i & 1) + 8 * (i >= 2 ? 1u : 0u), g};
  return op == MmaOperand::A ? MatrixPos{g + 8 * (i >= 2 ? 1u : 0u), 2 * t + (i & 1)}
                             : MatrixPos{2 * t + i, g}; // k8
}

bool wmmaSupported(const WmmaShape &s) {
  const bool f16Shape = (s.m == 16 && s.n == 16 && s.k == 16) ||
                        (s.m == 32 && s.n == 8 && s.k == 16) ||
                        (s.m == 8 && s.n == 32 && s.k == 16);
  switch (s.ab) {
  case MmaType::F16:
    return f16Shape && (s.cd == MmaType::F32 || s.cd == MmaType::F16);
  case MmaType::BF16:
    return f16Shape && s.cd == MmaType::F32;
  case MmaType::S8:
  case MmaType::U8:
    return f16Shape && s.cd == MmaType::S32;
  case MmaType::TF32:
    return s.m == 16 && s.n == 16 && s.k == 8 && s.cd == MmaType::F32;
  case MmaType::F64:
    return s.m == 8 && s.n == 8 && s.k == 4 && s.cd == MmaType::F64;
  default:
    return false;
  }
}

namespace {
// The mma.sync instruction a wmma shape is made of.
MmaShape tileOf(const WmmaShape &s) {
  if (s.ab == MmaType::F64)
    return {8, 8, 4, s.ab, s.cd};
  return {16, 8, s.k, s.ab, s.cd};
}
MmaOperand swapped(MmaOperand op) {
  return op == MmaOperand::A ? MmaOperand::B : op == MmaOperand::B ? MmaOperand::A : op;
}
} // namespace

std::uint32_t wmmaDistinct(const WmmaShape &s, MmaOperand op) {
  if (s.m == 8 && s.n == 32)
    return wmmaDistinct({32, 8, s.k, s.ab, s.cd}, swapped(op));
  return s.ab == MmaType::F64 ? mmaElements(tileOf(s), op)
                              : (op == MmaOperand::A   ? s.m * s.k
                                 : op == MmaOperand::B ? s.k * s.n
                                                       : s.m * s.n) /
                                    32;
}

std::uint32_t wmmaElements(const WmmaShape &s, MmaOperand op) {
  if (s.ab == MmaType::F16 && op != MmaOperand::C)
    return 16;
  return wmmaDistinct(s, op);
}

MatrixPos wmmaElement(const WmmaShape &s, MmaOperand op, std::uint32_t lane, std::uint32_t i) {
  i %= wmmaDistinct(s, op);
  if (s.m == 8 && s.n == 32) { // the transpose of m32n8k16: D^T = B^T A^T
    const MatrixPos p = wmmaElement({32, 8, s.k, s.ab, s.cd}, swapped(op), lane, i);
    return {p.col, p.row};
  }
  const MmaShape t = tileOf(s);
  const std::uint32_t per = mmaElements(t, op), tile = i / per;
  MatrixPos p = mmaElement(t, op, lane, i % per);
  switch (op) {
  case MmaOperand::A:
    p.row += t.m * tile;
    break;
  case MmaOperand::B:
    p.col += t.n * tile;
    break;
  case MmaOperand::C: {
    const std::uint32_t nTiles = s.n / t.n;
    p.row += t.m * (tile / nTiles);
    p.col += t.n * (tile % nTiles);
    break;
  }
  }
  return p;
}

double mmaToDouble(MmaType t, std::uint64_t bits) {
  switch (t) {
  case MmaType::F16: {
    const bool neg = (bits >> 15) & 1;
    const int e = static_cast<int>((bits >> 10) & 0x1f);
    const int man = static_cast<int>(bits & 0x3ff);
    double v;
    if (e == 0)
      v = std::ldexp(man, -24);
    else if (e == 31)
      v = man == 0 ? std::numeric_limits<double>::infinity()
                   : std::numeric_limits<double>::quiet_NaN();
    else
      v = std::ldexp(1024 + man, e - 25);
    return neg ? -v : v;
  }
  case MmaType::BF16:
  case MmaType::TF32:
  case MmaType::F32: {
    // tf32: the tensor core reads the top 19 bits of the register.
    std::uint32_t b = t == MmaType::BF16   ? static_cast<std::uint32_t>(bits & 0xffff) << 16
                      : t == MmaType::TF32 ? static_cast<std::uint32_t>(bits) & 0xffffe000u
                                           : static_cast<std::uint32_t>(bits);
    float f;
    std::memcpy(&f, &b, 4);
    return f;
  }
  case MmaType::F64: {
    double d;
    std::memcpy(&d, &bits, 8);
    return d;
  }
  case MmaType::S8:
    return static_cast<std::int8_t>(bits & 0xff);
  case MmaType::U8:
    return static_cast<double>(bits & 0xff);
  case MmaType::S32:
    return static_cast<std::int32_t>(bits & 0xffffffffu);
  case MmaType::E4M3: {
    // 1-4-3, bias 7, no infinities; S.1111.111 is NaN (448 the largest).
    const bool neg = (bits >> 7) & 1;
    const int e = static_cast<int>((bits >> 3) & 0xf);
    const int man = static_cast<int>(bits & 7);
    if (e == 15 && man == 7)
      return std::numeric_limits<double>::quiet_NaN();
    const double v = e == 0 ? std::ldexp(man, -9) : std::ldexp(8 + man, e - 10);
    return neg ? -v : v;
  }
  case MmaType::E5M2: {
    // 1-5-2, bias 15, IEEE infinities and NaNs (the top byte of an f16).
    return mmaToDouble(MmaType::F16, (bits & 0xff) << 8);
  }
  }
  return 0;
}

namespace {
std::uint16_t doubleToHalf(double v) {
  if (std::isnan(v))
    return 0x7fff;
  const std::uint16_t sign = std::signbit(v) ? 0x8000 : 0;
  const double a = std::fabs(v);
  if (a >= 65520.0) // halfway between 65504 and 2^16 rounds to infinity
    return sign | 0x7c00;
  if (a < std::ldexp(1.0, -14)) // subnormal: units of 2^-24, exact scaling
    return sign | static_cast<std::uint16_t>(std::nearbyint(a * std::ldexp(1.0, 24)));
  int e2 = 0;
  std::frexp(a, &e2); // a = f * 2^e2, f in [0.5, 1)
  int e = e2 - 1;
  double m = std::nearbyint(std::ldexp(a, 10 - e)); // in [1024, 2048]
  if (m >= 2048) {
    m = 1024;
    ++e;
  }
  if (e + 15 >= 31)
    return sign | 0x7c00;
  return sign | static_cast<std::uint16_t>(((e + 15) << 10) | (static_cast<int>(m) - 1024));
}
} // namespace

std::uint64_t mmaFromDouble(MmaType t, double v) {
  switch (t) {
  case MmaType::F16:
    return doubleToHalf(v);
  case MmaType::F64: {
    std::uint64_t b;
    std::memcpy(&b, &v, 8);
    return b;
  }
  default: {
    if (std::isnan(v))
      return 0x7fffffffu;
    const float f = static_cast<float>(v);
    std::uint32_t b;
    std::memcpy(&b, &f, 4);
    if (t == MmaType::BF16) { // round to nearest even on the top 16 bits
      const std::uint32_t r = b + 0x7fff + ((b >> 16) & 1);
      return r >> 16;
    }
    return b;
  }
  }
}

std::uint32_t floatToTf32(std::uint32_t f) {
  if ((f & 0x7f800000u) == 0x7f800000u) // inf stays, NaN becomes canonical
    return (f & 0x007fffffu) != 0 ? 0x7fffffffu : f;
  return (f + 0x1000u) & 0xffffe000u; // ties away from zero (sign-magnitude)
}

void mmaCompute(std::uint32_t m, std::uint32_t n, std::uint32_t k, MmaType ab, MmaType cd,
                const std::uint64_t *a, const std::uint64_t *b, const std::uint64_t *c,
                std::uint64_t *d, bool satfinite) {
  for (std::uint32_t i = 0; i < m; ++i)
    for (std::uint32_t j = 0; j < n; ++j) {
      const std::uint64_t cij = c[i * n + j];
      std::uint64_t &dij = d[i * n + j];
      if (cd == MmaType::S32) {
        std::int64_t s = static_cast<std::int32_t>(cij & 0xffffffffu);
        for (std::uint32_t x = 0; x < k; ++x)
          s += static_cast<std::int64_t>(mmaToDouble(ab, a[i * k + x])) *
               static_cast<std::int64_t>(mmaToDouble(ab, b[x * n + j]));
        if (satfinite)
          s = s > INT32_MAX ? INT32_MAX : s < INT32_MIN ? INT32_MIN : s;
        dij = static_cast<std::uint32_t>(s);
        continue;
      }
      if (cd == MmaType::F64) {
        double s = mmaToDouble(cd, cij);
        for (std::uint32_t x = 0; x < k; ++x)
          s = std::fma(mmaToDouble(ab, a[i * k + x]), mmaToDouble(ab, b[x * n + j]), s);
        dij = mmaFromDouble(cd, s);
        continue;
      }
      // Products of f16, bf16 and tf32 have at most 22 significant bits:
      // exact in binary64.
      double s = mmaToDouble(cd, cij);
      for (std::uint32_t x = 0; x < k; ++x)
        s += mmaToDouble(ab, a[i * k + x]) * mmaToDouble(ab, b[x * n + j]);
      if (satfinite) {
        const double top = cd == MmaType::F16 ? 65504.0 : FLT_MAX;
        s = std::isnan(s) ? 0.0 : s > top ? top : s < -top ? -top : s;
      }
      dij = mmaFromDouble(cd, s);
    }
}

} // namespace warpsim::model
