#include "SharedBankCounter.h"

namespace warpsim::sim::profile {

void SharedBankCounter::count(const WarpAccess &a, SiteCounters &site) const {
  model::BankLane lanes[64];
  const std::uintptr_t base = a.block->smem_base;
  for (std::uint32_t i = 0; i < a.count; ++i)
    lanes[i] = {a.lanes[i].lane, a.lanes[i].size, a.lanes[i].addr - base};
  if (site.bank_load.empty())
    site.bank_load.assign(model_.bankCount(), 0);
  model::BankResult r = model_.evaluate(lanes, a.count, site.bank_load.data());
  site.wavefronts += r.wavefronts;
  site.ideal_wavefronts += r.ideal;
}

} // namespace warpsim::sim::profile
