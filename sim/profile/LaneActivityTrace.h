// The first warps of the first launch, instruction by instruction: which
// lanes were active (for the lane-activity picture, --profile-svg).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "SiteCounters.h"

namespace warpsim::sim::profile {

class LaneActivityTrace {
public:
  static constexpr std::uint32_t kMaxWarps = 16;
  static constexpr std::uint32_t kMaxSteps = 2048;

  void launchBegin(const LaunchInfo &L);
  void record(const BlockInfo *b, std::uint32_t warp, std::uint64_t mask, Op op, std::uintptr_t pc);
  bool active() const { return active_; }
  // {"type":"profile-trace",...}; empty when nothing was traced.
  std::string json() const;
  void stop() { active_ = false; }

private:
  struct Step {
    std::uint64_t mask;
    std::uintptr_t pc;
    Op op;
  };
  struct WarpTrace {
    std::uint64_t block = 0;
    std::uint32_t warp = 0, lanes = 0;
    bool truncated = false;
    std::vector<Step> steps;
  };
  bool active_ = false;
  bool done_ = false; // only the first launch is traced
  std::uint64_t launch_ = 0;
  std::string kernel_;
  unsigned warpSize_ = 32;
  std::uint32_t warpsPerBlock_ = 1;
  std::uint64_t threadsPerBlock_ = 0;
  std::vector<WarpTrace> warps_;
};

} // namespace warpsim::sim::profile
