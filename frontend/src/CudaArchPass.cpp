// The __CUDA_ARCH__ pass (CudaArch.h): which bodies see the device's view,
// how the text is bracketed, and the warnings for file-scope conditionals.
#include "CudaArch.h"

#include <algorithm>

#include "RewriteContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Lex/MacroInfo.h"

namespace warpsim::frontend {

// ------------------------------------------------------------ ArchLayer

std::string ArchLayer::apply(std::string_view passed) const {
  std::string out;
  std::size_t done = 0;
  for (const ArchInsert &i : inserts) {
    out.append(passed.substr(done, i.at - done));
    out += i.text;
    done = i.at;
  }
  out.append(passed.substr(done));
  return out;
}

std::size_t ArchLayer::toPassed(std::size_t offset) const {
  std::size_t shift = 0; // inserted bytes before the current insert
  for (const ArchInsert &i : inserts) {
    std::size_t begin = i.at + shift;
    if (offset < begin)
      break;
    if (offset < begin + i.text.size()) {
      std::size_t in = offset - begin;
      if (in >= i.copy_at && in < i.copy_at + i.copy_len)
        return i.copy_src + (in - i.copy_at);
      return i.at;
    }
    shift += i.text.size();
  }
  return offset - shift;
}

std::size_t ArchLayer::fromPassed(std::size_t offset) const {
  std::size_t shift = 0;
  for (const ArchInsert &i : inserts)
    if (i.at <= offset)
      shift += i.text.size();
  return offset + shift;
}

// ------------------------------------------------------------ arch macros

namespace {

bool isArchName(llvm::StringRef name, const ArchMacros &m) {
  return name == "__CUDA_ARCH__" || m.names.count(name) != 0;
}

// Does raw text (a body, a directive's condition) name __CUDA_ARCH__ or a
// macro that does?
bool mentionsArch(std::string_view text, const ArchMacros &m) {
  for (const RawToken &t : lexRaw(text))
    if (t.kind == clang::tok::raw_identifier && isArchName(t.text, m))
      return true;
  return false;
}

class ArchMacroCollector : public clang::PPCallbacks {
public:
  explicit ArchMacroCollector(ArchMacros &out) : out_(out) {}
  void MacroDefined(const clang::Token &name, const clang::MacroDirective *md) override {
    const clang::MacroInfo *mi = md->getMacroInfo();
    if (mi == nullptr)
      return;
    for (const clang::Token &t : mi->tokens())
      if (const clang::IdentifierInfo *ii = t.getIdentifierInfo();
          ii != nullptr && isArchName(ii->getName(), out_)) {
        out_.names.insert(name.getIdentifierInfo()->getName().str());
        return;
      }
  }

private:
  ArchMacros &out_;
};

} // namespace

std::unique_ptr<clang::PPCallbacks> makeArchMacroCollector(ArchMacros &out) {
  return std::make_unique<ArchMacroCollector>(out);
}

bool mentionsCudaArch(UserFiles &files) {
  for (const UserFile *f : files.all())
    if (f->original.find("__CUDA_ARCH__") != std::string::npos)
      return true;
  return false;
}

// ------------------------------------------------------------ planning

namespace {

std::string spaces(unsigned n) { return std::string(n, ' '); }

class BodyFinder : public clang::RecursiveASTVisitor<BodyFinder> {
public:
  BodyFinder(RewriteContext &ctx, const ArchMacros &macros, unsigned arch,
             std::map<std::string, ArchLayer> &out)
      : ctx_(ctx), macros_(macros), arch_(std::to_string(arch)), out_(out) {}

  bool VisitFunctionDecl(clang::FunctionDecl *fd) {
    if (!fd->doesThisDeclarationHaveABody() || !isDeviceFunction(fd))
      return true;
    const auto *body = llvm::dyn_cast_or_null<clang::CompoundStmt>(fd->getBody());
    if (body == nullptr)
      return true;
    clang::SourceLocation lb = body->getLBracLoc(), rb = body->getRBracLoc();
    // A body a macro writes has no lines of its own to bracket.
    if (!lb.isFileID() || !rb.isFileID())
      return true;
    UserPosition b, e;
    if (!ctx_.position(lb, b) || !ctx_.position(rb, e) || b.fid != e.fid || e.offset <= b.offset)
      return true;
    ArchLayer &layer = out_[b.file->abs_path];
    // A function inside a bracketed body (a local class) is bracketed with it.
    for (const auto &[from, to] : layer.bodies)
      if (b.offset > from && b.offset < to)
        return true;
    const std::string &text = b.file->pass.result.text;
    const bool host = hasCudaAttr(fd, "host");
    if (host &&
        !mentionsArch(std::string_view(text).substr(b.offset, e.offset - b.offset + 1), macros_))
      return true; // the same code for host and device
    layer.bodies.emplace_back(b.offset, e.offset);
    // Lines and columns of `{` and `}` in the passed text, which has the
    // user's lines.
    unsigned bl, bc, el, ec;
    lineAndColumn(text, b.offset, bl, bc);
    lineAndColumn(text, e.offset, el, ec);
    // push/pop, not #undef: a body inside the device pass's branch of a
    // merged file-scope conditional (ArchPasses.cpp) is followed by more of
    // that branch, which sees the macro too.
    const std::string define = "\n#pragma push_macro(\"__CUDA_ARCH__\")\n#undef __CUDA_ARCH__\n"
                               "#define __CUDA_ARCH__ " +
                               arch_ + "\n#line " + std::to_string(bl) + "\n" + spaces(bc);
    const std::string undef = "\n#pragma pop_macro(\"__CUDA_ARCH__\")\n#line " +
                              std::to_string(el) + "\n" + spaces(ec - 1);
    if (!host) {
      layer.inserts.push_back({b.offset + 1, define});
      layer.inserts.push_back({e.offset, undef});
      return true;
    }
    // __host__ __device__: the device copy first, taken on a GPU thread
    // (never during constant evaluation, which is the host's).
    ArchInsert dual;
    dual.at = b.offset + 1;
    dual.text = "if (!__builtin_is_constant_evaluated() && ::warpsim_in_device_code()) {" + define;
    dual.copy_at = dual.text.size();
    dual.copy_len = e.offset - (b.offset + 1);
    dual.copy_src = b.offset + 1;
    dual.text += text.substr(dual.copy_src, dual.copy_len);
    dual.text += undef + "} else {\n#line " + std::to_string(bl) + "\n" + spaces(bc);
    layer.inserts.push_back(std::move(dual));
    layer.inserts.push_back({e.offset, "}"});
    return true;
  }

private:
  RewriteContext &ctx_;
  const ArchMacros &macros_;
  std::string arch_;
  std::map<std::string, ArchLayer> &out_;
};

} // namespace

std::map<std::string, ArchLayer> planArchLayers(clang::ASTContext &ast, UserFiles &files,
                                                const ArchMacros &macros, unsigned cuda_arch) {
  clang::Rewriter unused(ast.getSourceManager(), ast.getLangOpts());
  RewriteContext ctx(ast, unused, files);
  std::map<std::string, ArchLayer> layers;
  BodyFinder(ctx, macros, cuda_arch, layers).TraverseDecl(ast.getTranslationUnitDecl());
  for (auto it = layers.begin(); it != layers.end();) {
    // In the order made where offsets tie: an empty body's `{}` puts its
    // define and its undef at one offset, and the pop first would leave
    // __CUDA_ARCH__ defined for the rest of the file.
    std::vector<ArchInsert> &ins = it->second.inserts;
    std::vector<std::size_t> order(ins.size());
    for (std::size_t i = 0; i < order.size(); ++i)
      order[i] = i;
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
      return ins[a].at != ins[b].at ? ins[a].at < ins[b].at : a < b;
    });
    std::vector<ArchInsert> sorted;
    sorted.reserve(ins.size());
    for (std::size_t i : order)
      sorted.push_back(std::move(ins[i]));
    ins = std::move(sorted);
    it = it->second.inserts.empty() ? layers.erase(it) : std::next(it);
  }
  return layers;
}

} // namespace warpsim::frontend
