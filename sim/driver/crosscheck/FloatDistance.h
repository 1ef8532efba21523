// How far apart two floats are, for comparing a simulated result with the
// GPU's: bit identity, and the distance in units in the last place (ulp), which
// reads the same at every magnitude (a difference of 1e-9 is one rounding step
// near 0.003 and nothing at all near 1).
#pragma once

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>

namespace warpsim::driver {

// The distance between a NaN and a number: no number of steps reaches it.
constexpr std::uint64_t kUlpUnordered = std::numeric_limits<std::uint64_t>::max();

// Same bits, or both NaN: NaN payloads differ between math libraries and carry
// no meaning in these programs, so any NaN matches any NaN.
inline bool sameFloat(float a, float b) {
  return std::bit_cast<std::uint32_t>(a) == std::bit_cast<std::uint32_t>(b) ||
         (std::isnan(a) && std::isnan(b));
}

// The floats in increasing order as integers: neighbours differ by 1, and -0
// and +0 both map to 0 (equal values, 0 ulp apart, yet not the same bits).
inline std::int64_t orderedFloat(float f) {
  const std::uint32_t bits = std::bit_cast<std::uint32_t>(f);
  const std::int64_t magnitude = bits & 0x7fffffffu;
  return (bits & 0x80000000u) != 0 ? -magnitude : magnitude;
}

// Units in the last place between a and b: 0 for equal values (and for two
// NaNs), kUlpUnordered when exactly one is NaN.
inline std::uint64_t ulpDistance(float a, float b) {
  if (std::isnan(a) || std::isnan(b))
    return std::isnan(a) && std::isnan(b) ? 0 : kUlpUnordered;
  const std::int64_t d = orderedFloat(a) - orderedFloat(b);
  return static_cast<std::uint64_t>(d < 0 ? -d : d);
}

} // namespace warpsim::driver
