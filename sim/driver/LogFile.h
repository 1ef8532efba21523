// --log-file FILE: where the report goes instead of stdout. The name takes
// compute-sanitizer's substitutions: %p the process id (warpsim's: the
// program runs as its child), %q{VAR} the environment variable VAR, %% a %.
#pragma once

#include <optional>
#include <string>

namespace warpsim::driver {

// The file name for process `pid`; nullopt with `error` set on a bad % or an
// unset %q{VAR}.
std::optional<std::string> expandLogFileName(const std::string &pattern, long pid,
                                             std::string &error);

} // namespace warpsim::driver
