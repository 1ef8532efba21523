#include "warpsim/model/Wgmma.h"

#include "warpsim/model/TensorMap.h"

namespace warpsim::model {

std::string wgmmaUnsupported(const WgmmaShape &s) {
  const bool fp8a = s.a == MmaType::E4M3 || s.a == MmaType::E5M2;
  const bool fp8b = s.b == MmaType::E4M3 || s.b == MmaType::E5M2;
  if (s.n < 8 || s.n > 256 || s.n % 8 != 0)
    return "n" + std::to_string(s.n) + " (N must be a multiple of 8 from 8 to 256)";
  if (fp8a && fp8b) {
    if (s.k != 32)
      return "k" + std::to_string(s.k) + " with 8-bit float inputs (k32)";
    if (s.d != MmaType::F32 && s.d != MmaType::F16)
      return std::string(".") + mmaTypeName(s.d) + " accumulators with 8-bit float inputs";
    return {};
  }
  if (s.a != s.b)
    return std::string("mixed inputs .") + mmaTypeName(s.a) + " x ." + mmaTypeName(s.b);
  switch (s.a) {
  case MmaType::F16:
    if (s.k != 16)
      return "k" + std::to_string(s.k) + " with .f16 inputs (k16)";
    if (s.d != MmaType::F32 && s.d != MmaType::F16)
      return std::string(".") + mmaTypeName(s.d) + " accumulators with .f16 inputs";
    return {};
  case MmaType::BF16:
    if (s.k != 16)
      return "k" + std::to_string(s.k) + " with .bf16 inputs (k16)";
    if (s.d != MmaType::F32)
      return std::string(".") + mmaTypeName(s.d) + " accumulators with .bf16 inputs (.f32)";
    return {};
  case MmaType::TF32:
    if (s.k != 8)
      return "k" + std::to_string(s.k) + " with .tf32 inputs (k8)";
    if (s.d != MmaType::F32)
      return std::string(".") + mmaTypeName(s.d) + " accumulators with .tf32 inputs (.f32)";
    return {};
  default:
    return std::string(".") + mmaTypeName(s.a) + " inputs (integer and .b1 wgmma are not executed)";
  }
}

MatrixPos wgmmaDElement(std::uint32_t w, std::uint32_t lane, std::uint32_t i) {
  const std::uint32_t g = lane >> 2, t = lane & 3;
  return {16 * w + g + 8 * ((i >> 1) & 1), 8 * (i >> 2) + 2 * t + (i & 1)};
}

namespace {
// The mma.sync shape whose A fragment is a warp's part of wgmma's A.
MmaShape aTile(const WgmmaShape &s) {
  MmaType t = s.a;
  if (t == MmaType::E4M3 || t == MmaType::E5M2)
    t = MmaType::S8; // same 8-bit layout as m16n8k32's
  return MmaShape{16, 8, s.k, t, MmaType::F32};
}
} // namespace

std::uint32_t wgmmaAElements(const WgmmaShape &s) { return mmaElements(aTile(s), MmaOperand::A); }

MatrixPos wgmmaAElement(const WgmmaShape &s, std::uint32_t w, std::uint32_t lane, std::uint32_t i) {
  MatrixPos p = mmaElement(aTile(s), MmaOperand::A, lane, i);
  p.row += 16 * w;
  return p;
}

WgmmaDescriptor wgmmaDecode(std::uint64_t desc) {
  WgmmaDescriptor d;
  d.start = static_cast<std::uint32_t>(desc & 0x3fff) << 4;
  d.lbo = static_cast<std::uint32_t>((desc >> 16) & 0x3fff) << 4;
  d.sbo = static_cast<std::uint32_t>((desc >> 32) & 0x3fff) << 4;
  d.baseOffset = static_cast<std::uint32_t>((desc >> 49) & 7);
  static constexpr std::uint32_t kSpans[4] = {0, 128, 64, 32};
  d.swizzle = kSpans[(desc >> 62) & 3];
  return d;
}

std::uint64_t wgmmaElementAddress(const WgmmaDescriptor &d, bool mnMajor, std::uint32_t elemBytes,
                                  std::uint32_t mn, std::uint32_t k) {
  const std::uint32_t t = 16 / elemBytes; // elements in 16 bytes
  std::uint64_t off;
  if (!mnMajor) {
    const std::uint64_t row = d.swizzle == 0 ? 16 : d.swizzle;
    const std::uint64_t chunk = d.swizzle == 0 ? d.lbo : 16;
    off = (mn % 8) * row + std::uint64_t{mn / 8} * d.sbo + (k % t) * elemBytes + (k / t) * chunk;
  } else if (d.swizzle == 0) {
    off = (mn % t) * elemBytes + std::uint64_t{mn / t} * d.sbo + (k % 8) * 16 +
          std::uint64_t{k / 8} * d.lbo;
  } else {
    const std::uint32_t chunks = d.swizzle / 16; // 16-byte chunks in a k-row
    off = (mn % t) * elemBytes + ((mn / t) % chunks) * 16 +
          std::uint64_t{mn / (t * chunks)} * d.lbo + (k % 8) * d.swizzle +
          std::uint64_t{k / 8} * d.sbo;
  }
  return swizzleAddress(d.start + off, d.swizzle);
}

void wgmmaCompute(const WgmmaShape &s, std::uint32_t rows, const std::uint64_t *a,
                  const std::uint64_t *b, const std::uint64_t *c, std::uint64_t *d, bool scaleD,
                  bool negA, bool negB) {
  const double sign = (negA ? -1.0 : 1.0) * (negB ? -1.0 : 1.0);
  for (std::uint32_t i = 0; i < rows; ++i)
    for (std::uint32_t j = 0; j < s.n; ++j) {
      // Products of 16-bit, tf32 and 8-bit floats have at most 22
      // significant bits: exact in binary64 (as mmaCompute).
      double sum = scaleD ? mmaToDouble(s.d, c[i * s.n + j]) : 0.0;
      for (std::uint32_t x = 0; x < s.k; ++x)
        sum += sign * (mmaToDouble(s.a, a[i * s.k + x]) * mmaToDouble(s.b, b[x * s.n + j]));
      d[i * s.n + j] = mmaFromDouble(s.d, sum);
    }
}

} // namespace warpsim::model
