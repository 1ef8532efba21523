// Fills in what the launch pass could not know at token level: which kernel a
// `<<<>>>` site launches (after overload resolution and template-argument
// deduction), how much static shared memory it uses, and its address.
//
// The pass turned each site into `::warpsim::launch(site, cfg, [=](auto&&...
// __ws_a) { callee(__ws_a...); }, args...)`. Clang instantiated the generic
// lambda's call operator for the argument types of every launch it saw; the
// call inside each instantiation names the kernel. A site whose
// instantiations (a launch in a function template, or in a macro) reach more
// than one kernel, or none, keeps the pass's "unknown" KernelSite.
#include <algorithm>
#include <map>
#include <set>

#include "RewriteContext.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"

namespace warpsim::frontend {
namespace {

// The kernel called in one instantiation of a site's lambda, or null.
const clang::FunctionDecl *calledKernel(const clang::FunctionDecl *op) {
  const auto *body = llvm::dyn_cast_or_null<clang::CompoundStmt>(op->getBody());
  if (body == nullptr || body->size() != 1)
    return nullptr;
  const auto *e = llvm::dyn_cast<clang::Expr>(body->body_front());
  if (e == nullptr)
    return nullptr;
  const auto *call = llvm::dyn_cast<clang::CallExpr>(e->IgnoreImplicit());
  return call != nullptr ? call->getDirectCallee() : nullptr;
}

struct SiteUse {
  std::set<const clang::FunctionDecl *> kernels;
  bool unresolved = false;
  clang::SourceLocation loc; // the KernelSite text, in the parsed buffer
};

class LaunchFinder : public clang::RecursiveASTVisitor<LaunchFinder> {
public:
  explicit LaunchFinder(RewriteContext &ctx) : ctx_(ctx) {}
  bool shouldVisitTemplateInstantiations() const { return true; }

  bool VisitCallExpr(clang::CallExpr *call) {
    const clang::FunctionDecl *fd = call->getDirectCallee();
    if (fd == nullptr || call->getNumArgs() < 3 ||
        fd->getQualifiedNameAsString() != "warpsim::launch")
      return true;
    clang::SourceLocation siteLoc = ctx_.sm.getSpellingLoc(call->getArg(0)->getBeginLoc());
    if (ctx_.userFile(siteLoc) == nullptr)
      return true;
    SiteUse &use = sites_[siteLoc.getRawEncoding()];
    use.loc = siteLoc;
    const auto *lambda = llvm::dyn_cast<clang::LambdaExpr>(call->getArg(2)->IgnoreImplicit());
    const clang::FunctionTemplateDecl *tmpl =
        lambda != nullptr ? lambda->getDependentCallOperator() : nullptr;
    if (tmpl == nullptr) {
      use.unresolved = true;
      return true;
    }
    bool any = false;
    for (const clang::FunctionDecl *op : tmpl->specializations()) {
      const clang::FunctionDecl *k = calledKernel(op);
      if (k == nullptr)
        use.unresolved = true;
      else
        use.kernels.insert(k->getCanonicalDecl());
      any = true;
    }
    use.unresolved |= !any;
    return true;
  }

  std::map<clang::SourceLocation::UIntTy, SiteUse> sites_;

private:
  RewriteContext &ctx_;
};

// Whether `&name` at a launch site names exactly `fd`: a non-member function
// of a named namespace, not overloaded, declared before the site. Template
// specializations qualify when every template argument is a builtin type or
// an integer, whose printed spelling is unambiguous C++.
bool nameable(RewriteContext &ctx, const clang::FunctionDecl *fd, clang::SourceLocation site) {
  for (const clang::DeclContext *dc = fd->getDeclContext(); !dc->isTranslationUnit();
       dc = dc->getParent()) {
    const auto *ns = llvm::dyn_cast<clang::NamespaceDecl>(dc);
    if (ns == nullptr && !llvm::isa<clang::LinkageSpecDecl>(dc))
      return false;
    if (ns != nullptr && ns->isAnonymousNamespace())
      return false;
  }
  const clang::NamedDecl *entity = fd;
  if (fd->getTemplatedKind() == clang::FunctionDecl::TK_FunctionTemplateSpecialization) {
    const clang::TemplateArgumentList *args = fd->getTemplateSpecializationArgs();
    for (const clang::TemplateArgument &a : args->asArray()) {
      if (a.getKind() == clang::TemplateArgument::Type && a.getAsType()->isBuiltinType())
        continue;
      if (a.getKind() == clang::TemplateArgument::Integral &&
          !a.getIntegralType()->isEnumeralType())
        continue;
      return false;
    }
    entity = fd->getPrimaryTemplate();
  } else if (fd->getTemplatedKind() != clang::FunctionDecl::TK_NonTemplate) {
    return false;
  }
  auto found = fd->getDeclContext()->getRedeclContext()->lookup(entity->getDeclName());
  if (!found.isSingleResult())
    return false;
  clang::SourceLocation declared =
      ctx.sm.getExpansionLoc(entity->getCanonicalDecl()->getLocation());
  return ctx.sm.isBeforeInTranslationUnit(declared, site);
}

std::string printedName(RewriteContext &ctx, const clang::FunctionDecl *fd) {
  clang::PrintingPolicy policy = ctx.ast.getPrintingPolicy();
  policy.SuppressUnwrittenScope = true;
  policy.FullyQualifiedName = true;
  std::string s;
  llvm::raw_string_ostream os(s);
  fd->getNameForDiagnostic(os, policy, /*Qualified=*/true);
  return s;
}

// Static shared memory of a kernel and the functions it calls.
class SharedBytes : public clang::RecursiveASTVisitor<SharedBytes> {
public:
  explicit SharedBytes(RewriteContext &ctx) : ctx_(ctx) {}

  void function(const clang::FunctionDecl *fd) {
    const clang::FunctionDecl *def = nullptr;
    if (!fd->hasBody(def) || def == nullptr || !seen_.insert(def).second)
      return;
    // Shared variables only live in the user's code; don't walk the
    // standard library.
    if (ctx_.userFile(ctx_.sm.getExpansionLoc(def->getLocation())) == nullptr)
      return;
    TraverseStmt(def->getBody());
  }

  bool VisitVarDecl(clang::VarDecl *vd) {
    add(vd);
    return true;
  }
  bool VisitDeclRefExpr(clang::DeclRefExpr *dre) {
    if (auto *vd = llvm::dyn_cast<clang::VarDecl>(dre->getDecl()))
      add(vd);
    return true;
  }
  bool VisitCallExpr(clang::CallExpr *call) {
    if (const clang::FunctionDecl *fd = call->getDirectCallee())
      function(fd);
    return true;
  }
  bool VisitCXXConstructExpr(clang::CXXConstructExpr *ce) {
    function(ce->getConstructor());
    return true;
  }

  bool unknown = false;
  std::uint64_t bytes = 0;
  // Each variable: its size and "'name' (N bytes) at file:line".
  std::vector<std::pair<std::uint64_t, std::string>> vars;

private:
  RewriteContext &ctx_;
  std::set<const clang::FunctionDecl *> seen_;
  std::set<const clang::VarDecl *> vars_;

  void add(const clang::VarDecl *vd) {
    if (!hasCudaAttr(vd, "shared") || vd->hasExternalStorage() ||
        !vars_.insert(vd->getCanonicalDecl()).second)
      return;
    clang::QualType t = vd->getType();
    if (t->isDependentType() || t->isIncompleteType()) {
      unknown = true;
      return;
    }
    std::uint64_t size = ctx_.ast.getTypeSizeInChars(t).getQuantity();
    // What the runtime gets: alignof of the typedef, i.e. the type's ABI
    // alignment or a larger __align__ (not the preferred alignment of a
    // local array, which getDeclAlign would give).
    std::uint64_t align = std::max<std::uint64_t>(ctx_.ast.getTypeAlignInChars(t).getQuantity(),
                                                  vd->getMaxAlignment() / ctx_.ast.getCharWidth());
    if (align == 0)
      align = 1;
    bytes = (bytes + align - 1) / align * align + size;
    std::string what = "'" + vd->getNameAsString() + "' (" + std::to_string(size) + " bytes)";
    UserPosition pos;
    if (ctx_.position(ctx_.sm.getExpansionLoc(vd->getLocation()), pos))
      what += " at " + pos.report_name + ":" + std::to_string(pos.line);
    vars.emplace_back(size, std::move(what));
  }
};

} // namespace

bool staticSharedBytes(RewriteContext &ctx, const clang::FunctionDecl *kernel, std::uint64_t &bytes,
                       std::string *vars) {
  const clang::FunctionDecl *def = nullptr;
  if (!kernel->hasBody(def))
    return false;
  SharedBytes v(ctx);
  v.function(kernel);
  bytes = v.bytes;
  if (vars != nullptr) {
    std::sort(v.vars.begin(), v.vars.end(), [](const auto &a, const auto &b) {
      return a.first != b.first ? a.first > b.first : a.second < b.second;
    });
    vars->clear();
    for (const auto &[size, what] : v.vars)
      *vars += (vars->empty() ? "" : "; ") + what;
  }
  return !v.unknown;
}

// The maximum threads per block of the kernel's __launch_bounds__ (the
// instantiation's, so template arguments are substituted), or 0.
static unsigned launchBound(RewriteContext &ctx, const clang::FunctionDecl *kernel) {
  for (const clang::FunctionDecl *d = kernel; d != nullptr;
       d = d->getTemplateInstantiationPattern() != d ? d->getTemplateInstantiationPattern()
                                                     : nullptr)
    for (const clang::FunctionDecl *r : d->redecls())
      for (const auto *a : r->specific_attrs<clang::AnnotateAttr>()) {
        if (a->getAnnotation() != "warpsim::launch_bounds" || a->args_size() == 0)
          continue;
        const clang::Expr *e = *a->args_begin();
        clang::Expr::EvalResult v;
        if (!e->isValueDependent() && e->EvaluateAsInt(v, ctx.ast) &&
            v.Val.getInt().isStrictlyPositive())
          return static_cast<unsigned>(v.Val.getInt().getLimitedValue(~0u));
      }
  return 0;
}

// The kernel's __cluster_dims__(x{, y{, z}}) as "{x, y, z}", "" without one;
// an argument that is not a positive constant is a located error.
static std::string clusterDims(RewriteContext &ctx, const clang::FunctionDecl *kernel) {
  for (const clang::FunctionDecl *d = kernel; d != nullptr;
       d = d->getTemplateInstantiationPattern() != d ? d->getTemplateInstantiationPattern()
                                                     : nullptr)
    for (const clang::FunctionDecl *r : d->redecls())
      for (const auto *a : r->specific_attrs<clang::AnnotateAttr>()) {
        if (a->getAnnotation() != "warpsim::cluster_dims")
          continue;
        unsigned dims[3] = {1, 1, 1};
        unsigned i = 0;
        for (const clang::Expr *e : a->args()) {
          clang::Expr::EvalResult v;
          if (i == 3 || e->isValueDependent() || !e->EvaluateAsInt(v, ctx.ast) ||
              !v.Val.getInt().isStrictlyPositive()) {
            ctx.error(ctx.sm.getExpansionLoc(a->getLocation()),
                      "__cluster_dims__ takes one to three positive integer constants");
            return "";
          }
          dims[i++] = static_cast<unsigned>(v.Val.getInt().getLimitedValue(1u << 16));
        }
        return "{" + std::to_string(dims[0]) + ", " + std::to_string(dims[1]) + ", " +
               std::to_string(dims[2]) + "}";
      }
  return "";
}

// The `::warpsim::KernelSite{...}` literal for a launch of `kernel` at
// (line, col) of `reportName`.
std::string kernelSiteText(RewriteContext &ctx, const clang::FunctionDecl *kernel,
                           const std::string &reportName, unsigned line, unsigned col,
                           bool addressable) {
  const std::string name = printedName(ctx, kernel);
  std::uint64_t bytes = 0;
  std::string vars;
  const std::string smem = staticSharedBytes(ctx, kernel, bytes, &vars) ? std::to_string(bytes)
                                                                        : "::warpsim::kUnknownSmem";
  const std::string addr =
      addressable ? "reinterpret_cast<const void *>(&::" + name + ")" : "nullptr";
  // Named only where a launch can fail for them: past 48 KiB, the smallest
  // static limit of any target.
  const std::string varsText = vars.empty() || bytes <= std::uint64_t{48} * 1024
                                   ? std::string()
                                   : "\"" + escapeForStringLiteral(vars) + "\"";
  const unsigned bound = launchBound(ctx, kernel);
  const std::string cluster = clusterDims(ctx, kernel);
  std::string tail; // the optional fields, as far as one is given
  if (!cluster.empty())
    tail = ", " + (varsText.empty() ? std::string("nullptr") : varsText) + ", " +
           std::to_string(bound) + ", " + cluster;
  else if (bound != 0)
    tail = ", " + (varsText.empty() ? std::string("nullptr") : varsText) + ", " +
           std::to_string(bound);
  else if (!varsText.empty())
    tail = ", " + varsText;
  return "::warpsim::KernelSite{\"" + escapeForStringLiteral(name) + "\", \"" +
         escapeForStringLiteral(reportName) + "\", " + std::to_string(line) + ", " +
         std::to_string(col) + ", " + smem + ", " + addr + tail + "}";
}

// `cudaLaunchCooperativeKernel(kernel or (void *)kernel, grid, block, args,
// smem, stream)` and `cudaLaunchKernel(...)` with a kernel the front end can
// name become `::warpsim::launchWithArgs(KernelSite{...}, cooperative,
// &::kernel, grid, block, args, smem, stream)`: the parameter types come
// from the kernel, the values from `args`. A call whose kernel cannot be
// named stays, and returns cudaErrorNotSupported with a warning.
class ArgsLaunchFinder : public clang::RecursiveASTVisitor<ArgsLaunchFinder> {
public:
  explicit ArgsLaunchFinder(RewriteContext &ctx) : ctx_(ctx) {}

  bool VisitCallExpr(clang::CallExpr *call) {
    const clang::FunctionDecl *fd = call->getDirectCallee();
    if (fd == nullptr || call->getNumArgs() < 2 || !fd->getDeclContext()->isTranslationUnit())
      return true;
    const std::string callee = fd->getNameAsString();
    // HIP's hipLaunchKernel / hipLaunchCooperativeKernel take CUDA's
    // arguments in CUDA's order (docs/hip.md).
    const bool cooperative =
        callee == "cudaLaunchCooperativeKernel" || callee == "hipLaunchCooperativeKernel";
    // cudaLaunchKernelEx(config, kernel, args...): the kernel is argument 1.
    const bool ex = callee == "cudaLaunchKernelEx";
    if (!cooperative && !ex && callee != "cudaLaunchKernel" && callee != "hipLaunchKernel")
      return true;
    const unsigned k = ex ? 1 : 0;
    const auto *ref = llvm::dyn_cast<clang::DeclRefExpr>(call->getArg(k)->IgnoreParenCasts());
    if (ref == nullptr)
      return true;
    if (const auto *uop = llvm::dyn_cast<clang::UnaryOperator>(call->getArg(k)->IgnoreParenCasts()))
      ref = llvm::dyn_cast<clang::DeclRefExpr>(uop->getSubExpr()->IgnoreParenCasts());
    const auto *kernel =
        ref != nullptr ? llvm::dyn_cast<clang::FunctionDecl>(ref->getDecl()) : nullptr;
    clang::SourceManager &sm = ctx_.sm;
    const clang::SourceLocation calleeLoc = sm.getSpellingLoc(call->getCallee()->getBeginLoc());
    const clang::SourceLocation argBegin = sm.getSpellingLoc(call->getArg(k)->getBeginLoc());
    const clang::SourceLocation argEnd = sm.getSpellingLoc(call->getArg(k)->getEndLoc());
    if (kernel == nullptr || !isKernel(kernel) || ctx_.userFile(calleeLoc) == nullptr ||
        !nameable(ctx_, kernel, calleeLoc) || sm.getFileID(argBegin) != sm.getFileID(calleeLoc) ||
        !done_.insert(calleeLoc.getRawEncoding()).second)
      return true;
    UserPosition pos;
    if (!ctx_.position(calleeLoc, pos))
      return true;
    const std::string name = printedName(ctx_, kernel);
    const std::string site =
        kernelSiteText(ctx_, kernel, pos.report_name, sm.getSpellingLineNumber(calleeLoc),
                       sm.getSpellingColumnNumber(calleeLoc), true);
    if (ex) {
      ctx_.rewriter.ReplaceText(calleeLoc, static_cast<unsigned>(callee.size()),
                                "::warpsim::launchEx");
      ctx_.rewriter.ReplaceText(clang::SourceRange(argBegin, argEnd), site + ", &::" + name);
      return true;
    }
    ctx_.rewriter.ReplaceText(calleeLoc, static_cast<unsigned>(callee.size()),
                              "::warpsim::launchWithArgs");
    ctx_.rewriter.ReplaceText(clang::SourceRange(argBegin, argEnd),
                              site + ", " + (cooperative ? "true" : "false") + ", &::" + name);
    return true;
  }

private:
  RewriteContext &ctx_;
  std::set<clang::SourceLocation::UIntTy> done_;
};

// A kernel with __cluster_dims__ registers them at static init time, so that
// cudaFuncGetAttributes knows them before its first launch (as the GPU does,
// from the binary). The registration follows the definition's closing brace,
// on its line:
//   __global__ void __cluster_dims__(2, 1, 1) k(int *p) { ... }
//   => ... } static ::warpsim::KernelClusterDims __ws_cluster_0(
//          reinterpret_cast<const void *>(&::k), 2, 1, 1);
// Templates (no address without an instantiation) and kernels `&name`
// cannot name (overloaded, in an anonymous namespace) register at launch.
class ClusterDimsRegistrar : public clang::RecursiveASTVisitor<ClusterDimsRegistrar> {
public:
  explicit ClusterDimsRegistrar(RewriteContext &ctx) : ctx_(ctx) {}

  bool VisitFunctionDecl(clang::FunctionDecl *fd) {
    if (!fd->doesThisDeclarationHaveABody() || !isKernel(fd) ||
        fd->getTemplatedKind() != clang::FunctionDecl::TK_NonTemplate)
      return true;
    const auto *body = llvm::dyn_cast_or_null<clang::CompoundStmt>(fd->getBody());
    if (body == nullptr || !body->getRBracLoc().isFileID() ||
        ctx_.userFile(body->getRBracLoc()) == nullptr || !nameable(ctx_, fd, body->getRBracLoc()))
      return true;
    if (usesGraphs()) {
      // A kernel node names its kernel by address (cudaKernelNodeParams::
      // func): the runtime learns here how to launch it from an argument
      // array (sim/runtime/CudaGraphs.cpp).
      UserPosition pos;
      const clang::SourceLocation nameLoc = ctx_.sm.getSpellingLoc(fd->getLocation());
      if (ctx_.position(nameLoc, pos))
        ctx_.rewriter.InsertTextAfterToken(
            body->getRBracLoc(),
            " static ::warpsim::KernelLauncher __ws_launcher_" + std::to_string(count_++) +
                "(&::" + printedName(ctx_, fd) + ", " +
                kernelSiteText(ctx_, fd, pos.report_name, ctx_.sm.getSpellingLineNumber(nameLoc),
                               ctx_.sm.getSpellingColumnNumber(nameLoc), true) +
                ");");
    }
    const std::string dims = clusterDims(ctx_, fd);
    if (dims.size() < 2)
      return true;
    ctx_.rewriter.InsertTextAfterToken(
        body->getRBracLoc(), " static ::warpsim::KernelClusterDims __ws_cluster_" +
                                 std::to_string(count_++) +
                                 "(reinterpret_cast<const void *>(&::" + printedName(ctx_, fd) +
                                 "), " + dims.substr(1, dims.size() - 2) + ");");
    return true;
  }

private:
  // Whether the translation unit's main file builds kernel nodes of CUDA
  // graphs: only then are its kernels registered (a kernel defined in
  // another unit is not; docs/device-api.md).
  bool usesGraphs() {
    if (graphs_ < 0) {
      const llvm::StringRef text = ctx_.buffer(ctx_.sm.getMainFileID());
      // cudaLaunchKernel with a kernel pointer (issue 27 item 5) needs the
      // same registration.
      graphs_ = text.contains("cudaKernelNodeParams") || text.contains("cudaGraphAddKernelNode") ||
                        text.contains("cudaLaunchKernel") ||
                        text.contains("cudaLaunchCooperativeKernel") ||
                        text.contains("hipLaunchKernel") ||
                        text.contains("hipLaunchCooperativeKernel")
                    ? 1
                    : 0;
    }
    return graphs_ == 1;
  }
  RewriteContext &ctx_;
  unsigned count_ = 0;
  int graphs_ = -1;
};

void resolveLaunchSites(RewriteContext &ctx) {
  ClusterDimsRegistrar registrar(ctx);
  registrar.TraverseDecl(ctx.ast.getTranslationUnitDecl());
  ArgsLaunchFinder args(ctx);
  args.TraverseDecl(ctx.ast.getTranslationUnitDecl());
  LaunchFinder finder(ctx);
  finder.TraverseDecl(ctx.ast.getTranslationUnitDecl());
  for (auto &[raw, use] : finder.sites_) {
    if (use.unresolved || use.kernels.size() != 1)
      continue;
    UserPosition pos;
    if (!ctx.position(use.loc, pos))
      continue;
    const LaunchSite *site = nullptr;
    for (const LaunchSite &s : pos.file->pass.sites)
      if (s.site_offset == pos.file->arch.toPassed(pos.offset))
        site = &s;
    if (site == nullptr)
      continue;
    const clang::FunctionDecl *kernel = *use.kernels.begin();
    // The specialization the call named, with its body, if instantiated.
    if (const clang::FunctionDecl *def = kernel->getDefinition())
      kernel = def;
    if (!isKernel(kernel)) {
      ctx.error(use.loc, "'" + printedName(ctx, kernel) +
                             "' is not a __global__ function; only a kernel "
                             "can be launched with <<<...>>>");
      continue;
    }
    const std::string text = kernelSiteText(ctx, kernel, pos.report_name, site->line, site->col,
                                            nameable(ctx, kernel, use.loc));
    ctx.rewriter.ReplaceText(use.loc, static_cast<unsigned>(site->site_length), text);
  }
}

} // namespace warpsim::frontend
