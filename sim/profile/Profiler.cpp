// The performance counters (warp-model issue): none yet.
#include "Runtime.h"
#include "checks/Install.h"

namespace warpsim::sim {
void installProfiler(Runtime &) {}
} // namespace warpsim::sim
