// HIP source: which inputs are HIP, and what hipcc's compile of them means
// for warpsim (docs/hip.md): the AMD architecture by default, hipcc's
// predefined macros, and the architecture a program built from HIP runs at.
#pragma once

#include <string>
#include <vector>

#include "Cli.h"

namespace warpsim::driver {

// The architecture HIP source is simulated on unless --arch names another:
// AMD CDNA3 (MI300X, gfx942), wave64.
inline constexpr const char *kHipDefaultArch = "cdna3";

// Is `path` HIP source? A `.hip` file, or a source file whose text includes
// a `hip/` header (`#include <hip/hip_runtime.h>`), as hipcc takes `.cpp`.
bool isHipSource(const std::string &path);

// Sets o.hip from the input, and the HIP default architecture when the
// command line named none.
void applyHipDefaults(CliOptions &o);

// The macros hipcc predefines for a unit built for `arch` at `warpSize`
// lanes (0: the architecture's), as -D arguments' text (NAME=VALUE):
// __HIP__, __HIPCC__, __HIP_PLATFORM_AMD__, __AMDGCN_WAVEFRONT_SIZE,
// __gfx942__ ... and warpsim's __WARPSIM_HIP_ARCH__ /
// __WARPSIM_HIP_GCN_ARCH_NAME__ (hip/hip_runtime.h).
std::vector<std::string> hipDefines(const std::string &arch, unsigned warpSize);

// hipcc's --offload-arch value (gfx942, gfx942:sramecc+:xnack-, native) to
// the simulated architecture; empty with `why` when none matches.
std::string simulatedArchForOffload(const std::string &offloadArch, std::string &why);

// The architecture a program built from HIP names in itself
// (hip/hip_runtime.h's warpsim_program_arch), or empty: `warpsim run|check
// --exec` runs it there unless --arch is given.
std::string programArch(const std::string &program);

} // namespace warpsim::driver
