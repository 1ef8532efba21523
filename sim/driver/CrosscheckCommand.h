// `warpsim crosscheck FILE.cu`: the program in the simulator against the same
// program on a GPU (run natively, or its recorded outputs and ncu counters),
// buffer by buffer and counter by counter (docs/cli.md, "crosscheck").
#pragma once

#include "Cli.h"

namespace warpsim::driver {

// The exit status: 0 all agree or known, 1 a difference, a stale known
// difference or a failed program, 2 bad usage or input files, 4 a compile error.
int runCrosscheck(const CliOptions &o);

} // namespace warpsim::driver
