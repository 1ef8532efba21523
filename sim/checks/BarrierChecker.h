// Barrier errors the engine's execution does not stop at: threads of one
// block completing a barrier phase at different __syncthreads() call sites
// (barrier-divergence), threads (or whole warps) that exit while the rest of
// the block waits at a barrier (barrier-skipped), and both of these when the
// barrier sits in a loop whose trip count differs per thread
// (barrier-in-divergent-loop). Deadlocks and livelocks end the run and are
// reported by the engine itself.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "FindingTable.h"
#include "Findings.h"
#include "Observer.h"

namespace warpsim::sim {
class ObserverContext;

class BarrierChecker final : public Observer {
public:
  explicit BarrierChecker(ObserverContext &cx);
  unsigned interests() const override { return kEverything & ~kAccesses; }
  // Its state is per block; findings per slot in parallel phases.
  bool blockParallel() const override { return true; }
  // A direct launch goes back to fibers when lanes of a block wait at
  // different barriers or exit while others wait at one.
  bool silentOnDirect() const override { return true; }
  void onPhaseEnd(const std::vector<std::uint32_t> &slots) override { table_.mergeShards(slots); }
  void onLaunchBegin(const LaunchInfo &l) override;
  void onLaunchEnd(const LaunchInfo &) override;
  void onBlockBegin(const BlockInfo &) override;
  void onBarrierArrive(const BarrierEvent &) override;
  void onBarrierComplete(const BarrierEvent &) override;
  void onThreadExit(const BlockInfo &, std::uint32_t thread) override;

private:
  struct Slot {
    std::uintptr_t firstPc = 0;        // barrier site of the phase's first arrival
    std::uint32_t firstSite = kNoSite; // its static site id
    std::uint32_t firstThread = 0;
    bool loopSkip = false;              // an exited thread had last arrived at this phase's site
    std::vector<std::uint32_t> exited;  // threads that exited during the phase
    std::vector<std::uintptr_t> lastPc; // per thread: the last barrier site it reached
  };
  Slot &slotOf(const BlockInfo *b);
  FindingSite site(const BlockInfo &b, std::uint32_t thread, std::uintptr_t pc,
                   std::uint32_t staticSite, const char *role, std::string detail);
  void add(std::string kind, std::uintptr_t a, std::uintptr_t b, Finding f);

  ObserverContext &cx_;
  const LaunchInfo *launch_ = nullptr;
  unsigned ws_ = 32;
  std::vector<Slot> slots_;
  FindingTable<> table_;
};

} // namespace warpsim::sim
