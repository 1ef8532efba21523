// Where warpsim finds what it compiles and links a user program with: the
// device headers (sim/include) and the runtime libraries. An installed
// warpsim finds them relative to its own executable, so that an install
// prefix can be moved or packaged; the executable in the build tree uses the
// source and build paths compiled into it.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace warpsim::driver {

struct RuntimePaths {
  bool installed = false;             // found next to the executable
  std::string include_dir;            // the CUDA and warpsim device headers
  std::vector<std::string> libraries; // runtime archives, in link order
  // libraries[kObserversLibrary]: the checkers and the profiler, linked
  // whole (nothing refers to them: they register themselves at start-up).
  static constexpr std::size_t kObserversLibrary = 1;
  std::string values_plugin; // the value-carrying pass plugin (instrument/)
  std::string error;         // not empty: the runtime is missing (says where it looked)
};

// Resolved once per process from /proc/self/exe.
const RuntimePaths &runtimePaths();

} // namespace warpsim::driver
