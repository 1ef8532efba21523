// Where observers come from: the runtime installs the checkers named in
// Options::checks and the profiler when Options::profile is set.
#pragma once

namespace warpsim::sim {
class Runtime;

// Installs every observer the options ask for (called once, at start-up).
void installObservers(Runtime &rt);
// Defined by the detectors (sim/checks/) and the profiler (sim/profile/).
void installCheckers(Runtime &rt);
void installProfiler(Runtime &rt);
} // namespace warpsim::sim
