#include "ThreadList.h"

#include <cstdio>

namespace warpsim::sim {

std::string threadList(const std::vector<std::uint32_t> &ids) {
  std::string s;
  for (std::size_t i = 0; i < ids.size();) {
    std::size_t j = i;
    while (j + 1 < ids.size() && ids[j + 1] == ids[j] + 1)
      ++j;
    if (!s.empty())
      s += ",";
    s += std::to_string(ids[i]);
    if (j > i)
      s += ".." + std::to_string(ids[j]);
    i = j + 1;
  }
  return s;
}

std::string laneList(std::uint64_t m) {
  std::vector<std::uint32_t> ids;
  for (; m != 0; m &= m - 1)
    ids.push_back(static_cast<std::uint32_t>(__builtin_ctzll(m)));
  return (ids.size() == 1 ? "lane " : "lanes ") + threadList(ids);
}

std::string hexMask(std::uint64_t m, unsigned warpSize) {
  if (warpSize < 64)
    m &= (std::uint64_t{1} << warpSize) - 1;
  char buf[24];
  std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(m));
  return buf;
}

} // namespace warpsim::sim
