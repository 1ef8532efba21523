// --kernel-name FILTER / --kernel-name-exclude FILTER, in compute-sanitizer's
// syntax: `kernel_name=NAME` or `kne=NAME` (the whole name), `kernel_substring=S`
// or `kns=S` (part of it), several joined by commas (all must hold); a plain
// NAME means kne=NAME. Names are the ones warpsim reports (docs/cli.md).
#pragma once

#include <string>
#include <vector>

#include "Report.h"

namespace warpsim::driver {

struct KernelFilter {
  std::vector<std::string> exact, substrings; // all must hold
};

struct KernelFilters {
  std::vector<KernelFilter> include, exclude; // any of them
  bool empty() const { return include.empty() && exclude.empty(); }
  // Whether findings of kernel `name` are reported.
  bool selects(const std::string &name) const;
};

// Parses one option's value; on error returns false and sets `error`.
bool parseKernelFilter(const std::string &option, const std::string &text, KernelFilter &out,
                       std::string &error);
// Drops the findings of kernels not selected (host findings, without a
// kernel, and fatal ones stay) and records how many in sum.kernel_filtered.
void applyKernelFilters(const KernelFilters &k, ReportSummary &sum);

} // namespace warpsim::driver
