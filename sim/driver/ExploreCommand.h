// `warpsim explore FILE.cu --seeds A..B [--jobs N] [--json FILE] [run options]`:
// compiles once, runs `warpsim run FILE --schedule random --seed S [run
// options]` for every seed S, N processes at a time, and reports the distinct
// outcomes and findings (docs/explore.md). `warpsim merge A.json B.json ...`
// combines explore reports of any seed ranges into the report of their union.
#pragma once

#include <string>
#include <vector>

namespace warpsim::driver {

// `args` starts with "explore" / "merge"; returns the exit status.
int runExplore(const std::vector<std::string> &args);
int runMerge(const std::vector<std::string> &args);

} // namespace warpsim::driver
