// The synchronisation objects a block owns (compare Oclgrind's WorkGroup,
// which owns its barrier and its async copies). A waiting lane names one of
// them (Lane::waitOn); barrier events carry it (BarrierEvent::object). The
// state machines are model/'s.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <vector>

#include "warpsim/model/AsyncGroups.h"
#include "warpsim/model/BlockBarrier.h"
#include "warpsim/model/Events.h"
#include "warpsim/model/MBarrier.h"

namespace warpsim::sim {

struct SyncTable {
  // CTA barriers by bar.sync id; barrier 0 is __syncthreads. A barrier
  // without an explicit thread count waits for every live thread of the
  // block, so all sixteen start that way.
  std::array<model::BlockBarrier, model::kNamedBarriers> barriers;
  // mbarrier objects, by shared-memory address (an ordered map: reports and
  // deadlock listings walk it in address order).
  std::map<std::uintptr_t, model::MBarrier> mbarriers;
  // Per thread: its async-copy groups (made on first use; most blocks
  // never issue an async copy).
  std::vector<model::AsyncGroups> asyncGroups;
  // Per thread: its bulk-copy groups (cp.async.bulk.commit_group), separate
  // from cp.async's.
  std::vector<model::AsyncGroups> bulkGroups;
  // The cluster's barrier (barrier.cluster), shared by the cluster's blocks
  // and owned by the grid runner; null without clusters.
  model::BlockBarrier *cluster = nullptr;

  void reset(std::uint32_t threads) {
    for (model::BlockBarrier &b : barriers)
      b = model::BlockBarrier(threads);
    mbarriers.clear();
    asyncGroups.clear();
    bulkGroups.clear();
    threads_ = threads;
    cluster = nullptr;
  }
  model::AsyncGroups &groupsOf(std::uint32_t thread) {
    if (asyncGroups.empty())
      asyncGroups.resize(threads_);
    return asyncGroups[thread];
  }
  model::AsyncGroups &bulkGroupsOf(std::uint32_t thread) {
    if (bulkGroups.empty())
      bulkGroups.resize(threads_);
    return bulkGroups[thread];
  }
  model::BlockBarrier &barrier(std::uint32_t id) { return barriers[id]; }
  const model::BlockBarrier &barrier(std::uint32_t id) const { return barriers[id]; }

  // A thread exited: it no longer holds any barrier. Returns the ids of the
  // barriers this completed, as a bit set.
  std::uint32_t threadExited() {
    std::uint32_t completed = 0;
    for (std::uint32_t id = 0; id < barriers.size(); ++id)
      if (barriers[id].threadExited())
        completed |= 1u << id;
    return completed;
  }

private:
  std::uint32_t threads_ = 0;
};

} // namespace warpsim::sim
