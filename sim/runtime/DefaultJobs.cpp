#include "DefaultJobs.h"

#include <sched.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <thread>

namespace warpsim::sim {

unsigned defaultJobs(unsigned cores, double load) {
  cores = std::max(1u, cores);
  const double others = std::max(0.0, load - 1.0); // this process runs too
  const double busy = std::min(static_cast<double>(cores), std::floor(others + 0.5));
  return std::max(1u, cores - static_cast<unsigned>(busy));
}

unsigned defaultJobsNow(char *why, unsigned whyLen) {
  // The cores this process may run on (taskset, cpusets), not the machine's.
  cpu_set_t set;
  const unsigned cores = sched_getaffinity(0, sizeof set, &set) == 0
                             ? static_cast<unsigned>(CPU_COUNT(&set))
                             : std::thread::hardware_concurrency();
  double load = 0;
  const bool known = getloadavg(&load, 1) == 1;
  const unsigned n = known ? defaultJobs(cores, load) : std::max(1u, cores);
  if (why != nullptr && whyLen != 0) {
    if (known)
      std::snprintf(why, whyLen, "%u core%s, load average %.2f", cores, cores == 1 ? "" : "s",
                    load);
    else
      std::snprintf(why, whyLen, "%u core%s, load average unknown", cores, cores == 1 ? "" : "s");
  }
  return n;
}

} // namespace warpsim::sim
