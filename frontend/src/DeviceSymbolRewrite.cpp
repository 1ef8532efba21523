// Namespace-scope `__device__`, `__constant__` and `__managed__` variables
// stay ordinary globals of the host program (host code reaches them through
// cudaMemcpyToSymbol & co. by address), and are registered with the runtime
// so that it knows their memory space and can name them in reports:
//
//   __constant__ float coef[16];
//   =>
//   __constant__ float coef[16]; static ::warpsim::DeviceSymbol
//       __ws_sym_coef_3(__builtin_addressof(coef), sizeof(coef), "coef",
//                       ::warpsim::MemorySpace::Constant, "k.cu", 3);
//
// on the declaration's line. Each such declaration is also aligned to 256
// bytes, as cudaMalloc aligns an allocation: where a symbol starts within a
// 32-byte sector (and so the sectors its accesses touch, in the profile)
// must not depend on how the linker laid out the host program's data.
// Not handled (documented): static data members and variable templates.
#include <map>

#include "RewriteContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Lex/Lexer.h"

namespace warpsim::frontend {
namespace {

const char *memorySpace(const clang::VarDecl *vd) {
  if (hasCudaAttr(vd, "constant"))
    return "Constant";
  if (hasCudaAttr(vd, "managed"))
    return "Managed";
  if (hasCudaAttr(vd, "device"))
    return "Global";
  return nullptr;
}

class SymbolCollector : public clang::RecursiveASTVisitor<SymbolCollector> {
public:
  explicit SymbolCollector(RewriteContext &ctx) : ctx_(ctx) {}

  bool VisitVarDecl(clang::VarDecl *vd) {
    if (memorySpace(vd) == nullptr || hasCudaAttr(vd, "shared"))
      return true;
    if (!vd->getDeclContext()->getRedeclContext()->isFileContext() ||
        vd->getDescribedVarTemplate() != nullptr ||
        llvm::isa<clang::VarTemplateSpecializationDecl>(vd))
      return true;
    if (vd->isThisDeclarationADefinition() != clang::VarDecl::Definition)
      return true; // `extern __device__ int x;` registers where defined
    clang::SourceLocation b = ctx_.sm.getExpansionLoc(vd->getBeginLoc());
    auto &group = groups_[{ctx_.sm.getFileID(b).getHashValue(), ctx_.sm.getFileOffset(b)}];
    if (group.vars.empty())
      group.begin = b;
    group.vars.push_back(vd);
    return true;
  }

  void finish() {
    for (auto &[key, group] : groups_) {
      const std::vector<const clang::VarDecl *> &vars = group.vars;
      const clang::VarDecl *last = vars.back();
      clang::SourceLocation end = ctx_.sm.getExpansionLoc(last->getEndLoc());
      auto semi = clang::Lexer::findNextToken(end, ctx_.sm, ctx_.ast.getLangOpts());
      if (!semi || !semi->is(clang::tok::semi) || ctx_.userFile(semi->getLocation()) == nullptr)
        continue;
      std::string text;
      for (const clang::VarDecl *vd : vars) {
        UserPosition pos;
        if (!ctx_.position(ctx_.sm.getExpansionLoc(vd->getLocation()), pos))
          continue;
        std::string name = vd->getNameAsString();
        text += " static ::warpsim::DeviceSymbol __ws_sym_" + name + "_" +
                std::to_string(pos.line) + "(__builtin_addressof(" + name + "), sizeof(" + name +
                "), \"" + escapeForStringLiteral(vd->getQualifiedNameAsString()) +
                "\", ::warpsim::MemorySpace::" + memorySpace(vd) + ", \"" +
                escapeForStringLiteral(pos.report_name) + "\", " + std::to_string(pos.line) + ");";
      }
      if (text.empty())
        continue;
      ctx_.rewriter.InsertTextAfterToken(semi->getLocation(), text);
      // A GNU `aligned` never lowers a variable's alignment (an over-aligned
      // type keeps its own).
      ctx_.rewriter.InsertTextBefore(group.begin, "__attribute__((aligned(256))) ");
    }
  }

private:
  RewriteContext &ctx_;
  struct Group { // the declarators of one declaration
    clang::SourceLocation begin;
    std::vector<const clang::VarDecl *> vars;
  };
  std::map<std::pair<unsigned, unsigned>, Group> groups_;
};

} // namespace

void registerDeviceSymbols(RewriteContext &ctx) {
  SymbolCollector v(ctx);
  v.TraverseDecl(ctx.ast.getTranslationUnitDecl());
  v.finish();
}

} // namespace warpsim::frontend
