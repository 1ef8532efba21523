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
    const std::string define =
        "\n#define __CUDA_ARCH__ " + arch_ + "\n#line " + std::to_string(bl) + "\n" + spaces(bc);
    const std::string undef =
        "\n#undef __CUDA_ARCH__\n#line " + std::to_string(el) + "\n" + spaces(ec - 1);
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
    std::sort(it->second.inserts.begin(), it->second.inserts.end(),
              [](const ArchInsert &a, const ArchInsert &b) { return a.at < b.at; });
    it = it->second.inserts.empty() ? layers.erase(it) : std::next(it);
  }
  return layers;
}

// ------------------------------------------------------------ conditionals

namespace {

class ConditionalRecorder : public clang::PPCallbacks {
public:
  ConditionalRecorder(clang::Preprocessor &pp, UserFiles &files, const ArchMacros &macros,
                      ArchConditionals &out)
      : sm_(pp.getSourceManager()), files_(files), macros_(macros), out_(out) {}

  void If(clang::SourceLocation loc, clang::SourceRange, ConditionValueKind v) override {
    recordCondition(loc, v);
  }
  void Elif(clang::SourceLocation loc, clang::SourceRange, ConditionValueKind v,
            clang::SourceLocation) override {
    recordCondition(loc, v);
  }
  void Ifdef(clang::SourceLocation loc, const clang::Token &name,
             const clang::MacroDefinition &md) override {
    if (isArchName(name.getIdentifierInfo()->getName(), macros_))
      record(loc, md ? 2 : 1);
  }
  void Ifndef(clang::SourceLocation loc, const clang::Token &name,
              const clang::MacroDefinition &md) override {
    if (isArchName(name.getIdentifierInfo()->getName(), macros_))
      record(loc, md ? 1 : 2);
  }

private:
  const clang::SourceManager &sm_;
  UserFiles &files_;
  const ArchMacros &macros_;
  ArchConditionals &out_;

  UserFile *file(clang::SourceLocation loc, std::string &name) const {
    if (!loc.isFileID())
      return nullptr;
    auto ref = sm_.getFileEntryRefForID(sm_.getFileID(loc));
    if (!ref)
      return nullptr;
    name = ref->getName().str();
    return files_.find(name);
  }

  // The directive's line (with its continuations) names the arch?
  void recordCondition(clang::SourceLocation loc, ConditionValueKind v) {
    std::string name;
    UserFile *f = file(loc, name);
    if (f == nullptr)
      return;
    std::string_view text = f->parsed;
    std::size_t b = sm_.getFileOffset(loc), e = b;
    while (e < text.size() && (text[e] != '\n' || (e > b && text[e - 1] == '\\')))
      ++e;
    if (mentionsArch(text.substr(b, e - b), macros_))
      record(loc, v == CVK_NotEvaluated ? 0 : v == CVK_False ? 1 : 2);
  }

  void record(clang::SourceLocation loc, int value) {
    std::string name;
    if (file(loc, name) == nullptr)
      return;
    std::size_t off = sm_.getFileOffset(loc);
    out_[{name, off}] = {name, off, value};
  }
};

} // namespace

std::unique_ptr<clang::PPCallbacks> makeArchConditionalRecorder(clang::Preprocessor &pp,
                                                                UserFiles &files,
                                                                const ArchMacros &macros,
                                                                ArchConditionals &out) {
  return std::make_unique<ConditionalRecorder>(pp, files, macros, out);
}

std::string archConditionalWarnings(UserFiles &files, const ArchConditionals &host,
                                    const ArchConditionals &device, unsigned cuda_arch) {
  std::string out;
  for (const auto &[key, h] : host) {
    auto d = device.find(key);
    if (d == device.end() || d->second.value == h.value)
      continue;
    UserFile *f = files.find(h.file);
    // CUB and Thrust are written for it: their host-pass branch (CUB_PTX_ARCH
    // 0) is a configuration they support, and the user cannot change them.
    if (f == nullptr || isCudaLibraryHeader(f->abs_path))
      continue;
    std::size_t passed = f->arch.toPassed(h.offset);
    bool inBody = false;
    for (const auto &[from, to] : f->arch.bodies)
      inBody = inBody || (passed > from && passed < to);
    if (inBody)
      continue;
    unsigned line, col;
    lineAndColumn(f->original, f->toOriginal(h.offset), line, col);
    out += renderDiagnostic(
        f->report_name, f->original, line, col, "warning",
        "this conditional depends on __CUDA_ARCH__ outside a function body, where nvcc's device "
        "pass (__CUDA_ARCH__ " +
            std::to_string(cuda_arch) +
            ") takes another branch than its host pass; warpsim compiles the host pass's "
            "branch for host and device code alike (inside a function body the device's "
            "view is used)");
  }
  return out;
}

} // namespace warpsim::frontend
