// --suppressions FILE: rules that silence findings in code the user does not
// own (docs/cli.md, "Suppressions file"). One rule per line, fields
// `key=glob` separated by blanks, `#` starts a comment:
//   kind=race kernel=reduce* file=*/lib/*.cu function=helper*
// A finding is suppressed when every field of some rule matches it.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "Report.h"

namespace warpsim::driver {

struct SuppressionRule {
  unsigned line = 0;                  // in the file, for messages
  std::vector<std::string> kinds;     // exact kinds (empty: any)
  std::string kernel, function, file; // fnmatch globs (empty: any)
  std::uint64_t used = 0;             // findings it suppressed
};

struct Suppressions {
  std::string path;
  std::vector<SuppressionRule> rules;
};

// Reads FILE; on a bad line returns false with `error` set to
// "FILE:LINE: what is wrong".
bool loadSuppressions(const std::string &path, Suppressions &out, std::string &error);
// Whether `rule` matches `f` (kind, kernel, and a site or a frame of its
// call stack for function and file).
bool suppressionMatches(const SuppressionRule &rule, const ReportFinding &f);
// Drops the suppressed findings from `sum` (fatal ones are always kept),
// recounts errors and warnings and records how many were dropped in
// sum.suppressed; counts each rule's uses.
void applySuppressions(Suppressions &s, ReportSummary &sum);
// "========= warpsim: unused suppression at FILE:LINE" lines and the count.
std::string suppressionSummary(const Suppressions &s, const ReportSummary &sum);

} // namespace warpsim::driver
