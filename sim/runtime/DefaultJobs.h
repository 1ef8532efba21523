// The default number of host threads that run blocks (--jobs without N).
#pragma once

namespace warpsim::sim {

// The cores this process may use, less those other work keeps busy: on a
// machine busier than its cores, parallel rounds wait for the operating
// system to run each block's host thread again at every serial issue, and
// are slower than one thread. `load` is the 1-minute load average, which
// counts this process's own running thread: it is discounted. At least 1.
unsigned defaultJobs(unsigned cores, double load);

// defaultJobs() for this process now (sched_getaffinity, getloadavg). With
// `why`, also says how it was chosen (for --timing).
unsigned defaultJobsNow(char *why, unsigned whyLen);

} // namespace warpsim::sim
