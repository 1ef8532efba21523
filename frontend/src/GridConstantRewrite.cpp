// `const __grid_constant__ T p` (a kernel parameter): one address per launch,
// as on a GPU, where the parameter lives in the launch's constant bank. The
// parameter becomes `const T &p`, bound to the launch closure's copy of the
// argument, which lies in the launch's parameter buffer (frontend_abi.h:
// launch; MemorySpace::Param): every thread of the grid sees one address,
// and reading through it reads the argument (issue 27 item 5). A by-value
// parameter would be copied onto each thread's stack.
#include <set>

#include "RewriteContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Lex/Lexer.h"

namespace warpsim::frontend {
namespace {

class GridConstantParams : public clang::RecursiveASTVisitor<GridConstantParams> {
public:
  explicit GridConstantParams(RewriteContext &ctx) : ctx_(ctx) {}

  bool VisitFunctionDecl(clang::FunctionDecl *fd) {
    // An instantiation's parameters are its pattern's text.
    if (!isKernel(fd) || fd->isTemplateInstantiation())
      return true;
    for (clang::ParmVarDecl *p : fd->parameters()) {
      if (!hasCudaAttr(p, "grid_constant") || p->getType()->isReferenceType())
        continue;
      clang::SourceLocation at = p->getLocation();
      if (p->getIdentifier() == nullptr) // unnamed: after the type
        at = clang::Lexer::getLocForEndOfToken(p->getTypeSourceInfo()->getTypeLoc().getEndLoc(), 0,
                                               ctx_.sm, ctx_.ast.getLangOpts());
      if (!at.isFileID() || ctx_.userFile(at) == nullptr)
        continue;
      if (!p->getType().isConstQualified()) {
        ctx_.error(at, "a __grid_constant__ parameter must be const (as nvcc requires)");
        continue;
      }
      if (done_.insert(at.getRawEncoding()).second)
        ctx_.rewriter.InsertTextBefore(at, "&");
    }
    return true;
  }

private:
  RewriteContext &ctx_;
  std::set<clang::SourceLocation::UIntTy> done_;
};

} // namespace

void rewriteGridConstantParams(RewriteContext &ctx) {
  GridConstantParams(ctx).TraverseDecl(ctx.ast.getTranslationUnitDecl());
}

} // namespace warpsim::frontend
