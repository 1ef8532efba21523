#include "LogFile.h"

#include <cstdlib>

namespace warpsim::driver {

std::optional<std::string> expandLogFileName(const std::string &pattern, long pid,
                                             std::string &error) {
  if (pattern.empty()) {
    error = "needs a file name";
    return std::nullopt;
  }
  std::string out;
  for (std::size_t i = 0; i < pattern.size(); ++i) {
    if (pattern[i] != '%') {
      out += pattern[i];
      continue;
    }
    char c = i + 1 < pattern.size() ? pattern[i + 1] : '\0';
    if (c == '%') {
      out += '%';
      ++i;
    } else if (c == 'p') {
      out += std::to_string(pid);
      ++i;
    } else if (c == 'q' && i + 2 < pattern.size() && pattern[i + 2] == '{' &&
               pattern.find('}', i + 3) != std::string::npos) {
      std::size_t close = pattern.find('}', i + 3);
      std::string name = pattern.substr(i + 3, close - i - 3);
      const char *v = name.empty() ? nullptr : std::getenv(name.c_str());
      if (v == nullptr) {
        error =
            "'" + pattern + "': environment variable '" + name + "' (%q{" + name + "}) is not set";
        return std::nullopt;
      }
      out += v;
      i = close;
    } else {
      error = "'" + pattern + "': unknown substitution '%" + std::string(c ? 1 : 0, c) +
              "' (%p, %q{VAR} or %%)";
      return std::nullopt;
    }
  }
  return out;
}

} // namespace warpsim::driver
