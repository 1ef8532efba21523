#include "RuntimePaths.h"

#include <filesystem>
#include <system_error>

namespace fs = std::filesystem;

namespace warpsim::driver {
namespace {

// File names of the runtime archives and the install layout relative to the
// executable's directory come from CMake (sim/CMakeLists.txt).
// The checkers' archive comes second: linked whole (Compiler.cpp), it needs
// only the archives after it.
const char *const kLibraryNames[] = {WARPSIM_RT_LIB_NAME, WARPSIM_CHECKS_LIB_NAME,
                                     WARPSIM_CORE_LIB_NAME, WARPSIM_MODEL_LIB_NAME,
                                     WARPSIM_ERRORS_LIB_NAME};
const char *const kBuildLibraries[] = {WARPSIM_RT_LIB, WARPSIM_CHECKS_LIB, WARPSIM_CORE_LIB,
                                       WARPSIM_MODEL_LIB, WARPSIM_ERRORS_LIB};

RuntimePaths resolve() {
  RuntimePaths p;
  std::error_code ec;
  const fs::path exe = fs::canonical("/proc/self/exe", ec);
  if (!ec) {
    const fs::path bin = exe.parent_path();
    const fs::path lib = (bin / WARPSIM_INSTALL_LIBDIR_FROM_BIN).lexically_normal();
    const fs::path inc = (bin / WARPSIM_INSTALL_INCLUDEDIR_FROM_BIN).lexically_normal();
    // The runtime library marks an install: the build tree has none there.
    if (fs::is_regular_file(lib / kLibraryNames[0], ec) && fs::is_directory(inc, ec)) {
      p.installed = true;
      p.include_dir = inc.string();
      for (const char *name : kLibraryNames)
        p.libraries.push_back((lib / name).string());
      p.values_plugin = (lib / WARPSIM_VALUES_PLUGIN_NAME).string();
      return p;
    }
    if (!fs::is_regular_file(kBuildLibraries[0], ec) || !fs::is_directory(WARPSIM_INCLUDE_DIR, ec))
      p.error = "warpsim: error: cannot find its runtime library and headers: not installed "
                "beside the executable (" +
                lib.string() + ", " + inc.string() + ") and not in the build tree (" +
                kBuildLibraries[0] + ", " + WARPSIM_INCLUDE_DIR + ")";
  }
  p.include_dir = WARPSIM_INCLUDE_DIR;
  p.libraries.assign(std::begin(kBuildLibraries), std::end(kBuildLibraries));
  p.values_plugin = WARPSIM_VALUES_PLUGIN;
  return p;
}

} // namespace

const RuntimePaths &runtimePaths() {
  static const RuntimePaths paths = resolve();
  return paths;
}

} // namespace warpsim::driver
