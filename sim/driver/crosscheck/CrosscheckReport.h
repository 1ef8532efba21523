// What `warpsim crosscheck` prints: compute-sanitizer-like "========= " lines,
// one table of buffers, one of counters per kernel, the stale known
// differences, and one summary line whose shape scripts parse:
//   ========= crosscheck: outputs A identical, B known, C differing;
//   counters D equal, E known, F differing; G stale      (one line)
#pragma once

#include <string>
#include <vector>

#include "crosscheck/Comparison.h"

namespace warpsim::driver {

struct CrosscheckResult {
  std::string input;              // the .cu file as named in the header
  std::string arch, schedule;     // of the simulated run
  std::string reference;          // "recorded GPU outputs FILE" or "native GPU run (...)"
  std::vector<std::string> notes; // e.g. "native build: skipped, nvcc not found"
  std::string known_path;         // for file:line of stale entries
  bool counters_compared = false;
  std::vector<BufferComparison> outputs;
  std::vector<KernelComparison> kernels;
  std::vector<StaleKnown> stale;
  CrosscheckTotals totals;
};

std::string renderCrosscheckText(const CrosscheckResult &r);
// The summary line alone (no newline).
std::string crosscheckSummaryLine(const CrosscheckTotals &t);
// "differs: 61 of 128, max abs 4.66e-09, max ulp 2" and the like.
std::string describeBuffer(const BufferComparison &b);

} // namespace warpsim::driver
