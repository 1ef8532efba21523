// Thread block clusters (sm_90): the grid is tiled by clusters of
// `cluster` blocks; a block's rank in its cluster is its position within the
// tile, x fastest (as %cluster_ctarank on an H100:
// tests/runtime/cluster/probe_clusters.h100.txt).
#pragma once

#include "warpsim/model/Dim3.h"

namespace warpsim::model {

struct ClusterShape {
  Dim3 grid;    // blocks
  Dim3 cluster; // blocks per cluster (1,1,1: every block its own cluster)

  Dim3 clusters() const { return {grid.x / cluster.x, grid.y / cluster.y, grid.z / cluster.z}; }
  Dim3 clusterOf(const Dim3 &block) const {
    return {block.x / cluster.x, block.y / cluster.y, block.z / cluster.z};
  }
  Dim3 inCluster(const Dim3 &block) const {
    return {block.x % cluster.x, block.y % cluster.y, block.z % cluster.z};
  }
  std::uint32_t rankOf(const Dim3 &block) const {
    return static_cast<std::uint32_t>(linearize(inCluster(block), cluster));
  }
  // The linear cluster index of the block with linear index `block`.
  std::uint32_t clusterOfLinear(std::uint64_t block) const {
    if (cluster.volume() == 1)
      return static_cast<std::uint32_t>(block);
    return static_cast<std::uint32_t>(linearize(clusterOf(delinearize(block, grid)), clusters()));
  }
  // Block `rank` of cluster `c` (linear cluster index).
  Dim3 blockOf(std::uint64_t c, std::uint32_t rank) const {
    const Dim3 ci = delinearize(c, clusters());
    const Dim3 r = delinearize(rank, cluster);
    return {ci.x * cluster.x + r.x, ci.y * cluster.y + r.y, ci.z * cluster.z + r.z};
  }
};

} // namespace warpsim::model
