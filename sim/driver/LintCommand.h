// `warpsim lint FILE.cu`: the front end's static checks (frontend/Lint.h).
#pragma once

#include "Cli.h"

namespace warpsim::driver {

// Prints the warnings (clang's format) and a one-line summary; returns 0,
// 1 with --Werror when there were warnings, 4 when the file did not parse.
int runLint(const CliOptions &o);

} // namespace warpsim::driver
