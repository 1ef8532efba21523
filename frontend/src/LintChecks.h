// The lint checks over the parsed AST (see warpsim/frontend/Lint.h).
#pragma once

#include <string>
#include <vector>

#include "RewriteContext.h"

namespace warpsim::frontend {

struct LintFinding {
  clang::SourceLocation loc;
  std::string id;
  std::string message;
};

std::vector<LintFinding> runLintChecks(RewriteContext &ctx);

} // namespace warpsim::frontend
