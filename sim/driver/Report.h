// Reads the runtime's raw report (JSON lines with program counters),
// symbolizes it against the program's debug info, merges findings that
// name the same sites (summing their counts) and renders what a user reads:
// compute-sanitizer-like text, --json (docs/checks.md) and --sarif.
#pragma once

#include "Symbolizer.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace warpsim::driver {

struct ReportSite {
  std::string role, detail, threads;
  bool has_thread = false;
  unsigned block[3] = {0, 0, 0}, thread[3] = {0, 0, 0};
  std::uint64_t thread_count = 1;
  SourceLoc loc;
  std::vector<SourceLoc> stack; // callers, innermost first
};

struct ReportFinding {
  std::string kind, severity, kernel, space, object, hazard, message;
  std::uint64_t launch = 0, address = 0, size = 0, count = 1;
  bool fatal = false;
  std::vector<ReportSite> sites;
};

struct ReportSummary {
  std::uint64_t errors = 0;
  std::uint64_t warnings = 0;
  bool fatal = false;
  std::map<std::string, std::uint64_t> stats;
  std::vector<ReportFinding> findings; // merged, in order of first appearance
  // --suppressions / --kernel-name(-exclude): findings dropped (merged ones);
  // the *_used flags add the counts to --json (docs/checks.md).
  std::uint64_t suppressed = 0, kernel_filtered = 0;
  bool suppressions_used = false, kernel_filter_used = false;
  std::vector<std::string> unused_suppressions; // "FILE:LINE"
};

// errors and warnings again from the findings (after some were dropped).
void recount(ReportSummary &sum);

// Reads and merges the raw report.
ReportSummary readReport(const std::string &reportPath, const std::string &program);
// The "========= " text of the findings; at most `limit` of them (0: all).
std::string renderText(const ReportSummary &sum, std::uint64_t limit);
// Compatibility: read + render everything.
ReportSummary renderReport(const std::string &reportPath, const std::string &program,
                           std::string &text);

// --json FILE: {"version":1,"tool":"warpsim",...,"kernels":[{"name",
// "findings":[...]}]}; `profileJson` (may be empty) is embedded as "profile".
bool writeJsonReport(const std::string &path, const ReportSummary &sum, const std::string &input,
                     const std::string &profileJson);
// --sarif FILE: SARIF 2.1.0, one result per merged finding.
bool writeSarifReport(const std::string &path, const ReportSummary &sum, const std::string &input);

} // namespace warpsim::driver
