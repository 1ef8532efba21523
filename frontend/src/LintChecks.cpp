// Static checks of kernels and __device__ functions:
//  * thread-dependent control flow around barriers and full-mask warp
//    operations. "Thread-dependent" is data-flow light: an expression that
//    mentions threadIdx, or a local variable initialised or assigned from
//    one (to a fixed point), or the result of a lane-varying warp
//    operation. blockIdx, blockDim, parameters and constants are uniform.
//  * warp-size-32 assumptions: lane arithmetic with 32/31/5, 0xffffffff
//    masks, shuffle loops from 16 down, 32 as a shuffle width.
#include "LintChecks.h"

#include <set>

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"

namespace warpsim::frontend {
namespace {

// Warp operations that synchronise the lanes named by their mask (first
// argument), or the whole warp for __syncwarp().
const std::set<std::string, std::less<>> kWarpSyncOps = {
    "__syncwarp",        "__shfl_sync",       "__shfl_up_sync",    "__shfl_down_sync",
    "__shfl_xor_sync",   "__ballot_sync",     "__all_sync",        "__any_sync",
    "__uni_sync",        "__match_any_sync",  "__match_all_sync",  "__reduce_add_sync",
    "__reduce_min_sync", "__reduce_max_sync", "__reduce_and_sync", "__reduce_or_sync",
    "__reduce_xor_sync"};
const std::set<std::string, std::less<>> kShuffles = {"__shfl_sync", "__shfl_up_sync",
                                                      "__shfl_down_sync", "__shfl_xor_sync"};
const std::set<std::string, std::less<>> kBarriers = {"__syncthreads", "__syncthreads_count",
                                                      "__syncthreads_and", "__syncthreads_or"};
// Results that differ from lane to lane.
const std::set<std::string, std::less<>> kLaneVarying = {
    "__shfl_sync",      "__shfl_up_sync", "__shfl_down_sync", "__shfl_xor_sync",
    "__match_any_sync", "__lanemask_lt",  "__lanemask_le",    "__lanemask_gt",
    "__lanemask_ge",    "__lanemask_eq",  "__activemask"};

std::string calleeName(const clang::CallExpr *call) {
  if (const clang::FunctionDecl *fd = call->getDirectCallee())
    if (const clang::IdentifierInfo *id = fd->getIdentifier())
      return id->getName().str();
  // Unresolved (template-dependent) calls.
  const clang::Expr *c = call->getCallee()->IgnoreParenImpCasts();
  if (const auto *u = llvm::dyn_cast<clang::UnresolvedLookupExpr>(c))
    return u->getName().getAsString();
  if (const auto *d = llvm::dyn_cast<clang::DeclRefExpr>(c))
    return d->getNameInfo().getAsString();
  return {};
}

bool isBuiltinVar(const clang::Expr *e, llvm::StringRef name) {
  if (const auto *d = llvm::dyn_cast<clang::DeclRefExpr>(e))
    if (const auto *v = llvm::dyn_cast<clang::VarDecl>(d->getDecl()))
      return v->hasGlobalStorage() && v->getName() == name;
  return false;
}

class FunctionLint {
public:
  FunctionLint(RewriteContext &ctx, const clang::FunctionDecl *fd, std::vector<LintFinding> &out)
      : ctx_(ctx), fd_(fd), out_(out) {}

  void run() {
    const clang::Stmt *body = fd_->getBody();
    if (body == nullptr)
      return;
    computeTaint(body);
    walk(body);
  }

private:
  RewriteContext &ctx_;
  const clang::FunctionDecl *fd_;
  std::vector<LintFinding> &out_;
  std::set<const clang::VarDecl *> tainted_;

  // ---------------------------------------------------------- data flow

  // OpaqueValueExpr (the base of threadIdx.x, a property) hides its source
  // from children().
  static const clang::Stmt *unwrap(const clang::Stmt *s) {
    while (const auto *o = llvm::dyn_cast_or_null<clang::OpaqueValueExpr>(s))
      s = o->getSourceExpr();
    return s;
  }

  bool threadDependent(const clang::Stmt *s) const {
    s = unwrap(s);
    if (s == nullptr)
      return false;
    if (const auto *e = llvm::dyn_cast<clang::Expr>(s)) {
      if (isBuiltinVar(e, "threadIdx"))
        return true;
      if (const auto *d = llvm::dyn_cast<clang::DeclRefExpr>(e))
        if (const auto *v = llvm::dyn_cast<clang::VarDecl>(d->getDecl()))
          return tainted_.count(v) != 0;
      if (const auto *call = llvm::dyn_cast<clang::CallExpr>(e))
        if (kLaneVarying.count(calleeName(call)))
          return true;
    }
    for (const clang::Stmt *c : s->children())
      if (threadDependent(c))
        return true;
    return false;
  }

  // Thread index or block size: the operands of warp-size arithmetic.
  bool threadIndexLike(const clang::Stmt *s) const {
    s = unwrap(s);
    if (s == nullptr)
      return false;
    if (const auto *e = llvm::dyn_cast<clang::Expr>(s))
      if (isBuiltinVar(e, "blockDim"))
        return true;
    if (threadDependent(s))
      return true;
    for (const clang::Stmt *c : s->children())
      if (threadIndexLike(c))
        return true;
    return false;
  }

  static const clang::VarDecl *localVar(const clang::Expr *e) {
    if (const auto *d = llvm::dyn_cast<clang::DeclRefExpr>(e->IgnoreParenImpCasts()))
      if (const auto *v = llvm::dyn_cast<clang::VarDecl>(d->getDecl()))
        if (v->hasLocalStorage())
          return v;
    return nullptr;
  }

  void collectDefs(const clang::Stmt *s,
                   std::vector<std::pair<const clang::VarDecl *, const clang::Stmt *>> &defs) {
    if (s == nullptr)
      return;
    if (const auto *ds = llvm::dyn_cast<clang::DeclStmt>(s)) {
      for (const clang::Decl *d : ds->decls())
        if (const auto *v = llvm::dyn_cast<clang::VarDecl>(d))
          if (v->hasInit())
            defs.emplace_back(v, v->getInit());
    } else if (const auto *b = llvm::dyn_cast<clang::BinaryOperator>(s)) {
      if (b->isAssignmentOp())
        if (const clang::VarDecl *v = localVar(b->getLHS()))
          defs.emplace_back(v, b->getRHS());
    }
    for (const clang::Stmt *c : s->children())
      collectDefs(c, defs);
  }

  void computeTaint(const clang::Stmt *body) {
    std::vector<std::pair<const clang::VarDecl *, const clang::Stmt *>> defs;
    collectDefs(body, defs);
    for (bool changed = true; changed;) {
      changed = false;
      for (const auto &[v, rhs] : defs)
        if (!tainted_.count(v) && threadDependent(rhs)) {
          tainted_.insert(v);
          changed = true;
        }
    }
  }

  // ---------------------------------------------------------- helpers

  void report(clang::SourceLocation loc, const char *id, std::string message) {
    out_.push_back({loc, id, std::move(message)});
  }

  std::string text(const clang::Stmt *s) const {
    std::string t = ctx_.text(s->getSourceRange());
    if (t.size() > 60)
      t = t.substr(0, 57) + "...";
    return t;
  }

  bool constant(const clang::Expr *e, llvm::APSInt &value) const {
    if (e == nullptr || e->isValueDependent() || e->isTypeDependent())
      return false;
    clang::Expr::EvalResult r;
    if (!e->EvaluateAsInt(r, ctx_.ast))
      return false;
    value = r.Val.getInt();
    return true;
  }

  bool isConstant(const clang::Expr *e, std::uint64_t want) const {
    llvm::APSInt v;
    return constant(e, v) && v.getBitWidth() <= 64 &&
           v.getExtValue() == static_cast<std::int64_t>(want);
  }

  bool isFullMask32(const clang::Expr *e) const {
    llvm::APSInt v;
    if (!constant(e, v))
      return false;
    // 0xffffffff as a 32-bit value (also ~0u), not a 64-bit all-ones mask.
    return v.getActiveBits() == 32 && v.getZExtValue() == 0xffffffffull;
  }

  // The innermost thread-dependent condition that `s` is controlled by,
  // walking up to the function body.
  const clang::Expr *divergentCondition(const clang::Stmt *s) const {
    clang::DynTypedNode node = clang::DynTypedNode::create(*s);
    while (true) {
      auto parents = ctx_.ast.getParents(node);
      if (parents.empty())
        return nullptr;
      const clang::DynTypedNode &p = parents[0];
      const clang::Stmt *child = node.get<clang::Stmt>();
      if (p.get<clang::FunctionDecl>() != nullptr)
        return nullptr;
      if (const auto *ifs = p.get<clang::IfStmt>()) {
        if (child != ifs->getCond() && threadDependent(ifs->getCond()))
          return ifs->getCond();
      } else if (const auto *w = p.get<clang::WhileStmt>()) {
        if (child == w->getBody() && threadDependent(w->getCond()))
          return w->getCond();
      } else if (const auto *f = p.get<clang::ForStmt>()) {
        if (child == f->getBody() && threadDependent(f->getCond()))
          return f->getCond();
      } else if (const auto *d = p.get<clang::DoStmt>()) {
        if (child == d->getBody() && threadDependent(d->getCond()))
          return d->getCond();
      } else if (const auto *sw = p.get<clang::SwitchStmt>()) {
        if (child != sw->getCond() && threadDependent(sw->getCond()))
          return sw->getCond();
      } else if (const auto *c = p.get<clang::ConditionalOperator>()) {
        if (child != c->getCond() && threadDependent(c->getCond()))
          return c->getCond();
      } else if (const auto *b = p.get<clang::BinaryOperator>()) {
        if (b->isLogicalOp() && child == b->getRHS() && threadDependent(b->getLHS()))
          return b->getLHS();
      }
      node = p;
    }
  }

  // ---------------------------------------------------------- checks

  void walk(const clang::Stmt *s) {
    if (s == nullptr)
      return;
    if (const auto *call = llvm::dyn_cast<clang::CallExpr>(s))
      checkCall(call);
    else if (const auto *b = llvm::dyn_cast<clang::BinaryOperator>(s))
      checkArithmetic(b);
    else if (const auto *f = llvm::dyn_cast<clang::ForStmt>(s))
      checkLoop(f);
    for (const clang::Stmt *c : s->children())
      walk(c);
  }

  void checkCall(const clang::CallExpr *call) {
    const std::string name = calleeName(call);
    if (name.empty())
      return;
    const bool barrier = kBarriers.count(name) != 0;
    const bool warpOp = kWarpSyncOps.count(name) != 0;
    if (!barrier && !warpOp)
      return;
    const clang::Expr *mask = warpOp && call->getNumArgs() > 0 ? call->getArg(0) : nullptr;
    if (mask != nullptr && llvm::isa<clang::CXXDefaultArgExpr>(mask))
      mask = nullptr;
    const bool fullMask32 = mask != nullptr && isFullMask32(mask);
    if (fullMask32)
      report(mask->getBeginLoc(), "full-mask-32",
             "lane mask 0xffffffff in " + name +
                 "() names lanes 0..31 only: with 64-lane warps lanes 32..63 are left out "
                 "(use __activemask() or a mask built from warpSize)");
    // Full-mask operations: __syncwarp() with no mask, or a constant mask
    // naming every lane.
    const bool fullWarp = warpOp && (mask == nullptr || fullMask32 || isConstant(mask, ~0ull) ||
                                     isConstant(mask, static_cast<std::uint64_t>(-1)));
    if (barrier || fullWarp) {
      if (const clang::Expr *cond = divergentCondition(call)) {
        UserPosition cpos;
        std::string where;
        if (ctx_.position(ctx_.sm.getExpansionLoc(cond->getBeginLoc()), cpos))
          where = " (line " + std::to_string(cpos.line) + ")";
        if (barrier)
          report(call->getBeginLoc(), "divergent-barrier",
                 name + "() under thread-dependent control flow `" + text(cond) + "`" + where +
                     ": threads of the block that take the other path never arrive, so "
                     "the barrier deadlocks or is undefined");
        else
          report(call->getBeginLoc(), "divergent-warp-op",
                 name + "() with a full-warp mask under thread-dependent control flow `" +
                     text(cond) + "`" + where +
                     ": lanes that take the other path never arrive (use __activemask() "
                     "or a mask of the lanes that get here)");
      }
    }
    if (kShuffles.count(name) && call->getNumArgs() >= 4) {
      const clang::Expr *width = call->getArg(3);
      if (!llvm::isa<clang::CXXDefaultArgExpr>(width) && isConstant(width, 32))
        report(width->getBeginLoc(), "warp-size-literal",
               "shuffle width 32 in " + name +
                   "() assumes 32-lane warps (use warpSize, or leave the width out)");
    }
  }

  void checkArithmetic(const clang::BinaryOperator *b) {
    std::uint64_t want = 0;
    const char *what = nullptr;
    switch (b->getOpcode()) {
    case clang::BO_Rem:
    case clang::BO_RemAssign:
      want = 32;
      what = "% 32";
      break;
    case clang::BO_And:
    case clang::BO_AndAssign:
      want = 31;
      what = "& 31";
      break;
    case clang::BO_Div:
    case clang::BO_DivAssign:
      want = 32;
      what = "/ 32";
      break;
    case clang::BO_Shr:
    case clang::BO_ShrAssign:
      want = 5;
      what = ">> 5";
      break;
    default:
      return;
    }
    if (!isConstant(b->getRHS(), want) || !threadIndexLike(b->getLHS()))
      return;
    const bool lane = b->getOpcode() == clang::BO_Rem || b->getOpcode() == clang::BO_RemAssign ||
                      b->getOpcode() == clang::BO_And || b->getOpcode() == clang::BO_AndAssign;
    report(b->getOperatorLoc(), "warp-size-arith",
           "`" + text(b) + "` assumes 32-lane warps (" + what + "); " +
               (lane ? "a lane index is % warpSize" : "a warp index is / warpSize") +
               ", and warps have 64 lanes on the cdna3 profile or with --warp-size 64");
  }

  bool containsShuffle(const clang::Stmt *s) const {
    if (s == nullptr)
      return false;
    if (const auto *call = llvm::dyn_cast<clang::CallExpr>(s)) {
      const std::string n = calleeName(call);
      if (kShuffles.count(n) || n.rfind("__reduce_", 0) == 0)
        return true;
    }
    for (const clang::Stmt *c : s->children())
      if (containsShuffle(c))
        return true;
    return false;
  }

  void checkLoop(const clang::ForStmt *f) {
    // for (v = 16; ...; v /= 2 | v >>= 1 | v = v / 2 | v = v >> 1) { ...shuffle... }
    const clang::VarDecl *var = nullptr;
    const clang::Expr *start = nullptr;
    if (const auto *ds = llvm::dyn_cast_or_null<clang::DeclStmt>(f->getInit())) {
      if (ds->isSingleDecl())
        if (const auto *v = llvm::dyn_cast<clang::VarDecl>(ds->getSingleDecl()))
          if (v->hasInit()) {
            var = v;
            start = v->getInit();
          }
    } else if (const auto *b = llvm::dyn_cast_or_null<clang::BinaryOperator>(f->getInit())) {
      if (b->getOpcode() == clang::BO_Assign) {
        var = localVar(b->getLHS());
        start = b->getRHS();
      }
    }
    if (var == nullptr || !isConstant(start, 16))
      return;
    const auto *inc = llvm::dyn_cast_or_null<clang::BinaryOperator>(f->getInc());
    if (inc == nullptr || localVar(inc->getLHS()) != var)
      return;
    bool halves = false;
    if ((inc->getOpcode() == clang::BO_DivAssign && isConstant(inc->getRHS(), 2)) ||
        (inc->getOpcode() == clang::BO_ShrAssign && isConstant(inc->getRHS(), 1)))
      halves = true;
    if (inc->getOpcode() == clang::BO_Assign)
      if (const auto *r =
              llvm::dyn_cast<clang::BinaryOperator>(inc->getRHS()->IgnoreParenImpCasts()))
        if (localVar(r->getLHS()) == var &&
            ((r->getOpcode() == clang::BO_Div && isConstant(r->getRHS(), 2)) ||
             (r->getOpcode() == clang::BO_Shr && isConstant(r->getRHS(), 1))))
          halves = true;
    if (!halves || !containsShuffle(f->getBody()))
      return;
    report(start->getBeginLoc(), "warp-size-loop",
           "shuffle loop starts at offset 16 and halves: it combines 32 lanes only; with "
           "64-lane warps start at warpSize / 2");
  }
};

class Visitor : public clang::RecursiveASTVisitor<Visitor> {
public:
  Visitor(RewriteContext &ctx, std::vector<LintFinding> &out) : ctx_(ctx), out_(out) {}

  bool VisitFunctionDecl(clang::FunctionDecl *fd) {
    if (!fd->doesThisDeclarationHaveABody() || !isDeviceFunction(fd))
      return true;
    if (ctx_.userFile(ctx_.sm.getExpansionLoc(fd->getLocation())) == nullptr)
      return true;
    FunctionLint(ctx_, fd, out_).run();
    return true;
  }

private:
  RewriteContext &ctx_;
  std::vector<LintFinding> &out_;
};

} // namespace

std::vector<LintFinding> runLintChecks(RewriteContext &ctx) {
  std::vector<LintFinding> out;
  Visitor(ctx, out).TraverseDecl(ctx.ast.getTranslationUnitDecl());
  return out;
}

} // namespace warpsim::frontend
