// `warpsim nvcc` and `warpsim-nvcc`: a drop-in for nvcc that compiles each
// translation unit into an instrumented object and links simulated
// executables (docs/cli.md, "warpsim nvcc"; docs/integration.md).
#pragma once

#include <string>
#include <vector>

namespace warpsim::driver {

// `args` are nvcc's arguments (after `warpsim nvcc`). Returns the exit
// status: 0, 2 bad usage, 4 a unit did not compile or the link failed.
int runNvcc(const std::vector<std::string> &args);

// Is this executable called as warpsim-nvcc (argv[0]'s file name)?
bool calledAsNvcc(const char *argv0);

// `warpsim hipcc` and `warpsim-hipcc` (docs/hip.md): hipcc's command line,
// the same build as runNvcc's with HIP units.
int runHipcc(const std::vector<std::string> &args);
bool calledAsHipcc(const char *argv0);

} // namespace warpsim::driver
