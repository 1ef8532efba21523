// The synchronisation objects a block owns (compare Oclgrind's WorkGroup,
// which owns its barrier and its async copies). A waiting lane names one of
// them (Lane::waitOn); barrier events carry it (BarrierEvent::object).
#pragma once

#include <array>
#include <cstdint>

#include "warpsim/model/BlockBarrier.h"
#include "warpsim/model/Events.h"

namespace warpsim::sim {

struct SyncTable {
  // CTA barriers by bar.sync id; barrier 0 is __syncthreads. A barrier
  // without an explicit thread count waits for every live thread of the
  // block, so all sixteen start that way.
  std::array<model::BlockBarrier, model::kNamedBarriers> barriers;
  // The Hopper issue adds here: mbarriers keyed by shared-memory address,
  // the async-copy groups and in-flight copies, the cluster barrier.

  void reset(std::uint32_t threads) {
    for (model::BlockBarrier &b : barriers)
      b = model::BlockBarrier(threads);
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
};

} // namespace warpsim::sim
