#include "LintCommand.h"

#include <cstdio>

#include "warpsim/frontend/Lint.h"

namespace warpsim::driver {

int runLint(const CliOptions &o) {
  frontend::TranslateOptions t;
  t.input_path = o.input;
  t.include_dirs = o.include_dirs;
  t.defines = o.defines;
  t.warpsim_include_dir = WARPSIM_INCLUDE_DIR;
  t.clang_resource_dir = WARPSIM_CLANG_RESOURCE_DIR;
  frontend::LintResult r = frontend::lint(t);
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
