#include "GlobalCoalescingCounter.h"

namespace warpsim::sim::profile {

void GlobalCoalescingCounter::count(const WarpAccess &a, SiteCounters &site) const {
  model::CoalescingLane lanes[64];
  for (std::uint32_t i = 0; i < a.count; ++i)
    lanes[i] = {a.lanes[i].addr, a.lanes[i].size};
  model::CoalescingResult r = model_.evaluate(lanes, a.count);
  site.requests += r.requests;
  site.sectors += r.sectors;
  site.ideal_sectors += r.ideal;
}

} // namespace warpsim::sim::profile
