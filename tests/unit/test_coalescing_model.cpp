// Unit tests of the global-memory coalescing model (model/CoalescingModel).
#include <doctest/doctest.h>

#include <vector>

#include "warpsim/model/ArchSpec.h"
#include "warpsim/model/CoalescingModel.h"

using namespace warpsim::model;

namespace {
template <class F>
CoalescingResult warp(const CoalescingModel &m, unsigned lanes, std::uint32_t size, F addr) {
  std::vector<CoalescingLane> v;
  for (unsigned i = 0; i < lanes; ++i)
    v.push_back({addr(i), size});
  return m.evaluate(v.data(), v.size());
}
constexpr std::uint64_t kBase = 0x10000; // 256-byte aligned, like cudaMalloc
} // namespace

TEST_CASE("coalescing: sector size comes from the architecture data") {
  CHECK(CoalescingModel(*builtinArch("sm_90")).sectorBytes() == 32);
  CHECK(CoalescingModel(*builtinArch("sm_80")).sectorBytes() == 32);
}

TEST_CASE("coalescing: contiguous, strided, broadcast and misaligned warps") {
  const CoalescingModel m(32);
  auto c = warp(m, 32, 4, [](unsigned i) { return kBase + i * 4; });
  CHECK(c.requests == 1);
  CHECK(c.sectors == 4);
  CHECK(c.ideal == 4);
  // Stride 2 floats: 256 bytes -> 8 sectors.
  CHECK(warp(m, 32, 4, [](unsigned i) { return kBase + i * 8; }).sectors == 8);
  // Stride of 32 floats (a column of a row-major matrix): one sector per lane.
  CHECK(warp(m, 32, 4, [](unsigned i) { return kBase + i * 128; }).sectors == 32);
  // Everybody reads one float.
  auto b = warp(m, 32, 4, [](unsigned) { return kBase + 12; });
  CHECK(b.sectors == 1);
  CHECK(b.requests == 1);
  // Shifted by one float: 5 sectors instead of 4.
  CHECK(warp(m, 32, 4, [](unsigned i) { return kBase + 4 + i * 4; }).sectors == 5);
  // A lane whose 8 bytes straddle a sector boundary counts both.
  CHECK(warp(m, 1, 8, [](unsigned) { return kBase + 28; }).sectors == 2);
  // float4 loads: 512 bytes -> 16 sectors.
  CHECK(warp(m, 32, 16, [](unsigned i) { return kBase + i * 16; }).sectors == 16);
  CHECK(m.evaluate(nullptr, 0).requests == 0);
}

TEST_CASE("coalescing: 1024x1024 transpose, global loads: 131,072 sectors in 32,768 requests") {
  const CoalescingModel m(32);
  // Block (bx, by) of 32x32 threads; warp w has threadIdx.y == w; it reads
  // in[(by*32 + w) * 1024 + bx*32 + lane].
  std::uint64_t sectors = 0, requests = 0;
  for (unsigned by = 0; by < 32; ++by)
    for (unsigned bx = 0; bx < 32; ++bx)
      for (unsigned w = 0; w < 32; ++w) {
        auto r = warp(m, 32, 4, [&](unsigned lane) {
          return kBase + (std::uint64_t{by * 32 + w} * 1024 + bx * 32 + lane) * 4;
        });
        sectors += r.sectors;
        requests += r.requests;
      }
  CHECK(requests == 32768);
  CHECK(sectors == 131072);
}
