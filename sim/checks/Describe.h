// Names what an address is in, for reports: "__shared__ 'tile' + 8",
// "allocation #2 (4096 bytes) + 128", "__device__ 'table' + 4".
#pragma once

#include <cstdint>
#include <string>

#include "Findings.h"
#include "Observer.h"

namespace warpsim::sim {
class ObserverContext;

std::string describeAddress(const ObserverContext &cx, const BlockInfo *block, std::uintptr_t addr,
                            MemorySpace space);
} // namespace warpsim::sim
