// hipcc's command line, as `warpsim hipcc` (and `warpsim-hipcc`) accepts it
// (docs/hip.md, "warpsim hipcc"). It fills the options `warpsim nvcc` builds
// from (NvccArgs.h): both drivers share NvccCommand.cpp's compile and link.
#pragma once

#include <string>
#include <vector>

#include "NvccArgs.h"

namespace warpsim::driver {

// Parses hipcc's (clang's) arguments: -o, -c, -I, -isystem, -D, -U, -O*, -g*,
// -std=, --offload-arch=gfx942, -x hip|c++|c, -fgpu-rdc, -l, -L, -Wl,,
// -Xlinker, -include, -M/-MD/-MF/-MT, -v, --version. Sources .hip, .cpp,
// .cc, .cxx and .cu are HIP (as hipcc compiles them), .c is C.
NvccParse parseHipccCommandLine(std::vector<std::string> args);

} // namespace warpsim::driver
