#include "LaneActivityTrace.h"

#include <algorithm>
#include <cstdio>

#include "JsonString.h"

namespace warpsim::sim::profile {

void LaneActivityTrace::launchBegin(const LaunchInfo &L) {
  if (done_)
    return;
  done_ = true;
  active_ = true;
  launch_ = L.id;
  kernel_ = L.site != nullptr && L.site->kernel_name != nullptr ? L.site->kernel_name : "";
  warpSize_ = L.warp_size;
  threadsPerBlock_ = L.block.volume();
  warpsPerBlock_ = static_cast<std::uint32_t>((threadsPerBlock_ + warpSize_ - 1) / warpSize_);
  const std::uint64_t total = L.grid.volume() * warpsPerBlock_;
  warps_.assign(static_cast<std::size_t>(std::min<std::uint64_t>(total, kMaxWarps)), {});
  for (std::size_t g = 0; g < warps_.size(); ++g) {
    WarpTrace &t = warps_[g];
    t.block = g / warpsPerBlock_;
    t.warp = static_cast<std::uint32_t>(g % warpsPerBlock_);
    const std::uint64_t first = std::uint64_t{t.warp} * warpSize_;
    t.lanes =
        static_cast<std::uint32_t>(std::min<std::uint64_t>(warpSize_, threadsPerBlock_ - first));
  }
}

void LaneActivityTrace::record(const BlockInfo *b, std::uint32_t warp, std::uint64_t mask, Op op,
                               std::uintptr_t pc) {
  const std::uint64_t g = b->linear * warpsPerBlock_ + warp;
  if (g >= warps_.size())
    return;
  WarpTrace &t = warps_[g];
  if (t.steps.size() >= kMaxSteps) {
    t.truncated = true;
    return;
  }
  t.steps.push_back({mask, pc, op});
}

std::string LaneActivityTrace::json() const {
  if (warps_.empty())
    return {};
  std::string s =
      "{\"type\":\"profile-trace\",\"launch\":" + std::to_string(launch_) + ",\"kernel\":";
  appendJsonString(s, kernel_);
  s += ",\"warp_size\":" + std::to_string(warpSize_) + ",\"warps\":[";
  char buf[64];
  for (std::size_t g = 0; g < warps_.size(); ++g) {
    const WarpTrace &t = warps_[g];
    s += g ? "," : "";
    s += "{\"block\":" + std::to_string(t.block) + ",\"warp\":" + std::to_string(t.warp) +
         ",\"lanes\":" + std::to_string(t.lanes) +
         ",\"truncated\":" + (t.truncated ? "true" : "false") + ",\"steps\":[";
    for (std::size_t i = 0; i < t.steps.size(); ++i) {
      std::snprintf(buf, sizeof buf, "%s[\"%llx\",\"%s\",%llu]", i ? "," : "",
                    static_cast<unsigned long long>(t.steps[i].mask), opName(t.steps[i].op),
                    static_cast<unsigned long long>(t.steps[i].pc));
      s += buf;
    }
    s += "]}";
  }
  s += "]}";
  return s;
}

} // namespace warpsim::sim::profile
