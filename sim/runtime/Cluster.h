// One resident thread block cluster: its blocks, co-scheduled (admitted
// together, their slots kept until the last of them ends, so a peer's shared
// window is never another block's while the cluster runs), and the cluster
// barrier they share.
#pragma once

#include <cstdint>
#include <vector>

#include "warpsim/model/ClusterBarrier.h"
#include "warpsim/model/Dim3.h"

namespace warpsim::sim {

class BlockExecutor;

struct Cluster {
  std::uint64_t linear = 0;            // cluster index over the grid's clusters
  std::uint32_t firstSlot = 0;         // its blocks occupy slots firstSlot + rank
  std::vector<BlockExecutor *> blocks; // by rank
  std::vector<bool> ended;             // by rank: the block's threads all exited
  std::uint32_t live = 0;              // blocks not ended
  model::ClusterBarrier barrier;
};

} // namespace warpsim::sim
