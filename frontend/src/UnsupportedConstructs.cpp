// CUDA constructs that parse as C++ but that warpsim cannot run, each turned
// into one located error that names the construct. (Textures, cooperative
// launch and graphs are `unavailable` in warpsim's cuda_runtime.h, so clang
// itself reports their use.) Inline PTX that warpsim executes
// (model/Ptx.h) is rewritten into a call of the runtime's interpreter.
#include "RewriteContext.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/Stmt.h"
#include "clang/Lex/Lexer.h"
#include "llvm/Support/raw_ostream.h"

#include "warpsim/model/Ptx.h"
#include <algorithm>
#include <cstdio>

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

// A C++ string literal holding `s`.
std::string literal(llvm::StringRef s) {
  std::string out = "\"";
  for (unsigned char c : s) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c == '\n') {
      out += "\\n";
    } else if (c < 0x20 || c >= 0x7f) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\%03o", c);
      out += buf;
    } else {
      out += static_cast<char>(c);
    }
  }
  return out + "\"";
}

class AsmFinder : public clang::RecursiveASTVisitor<AsmFinder> {
public:
  explicit AsmFinder(RewriteContext &ctx) : ctx_(ctx) {}
  bool VisitGCCAsmStmt(clang::GCCAsmStmt *s) {
    const clang::SourceLocation at = ctx_.sm.getExpansionLoc(s->getAsmLoc());
    const std::string text = s->getAsmString()->getString().str();
    if (ctx_.hip) {
      // HIP device code's asm is AMD GCN/CDNA assembly, which warpsim does
      // not execute (it runs PTX only): refused, never compiled for the CPU.
      ctx_.error(at, "AMD GPU inline assembly is not supported by warpsim ('" + shownAsm(text) +
                         "'): write it in HIP C++ or with the HIP intrinsics warpsim provides "
                         "(docs/hip.md)");
      return true;
    }
    model::PtxProgram program;
    std::string why;
    if (!model::parsePtx(text, program, why)) {
      ctx_.error(at, why + " in inline PTX '" + shownAsm(text) + "'");
      return true;
    }
    if (s->getAsmLoc().isMacroID() || s->getRParenLoc().isMacroID()) {
      ctx_.error(at, "inline PTX written by a macro expansion is not supported; write the asm "
                     "statement in a function");
      return true;
    }
    // Constant-initialised: no guard, so every lane takes the same path.
    std::string call = "::warpsim::ptx_exec([]() -> ::warpsim::PtxAsm & { "
                       "[[clang::require_constant_initialization]] static ::warpsim::PtxAsm a{" +
                       literal(text) + "}; return a; }()";
    auto operand = [&](llvm::StringRef constraint, const clang::Expr *e, bool output) {
      std::string c = constraint.str();
      const bool inout = !c.empty() && c[0] == '+';
      c.erase(std::remove_if(c.begin(), c.end(),
                             [](char x) { return x == '=' || x == '+' || x == '&'; }),
              c.end());
      if (c == "q")
        c = "h"; // respelled for the host parse (AsmConstraintSpelling.cpp)
      if (c.size() != 1 || std::string_view("hrlfdnc").find(c[0]) == std::string_view::npos) {
        ctx_.error(ctx_.sm.getExpansionLoc(e->getBeginLoc()),
                   "unsupported inline PTX operand constraint '" + constraint.str() +
                       "' (warpsim takes h, r, l, f, d, n, c)");
        return false;
      }
      const clang::CharSourceRange r = ctx_.sm.getExpansionRange(e->getSourceRange());
      const std::string expr =
          clang::Lexer::getSourceText(r, ctx_.sm, ctx_.ast.getLangOpts()).str();
      call += std::string(", ::warpsim::") +
              (!output ? "ptx_in"
               : inout ? "ptx_inout"
                       : "ptx_out") +
              "<'" + c + "'>(" + expr + ")";
      return true;
    };
    for (unsigned i = 0; i < s->getNumOutputs(); ++i)
      if (!operand(s->getOutputConstraint(i), s->getOutputExpr(i), true))
        return true;
    for (unsigned i = 0; i < s->getNumInputs(); ++i)
      if (!operand(s->getInputConstraint(i), s->getInputExpr(i), false))
        return true;
    call += ")";
    // Keep every later line where it was.
    const clang::SourceRange range(at, ctx_.sm.getExpansionLoc(s->getRParenLoc()));
    const std::string old = ctx_.text(range);
    call.append(static_cast<std::size_t>(std::count(old.begin(), old.end(), '\n')), '\n');
    ctx_.rewriter.ReplaceText(range, call);
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
    if (isKernel(fd) && fd->isThisDeclarationADefinition()) {
      checkParamSpace(fd, at);
      if (const clang::FunctionTemplateDecl *t = fd->getDescribedFunctionTemplate())
        for (const clang::FunctionDecl *spec : t->specializations())
          checkParamSpace(spec, at);
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

  // A kernel's parameters live in the GPU's parameter space: 32764 bytes on
  // sm_70 and later since CUDA 12.1 (4096 before). nvcc refuses more with
  // "Formal parameter space overflowed"; so does warpsim, at the kernel.
  static constexpr std::uint64_t kMaxParamBytes = 32764;
  void checkParamSpace(const clang::FunctionDecl *fd, clang::SourceLocation at) {
    std::uint64_t bytes = 0;
    for (const clang::ParmVarDecl *p : fd->parameters()) {
      const clang::QualType t = p->getType();
      if (t->isDependentType() || t->isIncompleteType())
        return;
      const clang::TypeInfoChars ti = ctx_.ast.getTypeInfoInChars(t);
      const auto align = static_cast<std::uint64_t>(ti.Align.getQuantity());
      bytes =
          (bytes + align - 1) / align * align + static_cast<std::uint64_t>(ti.Width.getQuantity());
    }
    if (bytes <= kMaxParamBytes)
      return;
    std::string name;
    llvm::raw_string_ostream os(name);
    fd->getNameForDiagnostic(os, ctx_.ast.getPrintingPolicy(), /*Qualified=*/true);
    ctx_.error(at, "formal parameter space overflowed (" + std::to_string(bytes) +
                       " bytes required, max " + std::to_string(kMaxParamBytes) +
                       " bytes allowed) in __global__ function '" + os.str() + "'");
  }

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
    const ArchLayer &arch = pb.file->arch;
    for (const LaunchSite &s : pb.file->pass.sites)
      if (s.new_begin > arch.toPassed(pb.offset) && s.new_begin < arch.toPassed(pe.offset)) {
        ctx_.error(ctx_.at(pb.fid, arch.fromPassed(s.new_begin)),
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
