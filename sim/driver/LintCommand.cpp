#include "LintCommand.h"

#include <cstdio>

#include "Compiler.h"
#include "RuntimePaths.h"
#include "warpsim/frontend/Lint.h"

namespace warpsim::driver {

int runLint(const CliOptions &o) {
  if (!runtimePaths().error.empty()) {
    std::fprintf(stderr, "%s\n", runtimePaths().error.c_str());
    return 4;
  }
  frontend::LintResult r = frontend::lint(frontendOptions(o, ""));
  if (!r.ok) {
    std::fputs(r.diagnostics.c_str(), stderr);
    return 4;
  }
  std::fputs(r.text.c_str(), stdout);
  const std::size_t n = r.warnings.size();
  std::printf("warpsim lint: %zu warning%s in %s\n", n, n == 1 ? "" : "s", o.input.c_str());
  return n != 0 && o.werror ? 1 : 0;
}

} // namespace warpsim::driver
