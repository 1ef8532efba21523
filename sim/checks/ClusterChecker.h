// Thread block clusters (PTX ISA barrier.cluster; CUDA Programming Guide,
// distributed shared memory):
//  * cluster-barrier: barrier.cluster.arrive twice in one phase, or
//    barrier.cluster.wait without an arrive before it;
//  * dsmem-lifetime: a block's shared memory read or written by a peer of its
//    cluster after the block exited, or by an access not ordered before the
//    block's exit. A block's shared memory goes when the block exits, so a
//    peer must be done with it first: the peer's access, then its arrive on
//    the cluster barrier (release or relaxed) or on an mbarrier of the owner,
//    then a wait of the owner for that phase (cluster.sync() at the end of
//    the kernel).
// A thread that skips barrier.cluster.arrive leaves its peers waiting: the
// engine's deadlock report names the cluster barrier and its phase.
#pragma once

#include <cstdint>
#include <map>
#include <set>
#include <utility>
#include <vector>

#include "FindingTable.h"
#include "Observer.h"

namespace warpsim::sim {
class ObserverContext;

class ClusterChecker final : public Observer {
public:
  explicit ClusterChecker(ObserverContext &cx);
  // Launches with clusters run on one thread; without, a block's accesses
  // are to its own window only (a peer's is an invalid address).
  bool blockParallel() const override { return true; }
  // Launches with clusters run on fibers.
  bool silentOnDirect() const override { return true; }
  void onLaunchBegin(const LaunchInfo &) override;
  void onLaunchEnd(const LaunchInfo &) override;
  void onBlockBegin(const BlockInfo &) override;
  void onBlockEnd(const BlockInfo &) override;
  void onWarpAccess(const WarpAccess &) override;
  void onClusterBarrier(const ClusterBarrierEvent &) override;
  void onMBarrier(const MBarrierEvent &) override;

private:
  // A peer thread's latest access to a block's shared memory, and the
  // phase of the first release arrive it made after it.
  struct PeerAccess {
    std::uintptr_t pc = 0, addr = 0;
    AccessKind kind = AccessKind::Load;
    Dim3 block, thread;
    bool arrived = false;
    std::uint64_t phase = 0;
    std::uintptr_t mbar = 0;      // arrived on the owner's mbarrier (0: the cluster barrier)
    std::uint32_t site = kNoSite; // the static site id taken with `pc`
  };
  struct Owner {
    const BlockInfo *info = nullptr;
    bool ended = false;
    std::uint64_t observed = 0; // phases below this: a thread of the block waited for them
    std::map<std::uintptr_t, std::uint64_t> mbarObserved; // the same, per mbarrier of the block
    // By accessing thread (linear block, thread).
    std::map<std::pair<std::uint64_t, std::uint32_t>, PeerAccess> peers;
  };
  void report(const Owner &owner, const PeerAccess &a, bool afterExit);
  // The thread's accesses to `slots` not yet followed by an arrival are
  // followed by this one (at `phase` of the cluster barrier or of `mbar`).
  void arrived(std::pair<std::uint64_t, std::uint32_t> who, std::uint64_t phase,
               std::uintptr_t mbar, std::uint32_t onlySlot);

  ObserverContext &cx_;
  std::vector<Owner> owners_; // by resident slot
  // Accessing threads with an access not yet followed by a release arrive,
  // and the slots they accessed.
  std::map<std::pair<std::uint64_t, std::uint32_t>, std::set<std::uint32_t>> unarrived_;
  FindingTable<> table_;
};

} // namespace warpsim::sim
