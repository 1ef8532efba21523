#include "DivergenceCounter.h"

#include <algorithm>

namespace warpsim::sim::profile {

void DivergenceCounter::blockBegin(const BlockInfo &b) {
  const LaunchInfo &L = *b.launch;
  const std::uint64_t threads = L.block.volume();
  const unsigned ws = L.warp_size;
  std::vector<WarpLanes> &live = live_[&b];
  live.assign((threads + ws - 1) / ws, WarpLanes{ws, 0});
  if (!live.empty() && threads % ws != 0)
    live.back().live = static_cast<std::uint32_t>(threads % ws);
  last_ = nullptr;
}

void DivergenceCounter::threadExit(const BlockInfo &b, std::uint32_t thread) {
  if (std::vector<WarpLanes> *live = liveOf(&b)) {
    const std::uint32_t w = thread / b.launch->warp_size;
    if (w < live->size())
      ++(*live)[w].exited;
  }
}

std::vector<DivergenceCounter::WarpLanes> *DivergenceCounter::liveOf(const BlockInfo *b) {
  if (b == last_)
    return lastLive_;
  auto it = live_.find(b);
  if (it == live_.end())
    return nullptr;
  last_ = b;
  lastLive_ = &it->second;
  return lastLive_;
}

void DivergenceCounter::count(const BlockInfo *b, std::uint32_t warp, std::uint64_t mask,
                              SiteCounters &site) {
  const auto active = static_cast<std::uint32_t>(__builtin_popcountll(mask));
  ++site.instructions;
  site.active_lanes += active;
  if (std::vector<WarpLanes> *live = liveOf(b))
    if (warp < live->size()) {
      WarpLanes &w = (*live)[warp];
      if (active < w.live)
        ++site.partial;
      w.live -= std::min(w.live, w.exited);
      w.exited = 0;
    }
}

} // namespace warpsim::sim::profile
