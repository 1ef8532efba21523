// The seed sets of warpsim explore (sim/driver/SeedSet.h): ranges stay sorted,
// disjoint and non-adjacent whatever order seeds arrive in.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <random>
#include <set>
#include <vector>

#include "SeedSet.h"

using warpsim::driver::SeedSet;

namespace {
std::vector<std::pair<std::uint64_t, std::uint64_t>> ranges(const SeedSet &s) {
  std::vector<std::pair<std::uint64_t, std::uint64_t>> v;
  for (const auto &r : s.ranges())
    v.emplace_back(r.first, r.last);
  return v;
}
} // namespace

TEST_CASE("seed set: adjacent and overlapping ranges join, a gap stays") {
  SeedSet s;
  s.add(5, 7);
  s.add(1, 3);
  CHECK(ranges(s) == decltype(ranges(s)){{1, 3}, {5, 7}}); // 4 missing: two ranges
  CHECK(s.size() == 6);
  CHECK(s.smallest() == 1);
  CHECK(s.text() == "1..3, 5..7");
  s.add(4, 4); // fills the gap
  CHECK(ranges(s) == decltype(ranges(s)){{1, 7}});
  s.add(6, 12); // overlaps the end
  s.add(20, 20);
  s.add(0, 0); // touches the start
  CHECK(ranges(s) == decltype(ranges(s)){{0, 12}, {20, 20}});
  CHECK(s.text() == "0..12, 20");
  s.add(2, 25); // swallows both
  CHECK(ranges(s) == decltype(ranges(s)){{0, 25}});
}

TEST_CASE("seed set: the largest seed does not overflow") {
  constexpr std::uint64_t kMax = std::numeric_limits<std::uint64_t>::max();
  SeedSet s;
  s.add(kMax, kMax);
  s.add(0, 0);
  CHECK(ranges(s) == decltype(ranges(s)){{0, 0}, {kMax, kMax}}); // not joined by wrapping
  s.add(kMax - 1, kMax - 1);
  CHECK(ranges(s) == decltype(ranges(s)){{0, 0}, {kMax - 1, kMax}});
  CHECK(s.size() == 3);
}

TEST_CASE("seed set: any arrival order gives the same set") {
  std::vector<std::uint64_t> seeds;
  for (std::uint64_t i = 1; i <= 200; ++i)
    if (i % 7 != 0 && i % 11 != 3)
      seeds.push_back(i);
  SeedSet sorted;
  for (auto x : seeds)
    sorted.add(x, x);
  std::mt19937 rng(42);
  for (int round = 0; round < 5; ++round) {
    std::shuffle(seeds.begin(), seeds.end(), rng);
    SeedSet shuffled;
    for (auto x : seeds)
      shuffled.add(x, x);
    CHECK(ranges(shuffled) == ranges(sorted));
  }
  CHECK(sorted.size() == seeds.size());
  // Ranges never touch: each gap is a seed that is not in the set.
  std::set<std::uint64_t> in(seeds.begin(), seeds.end());
  for (std::size_t i = 1; i < sorted.ranges().size(); ++i)
    CHECK(in.count(sorted.ranges()[i - 1].last + 1) == 0);
}

TEST_CASE("seed set: long lists are shortened in text") {
  SeedSet s;
  for (std::uint64_t i = 0; i < 20; ++i)
    s.add(i * 3, i * 3);
  CHECK(s.text(3) == "0, 3, 6, … (17 more ranges)");
}
