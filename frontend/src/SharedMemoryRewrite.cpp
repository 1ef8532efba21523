// `__shared__` variables become references to per-block storage that the
// runtime owns. The declaration keeps its place and its declarator syntax
// (arrays, `volatile`, dependent types) by turning it into a typedef:
//
//   __shared__ float s[8][9];
//   =>
//   typedef float __ws_shared_t_s[8][9];
//   [[clang::require_constant_initialization]] static ::warpsim::SharedVar
//       __ws_shared_v_s{"s", F, L, C};
//   auto &s = ::warpsim::shared_static<__ws_shared_t_s>(__ws_shared_v_s);
//
// all on the declaration's own line(s). Only the pattern of a template is
// rewritten (the visitor does not walk instantiations), and each
// instantiation then gets its own function-local SharedVar.
//
// Namespace-scope __shared__ variables get the typedef and an inline
// SharedVar in place of the declaration, and every reference to them becomes
// `(::warpsim::shared_static<__ws_shared_t_x>(__ws_shared_v_x))`.
#include <map>
#include <set>

#include "RewriteContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Lex/Lexer.h"

namespace warpsim::frontend {
namespace {

// The typedef's alignment, taken where the typedef is named: an `aligned`
// attribute on a typedef is sugar that a template argument drops.
std::string alignArg(const std::string &qual, const std::string &name) {
  return ", alignof(" + qual + "__ws_shared_t_" + name + ")";
}

// constinit without C++20: a SharedVar must cost no initialisation guard in
// every dialect the program may be parsed in (--std c++17 is the default).
constexpr std::string_view kConstInit = "[[clang::require_constant_initialization]]";

bool isSharedVar(const clang::VarDecl *vd) { return hasCudaAttr(vd, "shared"); }

// (A block-scope `extern __shared__` is a local extern declaration, whose
// semantic context is the enclosing namespace.)
bool isNamespaceScope(const clang::VarDecl *vd) {
  return !vd->isLocalExternDecl() && vd->getDeclContext()->getRedeclContext()->isFileContext();
}

// An initializer the user wrote (not the implicit default construction of a
// class-type variable).
bool hasWrittenInit(const clang::VarDecl *vd) {
  const clang::Expr *init = vd->getInit();
  if (init == nullptr)
    return false;
  if (const auto *ce = llvm::dyn_cast<clang::CXXConstructExpr>(init->IgnoreImplicit()))
    return ce->getParenOrBraceRange().isValid();
  return !llvm::isa<clang::ImplicitValueInitExpr>(init);
}

std::string sharedVarLiteral(const clang::VarDecl *vd, const UserPosition &pos) {
  return "{\"" + escapeForStringLiteral(vd->getNameAsString()) + "\", \"" +
         escapeForStringLiteral(pos.report_name) + "\", " + std::to_string(pos.line) + ", " +
         std::to_string(pos.col) + "}";
}

class SharedRewriter : public clang::RecursiveASTVisitor<SharedRewriter> {
public:
  explicit SharedRewriter(RewriteContext &ctx) : ctx_(ctx) {}

  bool VisitDeclStmt(clang::DeclStmt *ds) {
    std::vector<const clang::VarDecl *> vars;
    for (clang::Decl *d : ds->decls())
      if (auto *vd = llvm::dyn_cast<clang::VarDecl>(d); vd && isSharedVar(vd))
        vars.push_back(vd);
    if (!vars.empty())
      rewriteGroup(vars, ds->getBeginLoc(), ds->getEndLoc(),
                   /*block_scope=*/true);
    return true;
  }

  bool VisitVarDecl(clang::VarDecl *vd) {
    if (isSharedVar(vd) && isNamespaceScope(vd) && !vd->isStaticDataMember())
      groups_[groupKey(vd)].push_back(vd);
    return true;
  }

  bool VisitDeclRefExpr(clang::DeclRefExpr *dre) {
    const auto *vd = llvm::dyn_cast<clang::VarDecl>(dre->getDecl());
    if (vd != nullptr && isSharedVar(vd) && isNamespaceScope(vd))
      refs_.push_back(dre);
    return true;
  }

  // Namespace-scope declarations and their references, once all are known.
  void finish() {
    for (auto &[key, vars] : groups_) {
      const clang::VarDecl *last = vars.back();
      clang::SourceLocation semi = semiAfter(last->getEndLoc());
      if (semi.isInvalid()) {
        ctx_.error(last->getLocation(), "cannot find the ';' that ends this __shared__ "
                                        "declaration");
        continue;
      }
      rewriteGroup(vars, vars.front()->getBeginLoc(), semi,
                   /*block_scope=*/false);
    }
    std::set<std::pair<unsigned, unsigned>> done;
    for (const clang::DeclRefExpr *dre : refs_)
      rewriteRef(dre, done);
  }

private:
  RewriteContext &ctx_;
  // Namespace-scope declarations, grouped by declaration statement (the
  // declarators of one statement share its begin location).
  std::map<std::pair<unsigned, unsigned>, std::vector<const clang::VarDecl *>> groups_;
  std::vector<const clang::DeclRefExpr *> refs_;

  std::pair<unsigned, unsigned> groupKey(const clang::VarDecl *vd) const {
    clang::SourceLocation b = ctx_.sm.getExpansionLoc(vd->getBeginLoc());
    return {ctx_.sm.getFileID(b).getHashValue(), ctx_.sm.getFileOffset(b)};
  }

  clang::SourceLocation semiAfter(clang::SourceLocation end) const {
    auto next =
        clang::Lexer::findNextToken(ctx_.sm.getExpansionLoc(end), ctx_.sm, ctx_.ast.getLangOpts());
    if (!next || !next->is(clang::tok::semi))
      return {};
    return next->getLocation();
  }

  // Rewrites one declaration statement declaring `vars` (all __shared__),
  // from `begin` (its first decl-specifier) to `semi` (its `;`).
  void rewriteGroup(const std::vector<const clang::VarDecl *> &vars, clang::SourceLocation begin,
                    clang::SourceLocation semi, bool block_scope) {
    clang::SourceManager &sm = ctx_.sm;
    begin = sm.getExpansionLoc(begin);
    UserPosition bpos;
    if (!ctx_.position(begin, bpos))
      return; // not the user's code
    for (const clang::VarDecl *vd : vars) {
      if (!vd->getLocation().isFileID() || !semi.isFileID()) {
        ctx_.error(sm.getExpansionLoc(vd->getLocation()),
                   "a __shared__ variable declared by a macro expansion is "
                   "not supported; declare it outside the macro");
        return;
      }
      if (hasWrittenInit(vd)) {
        ctx_.error(vd->getLocation(), "initializer not allowed for __shared__ variable '" +
                                          vd->getNameAsString() + "'");
        return;
      }
    }

    // The decl-specifiers: `__shared__` becomes `typedef`; `static` and
    // `extern` go (a typedef cannot have them; the SharedVar carries the
    // storage class instead).
    std::size_t specEnd = sm.getFileOffset(vars.front()->getLocation());
    llvm::StringRef buf = ctx_.buffer(bpos.fid);
    std::string_view specs(buf.data() + bpos.offset, specEnd - bpos.offset);
    bool replaced = false, wasStatic = false;
    for (const RawToken &t : lexRaw(specs)) {
      if (t.kind != clang::tok::raw_identifier)
        continue;
      clang::SourceLocation loc = ctx_.at(bpos.fid, bpos.offset + t.begin);
      unsigned len = static_cast<unsigned>(t.end - t.begin);
      if (t.text == "__shared__" && !replaced) {
        ctx_.rewriter.ReplaceText(loc, len, "typedef");
        replaced = true;
      } else if (t.text == "static" || t.text == "extern") {
        wasStatic |= t.text == "static";
        // With the blanks after it, so that the line still reads well.
        while (t.begin + len < specs.size() &&
               (specs[t.begin + len] == ' ' || specs[t.begin + len] == '\t'))
          ++len;
        ctx_.rewriter.RemoveText(loc, len);
      }
    }
    if (!replaced) // `__shared__` came from a macro of the user's: keep it
      ctx_.rewriter.InsertTextBefore(begin, "typedef ");

    std::string after;
    for (const clang::VarDecl *vd : vars) {
      std::string name = vd->getNameAsString();
      ctx_.rewriter.ReplaceText(vd->getLocation(), static_cast<unsigned>(name.size()),
                                "__ws_shared_t_" + name);
      UserPosition pos;
      ctx_.position(vd->getLocation(), pos);
      bool dynamic = vd->hasExternalStorage();
      if (block_scope) {
        after += " " + std::string(kConstInit) + " static ::warpsim::SharedVar __ws_shared_v_" +
                 name + sharedVarLiteral(vd, pos) + "; auto &" + name +
                 " = ::warpsim::" + (dynamic ? "shared_dynamic" : "shared_static") +
                 "<__ws_shared_t_" + name + alignArg("", name) + ">(__ws_shared_v_" + name + ");";
      } else if (vd->getPreviousDecl() == nullptr) {
        // A redeclaration (`extern __shared__ T d[];` twice) repeats the
        // typedef, which C++ allows, but not the SharedVar.
        after += " " + std::string(kConstInit) + (wasStatic ? " static" : " inline") +
                 " ::warpsim::SharedVar __ws_shared_v_" + name + sharedVarLiteral(vd, pos) + ";";
      }
    }
    if (!after.empty())
      ctx_.rewriter.InsertTextAfterToken(semi, after);
  }

  void rewriteRef(const clang::DeclRefExpr *dre, std::set<std::pair<unsigned, unsigned>> &done) {
    clang::SourceManager &sm = ctx_.sm;
    // A reference inside a macro's replacement text is rewritten there, once,
    // for every expansion.
    clang::SourceLocation b = sm.getSpellingLoc(dre->getBeginLoc());
    clang::SourceLocation e = sm.getSpellingLoc(dre->getEndLoc());
    if (ctx_.userFile(b) == nullptr || sm.getFileID(b) != sm.getFileID(e))
      return;
    if (!done.insert({sm.getFileID(b).getHashValue(), sm.getFileOffset(b)}).second)
      return;
    const auto *vd = llvm::cast<clang::VarDecl>(dre->getDecl());
    std::string qual;
    if (dre->getQualifierLoc())
      qual = ctx_.text(dre->getQualifierLoc().getSourceRange());
    std::string name = vd->getNameAsString();
    bool dynamic = vd->hasExternalStorage();
    ctx_.rewriter.ReplaceText(
        clang::SourceRange(b, e),
        "(::warpsim::" + std::string(dynamic ? "shared_dynamic" : "shared_static") + "<" + qual +
            "__ws_shared_t_" + name + alignArg(qual, name) + ">(" + qual + "__ws_shared_v_" + name +
            "))");
  }
};

} // namespace

void rewriteSharedMemory(RewriteContext &ctx) {
  SharedRewriter v(ctx);
  v.TraverseDecl(ctx.ast.getTranslationUnitDecl());
  v.finish();
}

} // namespace warpsim::frontend
