// Accesses to the destination of an async copy still in flight (cp.async,
// __pipeline_memcpy_async, cuda::memcpy_async): a read before the wait that
// covers the copy sees the old bytes, a write may be overwritten when the
// copy lands. Reported once per pair of sites (the access, the copy's
// issue) in a launch. How late copies land is --async-completion's choice
// (docs/hopper.md); under `eager` nothing is ever in flight.
#pragma once

#include <cstdint>
#include <vector>

#include "FindingTable.h"
#include "Observer.h"

namespace warpsim::sim {
class ObserverContext;

class AsyncCopyChecker final : public Observer {
public:
  explicit AsyncCopyChecker(ObserverContext &cx);
  // In-flight copies are per block; copies are issued and land in serial
  // phases (--jobs), accesses are checked beside other blocks.
  bool blockParallel() const override { return true; }
  // A kernel that makes async copies runs on fibers (KernelTraits).
  bool silentOnDirect() const override { return true; }
  void onPhaseEnd(const std::vector<std::uint32_t> &slots) override { table_.mergeShards(slots); }
  void onLaunchBegin(const LaunchInfo &l) override {
    slots_.resize(l.slots);
    table_.reserveShards(l.slots);
  }
  void onLaunchEnd(const LaunchInfo &l) override;
  void onBlockBegin(const BlockInfo &b) override;
  void onWarpAccess(const WarpAccess &a) override;
  void onAsyncCopy(const AsyncCopyEvent &e) override;

private:
  struct InFlight {
    std::uintptr_t dst;
    std::uint32_t size;
    std::uint32_t thread;
    std::uintptr_t pc;
    std::uintptr_t src; // read when the copy lands
    AsyncCopyKind kind;
    std::uint32_t srcSize;
    // The issue's site with the issuing thread's callers then: by the time
    // an access finds the copy in flight the thread may be in another
    // function, and a multicast's issuer in another CTA of the cluster.
    FindingSite issue;
  };
  // The slot whose in-flight list holds the copy: its destination's CTA
  // (a cluster peer for a multicast or shared::cluster load).
  std::vector<InFlight> &slotOfCopy(const AsyncCopyEvent &e);
  void report(const WarpAccess &a, const LaneAccess &la, const InFlight &c, bool source);
  std::vector<InFlight> &slotOf(const BlockInfo *b);

  ObserverContext &cx_;
  std::vector<std::vector<InFlight>> slots_; // per resident slot
  FindingTable<> table_;
};

} // namespace warpsim::sim
