// The digest that stands in for a large recorded buffer (`name n
// #fnv1a64=<hex>` in a recorded outputs file): FNV-1a 64-bit over the
// little-endian bytes of each value's IEEE-754 bit pattern. Bit patterns, not
// printed text, so two runs agree exactly when their floats do.
#pragma once

#include <bit>
#include <cinttypes>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>

namespace warpsim::driver {

constexpr std::uint64_t kFnv1a64Offset = 0xcbf29ce484222325ull;
constexpr std::uint64_t kFnv1a64Prime = 0x100000001b3ull;

inline std::uint64_t fnv1a64Floats(const float *values, std::size_t n) {
  std::uint64_t h = kFnv1a64Offset;
  for (std::size_t i = 0; i < n; ++i) {
    const std::uint32_t bits = std::bit_cast<std::uint32_t>(values[i]);
    for (int byte = 0; byte < 4; ++byte) {
      h ^= (bits >> (8 * byte)) & 0xffu;
      h *= kFnv1a64Prime;
    }
  }
  return h;
}

// As a digest is written: 16 lower-case hex digits.
inline std::string hex16(std::uint64_t v) {
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016" PRIx64, v);
  return buf;
}

} // namespace warpsim::driver
