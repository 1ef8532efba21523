// A set of seeds as sorted, disjoint ranges (warpsim explore): the seeds that
// gave an outcome or a finding, kept exactly so reports of any seed ranges
// merge into the report of their union.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace warpsim::driver {

// A set of seeds: sorted, disjoint, non-adjacent inclusive ranges.
class SeedSet {
public:
  struct Range {
    std::uint64_t first = 0, last = 0;
  };
  void add(std::uint64_t first, std::uint64_t last);
  void add(const SeedSet &other);
  const std::vector<Range> &ranges() const { return ranges_; }
  bool empty() const { return ranges_.empty(); }
  std::uint64_t smallest() const { return ranges_.front().first; }
  std::uint64_t size() const;                        // how many seeds
  std::string text(std::size_t maxRanges = 8) const; // "1..50, 60, 70..80"

private:
  std::vector<Range> ranges_;
};

} // namespace warpsim::driver
