// --timeout: when the driver decides the program has run too long it sends
// a signal; the runtime then records where each host thread was (its call
// stack in the program image, and the GPU thread running on it, if any) as a
// fatal `timeout` finding and ends the program (docs/cli.md, --timeout).
#pragma once

#include <atomic>
#include <csignal>

#include "Findings.h"
#include "Observer.h"
#include "ProgressBoard.h"

namespace warpsim::sim {

void installHostStackDump();

// Set by the handler when a kernel was running: the grid runner then ends
// the launch with a `timeout` finding (GridRunner::reportTimeout).
extern std::atomic<bool> g_timeoutPending;
inline bool timeoutPending() { return g_timeoutPending.load(std::memory_order_relaxed); }
// One site per host thread recorded by the handler (main first); the
// calling thread, which runs `running`, is named at its launch when the
// handler found no program frame on it.
void addHostThreadSites(Finding &f, const LaunchInfo &running);

} // namespace warpsim::sim
