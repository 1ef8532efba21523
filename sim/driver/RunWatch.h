// Watching a simulated program while it runs: the progress line on a
// terminal (blocks done / total, launches, events per second, elapsed) and
// --timeout (ask the program for its threads' stacks, then end it). With
// neither, the driver just waits, as before.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <string>
#include <utility>
#include <vector>

#include "Cli.h"

namespace warpsim::sim {
struct ProgressBoard;
}

namespace warpsim::driver {

class RunWatch {
public:
  explicit RunWatch(const CliOptions &o);
  ~RunWatch();
  RunWatch(const RunWatch &) = delete;
  RunWatch &operator=(const RunWatch &) = delete;

  bool active() const { return board_ != nullptr || timeout_s_ != 0; }
  // Added to the program's environment (the progress board's file).
  std::vector<std::pair<std::string, std::string>> env() const;
  // Called a few times a second while the program runs.
  void tick(pid_t pid);
  // Erases the progress line (before any report line is printed).
  void clear();
  bool timedOut() const { return signalled_; }
  unsigned timeoutSeconds() const { return timeout_s_; }

private:
  using Clock = std::chrono::steady_clock;
  void draw(double elapsed);

  unsigned timeout_s_ = 0;
  std::string boardPath_;
  sim::ProgressBoard *board_ = nullptr;
  Clock::time_point start_, lastDraw_, signalledAt_;
  bool drawn_ = false, signalled_ = false, killed_ = false;
};

// Whether the progress line is shown: stderr is a terminal, --no-progress
// is not given and no report goes to stdout.
bool progressWanted(const CliOptions &o);

} // namespace warpsim::driver
