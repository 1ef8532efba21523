// Names what an address is in, for reports: "__shared__ 'tile' + 8",
// "allocation #2 (4096 bytes) + 128", "__device__ 'table' + 4".
#pragma once

#include <cstdint>
#include <string>

#include "Observer.h"

namespace warpsim::sim {
class Runtime;

std::string describeAddress(const Runtime &rt, const BlockInfo *block, std::uintptr_t addr,
                            MemorySpace space);
// Linear global thread id -> (block, thread) coordinates of the launch.
void threadCoords(const LaunchInfo &launch, std::uint64_t block, std::uint32_t thread, Dim3 &b,
                  Dim3 &t);
} // namespace warpsim::sim
