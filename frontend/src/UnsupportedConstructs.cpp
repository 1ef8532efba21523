// CUDA constructs that parse as C++ but that warpsim cannot run, each turned
// into one located error that names the construct. (Textures, cooperative
// launch and graphs are `unavailable` in warpsim's cuda_runtime.h, so clang
// itself reports their use.)
#include "RewriteContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/Stmt.h"

namespace warpsim::frontend {
namespace {

// Printable form of an asm string: control characters escaped, as written.
std::string shownAsm(llvm::StringRef s) {
  std::string out;
  for (char c : s) {
    if (c == '\n')
      out += "\\n";
    else if (c == '\t')
      out += "\\t";
    else
      out += c;
  }
  return out;
}

class AsmFinder : public clang::RecursiveASTVisitor<AsmFinder> {
public:
  explicit AsmFinder(RewriteContext &ctx) : ctx_(ctx) {}
  bool VisitGCCAsmStmt(clang::GCCAsmStmt *s) {
    ctx_.error(ctx_.sm.getExpansionLoc(s->getAsmLoc()),
               "unsupported inline PTX: '" + shownAsm(s->getAsmString()->getString()) + "'");
    return true;
  }
  bool VisitMSAsmStmt(clang::MSAsmStmt *s) {
    ctx_.error(ctx_.sm.getExpansionLoc(s->getAsmLoc()),
               "unsupported inline assembly in device code");
    return true;
  }

private:
  RewriteContext &ctx_;
};

class Checker : public clang::RecursiveASTVisitor<Checker> {
public:
  explicit Checker(RewriteContext &ctx) : ctx_(ctx) {}

  bool VisitFunctionDecl(clang::FunctionDecl *fd) {
    clang::SourceLocation at = ctx_.sm.getExpansionLoc(fd->getLocation());
    if (ctx_.userFile(at) == nullptr || !isDeviceFunction(fd))
      return true;
    if (isKernel(fd) && fd->isFirstDecl()) {
      clang::QualType r = fd->getReturnType();
      if (!r->isDependentType() && !r->isVoidType()) {
        clang::SourceLocation loc = fd->getReturnTypeSourceRange().getBegin();
        ctx_.error(ctx_.sm.getExpansionLoc(loc.isValid() ? loc : at),
                   "a __global__ function must have a void return type");
      }
    }
    if (!fd->doesThisDeclarationHaveABody())
      return true;
    AsmFinder(ctx_).TraverseStmt(fd->getBody());
    if (!hasCudaAttr(fd, "host"))
      checkLaunches(fd);
    return true;
  }

private:
  RewriteContext &ctx_;

  // A launch site (found by the launch pass) inside the body of a device
  // function. `__host__ __device__` functions are compiled for the host here
  // (no __CUDA_ARCH__), where a launch is fine.
  void checkLaunches(const clang::FunctionDecl *fd) {
    clang::SourceRange body = fd->getBody()->getSourceRange();
    clang::SourceLocation b = ctx_.sm.getExpansionLoc(body.getBegin());
    clang::SourceLocation e = ctx_.sm.getExpansionLoc(body.getEnd());
    UserPosition pb, pe;
    if (!ctx_.position(b, pb) || !ctx_.position(e, pe) || pb.fid != pe.fid)
      return;
    for (const LaunchSite &s : pb.file->pass.sites)
      if (s.new_begin > pb.offset && s.new_begin < pe.offset) {
        ctx_.error(ctx_.at(pb.fid, s.new_begin),
                   "dynamic parallelism (a kernel launch from device code) "
                   "is not supported");
        return;
      }
  }
};

} // namespace

void checkUnsupportedConstructs(RewriteContext &ctx) {
  Checker(ctx).TraverseDecl(ctx.ast.getTranslationUnitDecl());
}

} // namespace warpsim::frontend
