// Grid and block coordinates, independent of the CUDA headers.
#pragma once

#include <cstdint>

namespace warpsim::model {

struct Dim3 {
  std::uint32_t x = 1, y = 1, z = 1;
  constexpr std::uint64_t volume() const { return std::uint64_t{x} * y * z; }
  friend constexpr bool operator==(const Dim3 &, const Dim3 &) = default;
};

// CUDA linearises x fastest: id = x + y*X + z*X*Y.
constexpr std::uint64_t linearize(const Dim3 &idx, const Dim3 &dim) {
  return idx.x + std::uint64_t{dim.x} * (idx.y + std::uint64_t{dim.y} * idx.z);
}

constexpr Dim3 delinearize(std::uint64_t id, const Dim3 &dim) {
  Dim3 r;
  r.x = static_cast<std::uint32_t>(id % dim.x);
  id /= dim.x;
  r.y = static_cast<std::uint32_t>(id % dim.y);
  r.z = static_cast<std::uint32_t>(id / dim.y);
  return r;
}

} // namespace warpsim::model
