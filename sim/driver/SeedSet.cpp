#include "SeedSet.h"

#include <algorithm>
#include <iterator>
#include <limits>

namespace warpsim::driver {

void SeedSet::add(std::uint64_t first, std::uint64_t last) {
  constexpr std::uint64_t kMax = std::numeric_limits<std::uint64_t>::max();
  // Ranges that overlap or touch [first, last] become one. touches(a, b): b
  // starts no later than the seed after a's last (without overflowing at the
  // largest seed); two ranges join when each touches the other.
  auto touches = [](const Range &a, const Range &b) {
    return a.last == kMax || b.first <= a.last + 1;
  };
  Range m{first, last};
  auto it = std::lower_bound(ranges_.begin(), ranges_.end(), first,
                             [](const Range &r, std::uint64_t f) { return r.first < f; });
  if (it != ranges_.begin() && touches(*std::prev(it), m))
    --it;
  auto end = it;
  while (end != ranges_.end() && touches(m, *end) && touches(*end, m)) {
    m.first = std::min(m.first, end->first);
    m.last = std::max(m.last, end->last);
    ++end;
  }
  it = ranges_.erase(it, end);
  ranges_.insert(it, m);
}

void SeedSet::add(const SeedSet &other) {
  for (const Range &r : other.ranges_)
    add(r.first, r.last);
}

std::uint64_t SeedSet::size() const {
  std::uint64_t n = 0;
  for (const Range &r : ranges_)
    n += r.last - r.first + 1;
  return n;
}

std::string SeedSet::text(std::size_t maxRanges) const {
  std::string s;
  for (std::size_t i = 0; i < ranges_.size(); ++i) {
    if (i == maxRanges)
      return s + ", … (" + std::to_string(ranges_.size() - i) + " more ranges)";
    s += (i ? ", " : "") + std::to_string(ranges_[i].first);
    if (ranges_[i].last != ranges_[i].first)
      s += ".." + std::to_string(ranges_[i].last);
  }
  return s;
}

} // namespace warpsim::driver
