// `warpsim crosscheck --json FILE`: the comparison as JSON, every buffer and
// counter with its numbers and verdict, the stale known differences and the
// totals (schema in docs/cli.md, "crosscheck").
#pragma once

#include <string>

#include "crosscheck/CrosscheckReport.h"

namespace warpsim::driver {

std::string renderCrosscheckJson(const CrosscheckResult &r, int exitStatus);

} // namespace warpsim::driver
