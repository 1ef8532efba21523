// Starting other programs from the driver: tools whose output is captured
// (clang++, nvcc) and built programs run with their own environment.
#pragma once

#include <sys/types.h>

#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace warpsim::driver {

// A fresh directory under the system's temporary directory ("" on failure).
std::string makeTempDir();

// Runs argv (argv[0] is the tool) through the shell with stderr joined to
// stdout, appending everything it prints to `output`. Its exit status, -1
// when it did not exit normally.
int runCommand(const std::vector<std::string> &argv, std::string &output);

struct ChildProcess {
  std::string path;                                     // the executable
  std::vector<std::string> argv;                        // argv[0] first
  std::vector<std::pair<std::string, std::string>> env; // set in the child only
  std::string output; // when not empty: the child's stdout and stderr go to this file
  // When set, called every 50 ms with the child's pid while it runs
  // (progress, --timeout); otherwise the driver just waits.
  std::function<void(pid_t)> watch;
  // When set, receives the child's peak resident set in KiB (--timing): at
  // least the fork's own until exec, i.e. the driver's private memory then.
  long *peak_rss_kb = nullptr;
};

// Forks, executes and waits for the child; returns its wait status (as from
// wait4), or -1 when no child could be started. A child that cannot
// execute prints why and exits with 127.
int runChild(const ChildProcess &c);

} // namespace warpsim::driver
