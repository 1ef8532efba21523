// mbarrier misuse (PTX ISA, mbarrier): an operation on memory that holds no
// valid mbarrier (before init, after inval), init of a valid one, an
// expected count or tx-count out of range, more arrivals than the phase has
// pending, an arrive.noComplete that completes the phase, a wait on a phase
// older than the immediately preceding one, arrivals on a phase whose
// predecessor no wait observed, an mbarrier outside the block's shared
// memory or misaligned. Each names the PTX rule; one finding per call site
// and rule in a launch. A wait that can never succeed ends in the engine's
// deadlock report, which names the mbarrier and the phase.
#pragma once

#include "FindingTable.h"
#include "Observer.h"

namespace warpsim::sim {
class ObserverContext;

class MBarrierChecker final : public Observer {
public:
  explicit MBarrierChecker(ObserverContext &cx) : cx_(cx) {}
  unsigned interests() const override { return kEverything & ~kAccesses; }
  // mbarrier operations happen in serial phases (--jobs).
  bool blockParallel() const override { return true; }
  // A kernel that uses mbarriers runs on fibers (KernelTraits).
  bool silentOnDirect() const override { return true; }
  void onLaunchEnd(const LaunchInfo &l) override;
  void onMBarrier(const MBarrierEvent &) override;

private:
  ObserverContext &cx_;
  FindingTable<> table_;
};

} // namespace warpsim::sim
