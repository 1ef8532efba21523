// Unit tests of the shared-memory bank model (model/BankModel), with the
// numbers measured on an H100 with Nsight Compute as exact expectations
// (docs/warp-model.md, "Agreement with the H100").
#include <doctest/doctest.h>

#include <vector>

#include "warpsim/model/ArchSpec.h"
#include "warpsim/model/BankModel.h"

using namespace warpsim::model;

namespace {

BankModel h100() { return BankModel(*builtinArch("sm_90")); }

// One full warp; lane i accesses `size` bytes at offset(i).
template <class F>
BankResult warp(const BankModel &m, unsigned lanes, std::uint32_t size, F offset,
                std::uint64_t *load = nullptr) {
  std::vector<BankLane> v;
  for (unsigned i = 0; i < lanes; ++i)
    v.push_back({i, size, offset(i)});
  return m.evaluate(v.data(), v.size(), load);
}

} // namespace

TEST_CASE("bank model: s[lane * stride] floats, stride 1..32 (H100: 0,1,3,7,15,31 conflicts)") {
  const BankModel m = h100();
  const unsigned strides[] = {1, 2, 4, 8, 16, 32};
  const unsigned conflicts[] = {0, 1, 3, 7, 15, 31};
  const unsigned wavefronts[] = {1, 2, 4, 8, 16, 32};
  for (int k = 0; k < 6; ++k) {
    CAPTURE(strides[k]);
    BankResult r = warp(m, 32, 4, [&](unsigned i) { return std::uint64_t{i} * strides[k] * 4; });
    CHECK(r.wavefronts == wavefronts[k]);
    CHECK(r.conflicts() == conflicts[k]);
    CHECK(r.ideal == 1);
  }
  // Odd strides are conflict-free (the padded tile's trick).
  CHECK(warp(m, 32, 4, [](unsigned i) { return std::uint64_t{i} * 33 * 4; }).conflicts() == 0);
  CHECK(warp(m, 32, 4, [](unsigned i) { return std::uint64_t{i} * 3 * 4; }).conflicts() == 0);
}

TEST_CASE("bank model: broadcast of one word, and of a few words") {
  const BankModel m = h100();
  BankResult all = warp(m, 32, 4, [](unsigned) { return std::uint64_t{64}; });
  CHECK(all.wavefronts == 1);
  CHECK(all.conflicts() == 0);
  // Bytes of the same 4-byte word share it too.
  CHECK(warp(m, 32, 1, [](unsigned i) { return std::uint64_t{i % 4}; }).wavefronts == 1);
  // Two words in the same bank (offsets 0 and 128): 2 wavefronts, however
  // many lanes read each.
  BankResult two = warp(m, 32, 4, [](unsigned i) { return std::uint64_t{(i % 2) * 128}; });
  CHECK(two.wavefronts == 2);
  CHECK(two.conflicts() == 1);
  // Stride 32 but lanes in pairs on the same word: 16 distinct words.
  CHECK(warp(m, 32, 4, [](unsigned i) { return std::uint64_t{(i / 2) * 128}; }).wavefronts == 16);
}

TEST_CASE("bank model: 1024x1024 transpose through tile[32][32] vs tile[32][33]") {
  const BankModel m = h100();
  // 32x32 blocks; warp w of a block has threadIdx.y == w and threadIdx.x ==
  // lane; it reads tile[threadIdx.x][threadIdx.y].
  std::uint64_t unpadded = 0, padded = 0, instructions = 0, storeConflicts = 0;
  for (unsigned y = 0; y < 32; ++y) {
    BankResult r = warp(m, 32, 4, [&](unsigned x) { return std::uint64_t{(x * 32 + y) * 4}; });
    BankResult p = warp(m, 32, 4, [&](unsigned x) { return std::uint64_t{(x * 33 + y) * 4}; });
    BankResult st = warp(m, 32, 4, [&](unsigned x) { return std::uint64_t{(y * 32 + x) * 4}; });
    CHECK(r.wavefronts == 32);
    unpadded += r.conflicts();
    padded += p.conflicts();
    storeConflicts += st.conflicts();
  }
  const std::uint64_t blocks = (1024 / 32) * (1024 / 32);
  instructions = blocks * 32;
  CHECK(instructions == 32768);
  CHECK(unpadded * blocks == 1015808); // 32,768 x 31 (H100: 1,015,996)
  CHECK(padded * blocks == 0);         // (H100: 428)
  CHECK(storeConflicts == 0);
}

TEST_CASE("bank model: 8-byte accesses per half-warp, 16-byte per quarter-warp") {
  const BankModel m = h100();
  CHECK(m.lanesPerPhase(1) == 32);
  CHECK(m.lanesPerPhase(4) == 32);
  CHECK(m.lanesPerPhase(8) == 16);
  CHECK(m.lanesPerPhase(16) == 8);
  // Contiguous doubles: each half-warp covers 128 bytes = all 32 banks once.
  BankResult d = warp(m, 32, 8, [](unsigned i) { return std::uint64_t{i} * 8; });
  CHECK(d.wavefronts == 2);
  CHECK(d.ideal == 2);
  CHECK(d.conflicts() == 0);
  // Contiguous float4: four quarter-warps of 128 bytes.
  BankResult q = warp(m, 32, 16, [](unsigned i) { return std::uint64_t{i} * 16; });
  CHECK(q.wavefronts == 4);
  CHECK(q.conflicts() == 0);
  // Doubles with stride 2 (16 bytes apart): a half-warp covers 256 bytes,
  // two words per bank -> 2 wavefronts per half.
  BankResult d2 = warp(m, 32, 8, [](unsigned i) { return std::uint64_t{i} * 16; });
  CHECK(d2.wavefronts == 4);
  CHECK(d2.conflicts() == 2);
  // Only the first half-warp active: one phase.
  BankResult half = warp(m, 16, 8, [](unsigned i) { return std::uint64_t{i} * 8; });
  CHECK(half.wavefronts == 1);
  CHECK(half.ideal == 1);
  // All lanes read the same double: broadcast in each half.
  BankResult b = warp(m, 32, 8, [](unsigned) { return std::uint64_t{8}; });
  CHECK(b.wavefronts == 2);
  CHECK(b.conflicts() == 0);
}

TEST_CASE("bank model: wave64 LDS access is issued in two halves") {
  auto amd = builtinArch("cdna3");
  REQUIRE(amd);
  CHECK(amd->shared_phase_lanes == 32);
  const BankModel m(*amd);
  // 64 lanes, consecutive floats: two halves of 32 banks, no conflict.
  BankResult r = warp(m, 64, 4, [](unsigned i) { return std::uint64_t{i} * 4; });
  CHECK(r.wavefronts == 2);
  CHECK(r.ideal == 2);
  CHECK(r.conflicts() == 0);
  // Stride 2 within each half: 2 words per bank.
  BankResult s = warp(m, 64, 4, [](unsigned i) { return std::uint64_t{i} * 8; });
  CHECK(s.wavefronts == 4);
  CHECK(s.conflicts() == 2);
  // 32 lanes of a 64-lane wave active (lanes 0..31): one half.
  CHECK(warp(m, 32, 4, [](unsigned i) { return std::uint64_t{i} * 4; }).wavefronts == 1);
}

TEST_CASE("bank model: per-bank load for the heat map") {
  const BankModel m = h100();
  std::uint64_t load[32] = {};
  warp(m, 32, 4, [](unsigned i) { return std::uint64_t{i} * 32 * 4; }, load);
  CHECK(load[0] == 32);
  for (int b = 1; b < 32; ++b)
    CHECK(load[b] == 0);
  std::uint64_t flat[32] = {};
  warp(m, 32, 4, [](unsigned i) { return std::uint64_t{i} * 4; }, flat);
  for (int b = 0; b < 32; ++b)
    CHECK(flat[b] == 1);
}

TEST_CASE("bank model: inactive lanes and sparse masks") {
  const BankModel m = h100();
  // Even lanes only, stride 32 words: 16 distinct words in bank 0.
  std::vector<BankLane> v;
  for (unsigned i = 0; i < 32; i += 2)
    v.push_back({i, 4, std::uint64_t{i} * 128});
  BankResult r = m.evaluate(v.data(), v.size());
  CHECK(r.wavefronts == 16);
  CHECK(r.conflicts() == 15);
  CHECK(m.evaluate(nullptr, 0).wavefronts == 0);
}
