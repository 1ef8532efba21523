// Bank conflicts of every shared-memory warp instruction, under the
// architecture's bank geometry (model/BankModel).
#pragma once

#include "SiteCounters.h"
#include "warpsim/model/BankModel.h"

namespace warpsim::sim::profile {

class SharedBankCounter {
public:
  explicit SharedBankCounter(const model::ArchSpec &arch) : model_(arch) {}
  void count(const WarpAccess &a, SiteCounters &site) const;
  unsigned bankCount() const { return model_.bankCount(); }

private:
  model::BankModel model_;
};

} // namespace warpsim::sim::profile
