// Names what an address is in, for reports: "__shared__ 'tile' + 8",
// "allocation #2 (4096 bytes) + 128", "__device__ 'table' + 4".
#pragma once

#include <cstdint>
#include <string>

#include "Findings.h"
#include "Observer.h"

namespace warpsim::sim {
class Runtime;

std::string describeAddress(const Runtime &rt, const BlockInfo *block, std::uintptr_t addr,
                            MemorySpace space);
// Linear global thread id -> (block, thread) coordinates of the launch.
void threadCoords(const LaunchInfo &launch, std::uint64_t block, std::uint32_t thread, Dim3 &b,
                  Dim3 &t);
// A finding site for `thread` of the resident block `b` at `pc` (and the
// static site id `site` taken with it, kNoSite if none): with the thread's
// call stack (through BlockInfo::threads), or only its coordinates when
// there is no pc.
FindingSite threadSite(const BlockInfo &b, std::uint32_t thread, std::uintptr_t pc,
                       std::uint32_t site, const char *role);
} // namespace warpsim::sim
