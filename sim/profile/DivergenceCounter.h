// Active lanes of every warp instruction: SIMT efficiency (active lanes /
// warp size, as Nsight Compute's "average active threads per warp") and
// instructions issued with a partial mask (fewer lanes than the warp still
// has: the warp diverged there). A lane that exits still counts as live
// until its warp issues the next instruction: with
//   if (even) a(); else b();   // and nothing after
// the even lanes exit after a() before the odd lanes run b(), and b() is
// still a divergent instruction.
#pragma once

#include <unordered_map>
#include <vector>

#include "SiteCounters.h"

namespace warpsim::sim::profile {

class DivergenceCounter {
public:
  void blockBegin(const BlockInfo &b);
  void threadExit(const BlockInfo &b, std::uint32_t thread);
  void count(const BlockInfo *b, std::uint32_t warp, std::uint64_t mask, SiteCounters &site);
  void clear() {
    live_.clear();
    last_ = nullptr;
    lastLive_ = nullptr;
  }

private:
  // Live lanes per warp of each resident block (keyed by the block's slot
  // info, which the engine reuses for the next block in that slot).
  struct WarpLanes {
    std::uint32_t live = 0;   // lanes not exited before the warp's last instruction
    std::uint32_t exited = 0; // exits since then
  };
  std::vector<WarpLanes> *liveOf(const BlockInfo *b);
  std::unordered_map<const BlockInfo *, std::vector<WarpLanes>> live_;
  const BlockInfo *last_ = nullptr;
  std::vector<WarpLanes> *lastLive_ = nullptr;
};

} // namespace warpsim::sim::profile
