// lint(): parse the .cu file as translate() does and run the static checks
// (LintChecks.cpp) over the AST.
#include "warpsim/frontend/Lint.h"

#include <algorithm>
#include <set>
#include <tuple>

#include "Diagnostics.h"
#include "LintChecks.h"
#include "RewriteContext.h"
#include "clang/AST/ASTConsumer.h"
#include "clang/Basic/FileManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/FileSystem.h"

namespace warpsim::frontend {
namespace {

struct LintOutputs {
  bool ran = false;
  std::vector<std::pair<LintWarning, const UserFile *>> warnings;
};

class LintConsumer : public clang::ASTConsumer {
public:
  LintConsumer(clang::CompilerInstance &ci, UserFiles &files, LintOutputs &out)
      : ci_(ci), files_(files), out_(out) {}

  void HandleTranslationUnit(clang::ASTContext &ast) override {
    if (ci_.getDiagnostics().hasErrorOccurred() || files_.firstPassError() != nullptr)
      return;
    clang::Rewriter rewriter(ast.getSourceManager(), ast.getLangOpts());
    RewriteContext ctx(ast, rewriter, files_);
    for (const LintFinding &f : runLintChecks(ctx)) {
      UserPosition pos;
      if (!ctx.position(ctx.sm.getExpansionLoc(f.loc), pos))
        continue;
      LintWarning w;
      w.file = pos.report_name;
      w.line = pos.line;
      w.col = pos.col;
      w.id = f.id;
      w.message = f.message;
      out_.warnings.emplace_back(std::move(w), pos.file);
    }
    out_.ran = true;
  }

private:
  clang::CompilerInstance &ci_;
  UserFiles &files_;
  LintOutputs &out_;
};

class LintAction : public clang::ASTFrontendAction {
public:
  LintAction(UserFiles &files, LintOutputs &out) : files_(files), out_(out) {}
  std::unique_ptr<clang::ASTConsumer> CreateASTConsumer(clang::CompilerInstance &ci,
                                                        llvm::StringRef) override {
    return std::make_unique<LintConsumer>(ci, files_, out_);
  }

private:
  UserFiles &files_;
  LintOutputs &out_;
};

} // namespace

LintResult lint(const TranslateOptions &opts) {
  LintResult r;
  ParseSetup setup = makeParseSetup(opts);
  if (!llvm::sys::fs::is_regular_file(setup.main_abs)) {
    r.diagnostics = "error: no such file: '" + opts.input_path + "'\n";
    return r;
  }
  UserFiles files;
  LintOutputs outputs;
  FirstErrorConsumer diag(files);
  {
    auto fs = makeUserFileSystem(files, setup.system, setup.main_abs, opts.input_path, nullptr,
                                 nullptr, setup.hip);
    auto fm = llvm::makeIntrusiveRefCnt<clang::FileManager>(clang::FileSystemOptions(), fs);
    clang::tooling::ToolInvocation invocation(
        setup.args, std::make_unique<LintAction>(files, outputs), fm.get());
    invocation.setDiagnosticConsumer(&diag);
    invocation.run();
  }
  if (const UserFile *bad = files.firstPassError()) {
    const LaunchPassResult &p = bad->pass.result;
    r.diagnostics =
        renderDiagnostic(bad->report_name, bad->original, p.line, p.col, "error", p.error);
    return r;
  }
  if (diag.hasError() || !outputs.ran) {
    r.diagnostics = diag.hasError() ? diag.text() : "error: the front end did not run\n";
    return r;
  }
  // Source order, one warning per place and kind (templates and macros can
  // produce the same one twice).
  auto &ws = outputs.warnings;
  std::sort(ws.begin(), ws.end(), [](const auto &a, const auto &b) {
    return std::tie(a.first.file, a.first.line, a.first.col, a.first.id) <
           std::tie(b.first.file, b.first.line, b.first.col, b.first.id);
  });
  std::set<std::tuple<std::string, unsigned, unsigned, std::string>> seen;
  for (auto &[w, file] : ws) {
    if (!seen.insert({w.file, w.line, w.col, w.id}).second)
      continue;
    r.text += renderDiagnostic(w.file, file->original, w.line, w.col, "warning",
                               w.message + " [warpsim-lint-" + w.id + "]");
    r.warnings.push_back(std::move(w));
  }
  r.ok = true;
  return r;
}

} // namespace warpsim::frontend
