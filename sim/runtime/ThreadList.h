// How reports write sets of threads and lanes: "0..3,7", "lanes 1..31",
// "0xffffffff".
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace warpsim::sim {

// Ascending thread indices as ranges: "0..3,7".
std::string threadList(const std::vector<std::uint32_t> &ids);
// The lanes of a mask: "lane 3" or "lanes 0..15,17".
std::string laneList(std::uint64_t mask);
// A lane mask as CUDA code writes it, cut to the warp size: "0xffffffff".
std::string hexMask(std::uint64_t mask, unsigned warpSize);

} // namespace warpsim::sim
