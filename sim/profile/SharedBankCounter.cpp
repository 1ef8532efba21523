#include "SharedBankCounter.h"

#include "MemoryMap.h"

namespace warpsim::sim::profile {

void SharedBankCounter::count(const WarpAccess &a, SiteCounters &site) const {
  model::BankLane lanes[64];
  const std::uintptr_t base = a.block->smem_base;
  // Distributed shared memory (a peer block's window) goes over the
  // cluster's network, not through this SM's banks: ncu counts no shared
  // wavefronts for it (kernels/h04_cluster_reduce.cu on the H100).
  std::uint32_t n = 0;
  for (std::uint32_t i = 0; i < a.count; ++i)
    if (a.lanes[i].addr - base < MemoryMap::kSharedWindow)
      lanes[n++] = {a.lanes[i].lane, a.lanes[i].size, a.lanes[i].addr - base};
  const std::size_t banks = model_.bankCount();
  if (site.bank_load.empty())
    site.bank_load.assign(banks, 0);
  std::uint64_t load[64] = {};
  model::BankResult r = model_.evaluate(lanes, n, load);
  for (std::size_t b = 0; b < banks; ++b)
    site.bank_load[b] += load[b];
  if (r.wavefronts > site.worst_wavefronts) {
    site.worst_wavefronts = r.wavefronts;
    site.worst_bank_load.assign(load, load + banks);
  }
  site.wavefronts += r.wavefronts;
  site.ideal_wavefronts += r.ideal;
}

} // namespace warpsim::sim::profile
