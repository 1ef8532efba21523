// Running a program that buildProgram made, the way `warpsim run` does: the
// runtime's options in WARPSIM_OPTIONS and a fresh raw report file in
// WARPSIM_REPORT, which the caller reads (readReport, readProfile) and removes.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "Cli.h"

namespace warpsim::driver {

struct SimulatedRun {
  bool started = false;   // the program ran and was waited for
  int wait_status = 0;    // as from waitpid
  std::string report;     // the raw report ("" when none could be made)
  bool timed_out = false; // --timeout ended it
  long peak_rss_kb = 0;   // the program's peak resident set (KiB)
};

class RunWatch;

// `env` is added to the program's environment; with `output` set, its stdout
// and stderr go to that file instead of warpsim's. Prints why when it fails.
SimulatedRun runSimulated(const CliOptions &o, const std::string &program,
                          const std::vector<std::pair<std::string, std::string>> &env = {},
                          const std::string &output = {}, RunWatch *watch = nullptr);

// The exit status `warpsim run` gives a finished run (main.cpp): 128+signal
// when the program was killed, 5 when warpsim ended it (a fatal finding, or
// the runtime's own status 86), else the program's own.
int runExitStatus(int wait_status, bool fatal);

} // namespace warpsim::driver
