// Reads the runtime's raw report (JSON lines with program counters),
// symbolizes it against the program's debug info and renders the summary a
// user reads.
#pragma once

#include <cstdint>
#include <map>
#include <string>

namespace warpsim::driver {

struct ReportSummary {
  std::uint64_t errors = 0;
  std::uint64_t warnings = 0;
  bool fatal = false;
  std::map<std::string, std::uint64_t> stats;
};

ReportSummary renderReport(const std::string &reportPath, const std::string &program,
                           std::string &text);

} // namespace warpsim::driver
