// --html FILE: one self-contained page per run (inline CSS, inline SVG, a
// few lines of inline JS, no external URL): a summary with the counts per
// kind, each finding with its sites' source lines in context, the threads and
// blocks, the call stacks, and, with --profile, the per-line table and the
// profile's pictures. Built from the same ReportSummary and ProfileData as
// the --json report. See docs/cli.md, "HTML report".
#pragma once

#include "ProfileReport.h"
#include "Report.h"

#include <cstdint>
#include <string>

namespace warpsim::driver {

// What the page's header says about the run: only what the user chose, so
// the same run gives the same bytes (no times, no temporary paths).
struct HtmlRunInfo {
  std::string command; // "run" or "check"
  std::string input;   // the .cu file as the user named it
  std::string arch, schedule, thread_model, checks;
  unsigned warp_size = 0; // 0: the architecture's
  std::uint64_t seed = 1;
};

// The page; `profile` is null without --profile.
std::string renderHtmlReport(const ReportSummary &sum, const ProfileData *profile,
                             const HtmlRunInfo &info);
// Writes `html` to `path`; false when it cannot.
bool writeHtmlReport(const std::string &path, const std::string &html);
// Why `path` cannot be written (empty when it can): checked before the run,
// so a bad --html ends in one message instead of a lost report.
std::string htmlPathProblem(const std::string &path);

} // namespace warpsim::driver
