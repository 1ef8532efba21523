// Sectors and requests of every global-memory warp instruction
// (model/CoalescingModel).
#pragma once

#include "SiteCounters.h"
#include "warpsim/model/CoalescingModel.h"

namespace warpsim::sim::profile {

class GlobalCoalescingCounter {
public:
  explicit GlobalCoalescingCounter(const model::ArchSpec &arch) : model_(arch) {}
  void count(const WarpAccess &a, SiteCounters &site) const;

private:
  model::CoalescingModel model_;
};

} // namespace warpsim::sim::profile
