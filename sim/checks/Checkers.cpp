// The correctness checkers (detectors issue): none yet.
#include "Install.h"
#include "Runtime.h"

namespace warpsim::sim {
void installCheckers(Runtime &) {}
} // namespace warpsim::sim
