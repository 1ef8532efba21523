// malloc/free and new/delete in device code go to warpsim's device heap
// (sim/include/warpsim/device_heap.h), host code keeps the C++ heap. In the
// bodies of __global__ and __device__ functions (lambdas and local classes in
// them included; __host__ __device__ ones dispatch at run time):
//
//   malloc(n) / std::malloc(n)  ->  ::warpsim_device_malloc(n)
//   free(p)                     ->  ::warpsim_device_free(p)
//   new T(a) / new T[n]         ->  new (::warpsim::device_heap) T(a) / ...[n]
//   delete p                    ->  ::warpsim_device_free(::warpsim::destroy_for_delete(p))
//   delete[] p                  ->  ... destroy_array_for_delete(p) ...
//
// Placement new and class-specific operator new/delete are left alone. The
// rewritten calls stay on the user's line, so the runtime's call site is it.
#include "RewriteContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Lex/Lexer.h"

#include <set>

namespace warpsim::frontend {
namespace {

bool isCHeapFunction(const clang::FunctionDecl *fd, llvm::StringRef name) {
  if (fd == nullptr || fd->getIdentifier() == nullptr || fd->getName() != name)
    return false;
  const clang::DeclContext *dc = fd->getDeclContext()->getRedeclContext();
  return dc->isTranslationUnit() || fd->isInStdNamespace() || fd->isExternC();
}

// The C heap function a callee names (also unresolved, in a template).
const char *deviceHeapFunction(const clang::Expr *callee) {
  callee = callee->IgnoreParenImpCasts();
  const clang::FunctionDecl *fd = nullptr;
  if (const auto *ref = llvm::dyn_cast<clang::DeclRefExpr>(callee))
    fd = llvm::dyn_cast<clang::FunctionDecl>(ref->getDecl());
  else if (const auto *u = llvm::dyn_cast<clang::UnresolvedLookupExpr>(callee);
           u != nullptr && u->getNumDecls() == 1)
    fd = llvm::dyn_cast<clang::FunctionDecl>((*u->decls_begin())->getUnderlyingDecl());
  return isCHeapFunction(fd, "malloc") ? "::warpsim_device_malloc"
         : isCHeapFunction(fd, "free") ? "::warpsim_device_free"
                                       : nullptr;
}

class BodyRewriter : public clang::RecursiveASTVisitor<BodyRewriter> {
public:
  BodyRewriter(RewriteContext &ctx, std::set<const void *> &done) : ctx_(ctx), done_(done) {}

  bool VisitCallExpr(clang::CallExpr *call) {
    const char *to = deviceHeapFunction(call->getCallee());
    if (to == nullptr || !done_.insert(call).second)
      return true;
    const clang::Expr *callee = call->getCallee()->IgnoreParenImpCasts();
    if (!fileRange(callee->getSourceRange(), "malloc/free"))
      return true;
    ctx_.rewriter.ReplaceText(callee->getSourceRange(), to);
    return true;
  }

  bool VisitCXXNewExpr(clang::CXXNewExpr *e) {
    if (e->getNumPlacementArgs() != 0 || isMember(e->getOperatorNew()) || !done_.insert(e).second)
      return true;
    if (!fileRange(e->getSourceRange(), "new"))
      return true;
    // The `new` keyword: after `::` in `::new T`.
    clang::SourceLocation kw = e->getBeginLoc();
    if (e->isGlobalNew())
      kw = clang::Lexer::findNextToken(kw, ctx_.sm, ctx_.ast.getLangOpts())->getLocation();
    ctx_.rewriter.InsertTextAfterToken(kw, " (::warpsim::device_heap)");
    return true;
  }

  bool VisitCXXDeleteExpr(clang::CXXDeleteExpr *e) {
    if (isMember(e->getOperatorDelete()) || !done_.insert(e).second)
      return true;
    const clang::Expr *arg = e->getArgument()->IgnoreImpCasts();
    if (!fileRange(e->getSourceRange(), "delete"))
      return true;
    std::string head = std::string("::warpsim_device_free(::warpsim::") +
                       (e->isArrayForm() ? "destroy_array_for_delete(" : "destroy_for_delete(");
    // `delete[]` up to the operand, its newlines kept.
    const unsigned from = ctx_.sm.getFileOffset(e->getBeginLoc());
    const unsigned to = ctx_.sm.getFileOffset(arg->getBeginLoc());
    const llvm::StringRef old =
        ctx_.buffer(ctx_.sm.getFileID(e->getBeginLoc())).substr(from, to - from);
    head.append(static_cast<std::size_t>(old.count('\n')), '\n');
    ctx_.rewriter.ReplaceText(e->getBeginLoc(), to - from, head);
    ctx_.rewriter.InsertTextAfterToken(e->getEndLoc(), "))");
    return true;
  }

private:
  RewriteContext &ctx_;
  std::set<const void *> &done_; // a lambda's body is reached twice

  static bool isMember(const clang::FunctionDecl *fd) {
    return fd != nullptr && llvm::isa<clang::CXXMethodDecl>(fd);
  }
  // A construct written by a macro expansion cannot be rewritten in place.
  bool fileRange(clang::SourceRange r, const char *what) {
    if (r.getBegin().isFileID() && r.getEnd().isFileID())
      return ctx_.userFile(r.getBegin()) != nullptr;
    ctx_.error(ctx_.sm.getExpansionLoc(r.getBegin()),
               std::string(what) + " in device code written by a macro expansion is not "
                                   "supported; write it outside the macro");
    return false;
  }
};

class Finder : public clang::RecursiveASTVisitor<Finder> {
public:
  explicit Finder(RewriteContext &ctx) : ctx_(ctx) {}
  bool VisitFunctionDecl(clang::FunctionDecl *fd) {
    if (!fd->doesThisDeclarationHaveABody() || !isDeviceFunction(fd) ||
        ctx_.userFile(ctx_.sm.getExpansionLoc(fd->getLocation())) == nullptr)
      return true;
    BodyRewriter(ctx_, done_).TraverseStmt(fd->getBody());
    return true;
  }

private:
  RewriteContext &ctx_;
  std::set<const void *> done_;
};

} // namespace

void rewriteDeviceHeap(RewriteContext &ctx) {
  Finder(ctx).TraverseDecl(ctx.ast.getTranslationUnitDecl());
}

} // namespace warpsim::frontend
