// nvcc's two passes at file scope (CudaArch.h, docs/frontend.md): the
// conditional chains each pass takes, and the merged text that compiles the
// device pass's branch next to the host pass's.
#include <algorithm>
#include <cctype>

#include "CudaArch.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

namespace warpsim::frontend {
namespace {

class ChainRecorder : public clang::PPCallbacks {
public:
  ChainRecorder(clang::Preprocessor &pp, UserFiles &files, ConditionalChains &out)
      : sm_(pp.getSourceManager()), files_(files), out_(out) {}

  void If(clang::SourceLocation loc, clang::SourceRange, ConditionValueKind v) override {
    open(loc, v == CVK_True);
  }
  void Ifdef(clang::SourceLocation loc, const clang::Token &,
             const clang::MacroDefinition &md) override {
    open(loc, static_cast<bool>(md));
  }
  void Ifndef(clang::SourceLocation loc, const clang::Token &,
              const clang::MacroDefinition &md) override {
    open(loc, !md);
  }
  void Elif(clang::SourceLocation loc, clang::SourceRange, ConditionValueKind v,
            clang::SourceLocation ifLoc) override {
    branch(loc, ifLoc, v == CVK_True);
  }
  // C++23's #elifdef / #elifndef, evaluated: the innermost open chain.
  void Elifdef(clang::SourceLocation loc, const clang::Token &,
               const clang::MacroDefinition &md) override {
    if (!open_.empty() && file(loc) != nullptr)
      addBranch(open_.back(), loc, static_cast<bool>(md));
  }
  void Elifndef(clang::SourceLocation loc, const clang::Token &,
                const clang::MacroDefinition &md) override {
    if (!open_.empty() && file(loc) != nullptr)
      addBranch(open_.back(), loc, !md);
  }
  // The forms called while skipping (a branch was taken already).
  void Elifdef(clang::SourceLocation loc, clang::SourceRange,
               clang::SourceLocation ifLoc) override {
    branch(loc, ifLoc, false);
  }
  void Elifndef(clang::SourceLocation loc, clang::SourceRange,
                clang::SourceLocation ifLoc) override {
    branch(loc, ifLoc, false);
  }
  void Else(clang::SourceLocation loc, clang::SourceLocation ifLoc) override {
    ConditionalChain *c = chain(ifLoc);
    if (c == nullptr)
      return;
    c->lines.push_back(line(loc));
    if (c->taken < 0 && !c->ended)
      c->taken = static_cast<int>(c->lines.size()) - 1;
  }
  void Endif(clang::SourceLocation loc, clang::SourceLocation ifLoc) override {
    if (ConditionalChain *c = chain(ifLoc)) {
      c->lines.push_back(line(loc));
      c->ended = true;
      if (!open_.empty() && open_.back() == c)
        open_.pop_back();
    }
  }

private:
  const clang::SourceManager &sm_;
  UserFiles &files_;
  ConditionalChains &out_;
  std::vector<ConditionalChain *> open_; // the user files' open chains, innermost last

  unsigned line(clang::SourceLocation loc) const { return sm_.getSpellingLineNumber(loc); }

  const UserFile *file(clang::SourceLocation loc) const {
    if (!loc.isFileID())
      return nullptr;
    auto ref = sm_.getFileEntryRefForID(sm_.getFileID(loc));
    const UserFile *f = ref ? files_.find(ref->getName()) : nullptr;
    // CUB's and Thrust's conditionals on __CUDA_ARCH__ choose per function
    // what each pass compiles (LibraryAsm.cpp picks their tuning): merging
    // their file-scope chains would make the host side take the device's.
    return f != nullptr && !f->cuda_library ? f : nullptr;
  }

  ConditionalChain *chain(clang::SourceLocation ifLoc) {
    const UserFile *f = file(ifLoc);
    if (f == nullptr)
      return nullptr;
    auto fit = out_.find(f->abs_path);
    if (fit == out_.end())
      return nullptr;
    auto cit = fit->second.find(line(ifLoc));
    return cit == fit->second.end() ? nullptr : &cit->second;
  }

  void open(clang::SourceLocation loc, bool taken) {
    const UserFile *f = file(loc);
    if (f == nullptr)
      return;
    ConditionalChain &c = out_[f->abs_path][line(loc)];
    c = ConditionalChain{};
    c.lines.push_back(line(loc));
    c.taken = taken ? 0 : -1;
    open_.push_back(&c);
  }

  void branch(clang::SourceLocation loc, clang::SourceLocation ifLoc, bool taken) {
    if (ConditionalChain *c = chain(ifLoc))
      addBranch(c, loc, taken);
  }

  void addBranch(ConditionalChain *c, clang::SourceLocation loc, bool taken) {
    c->lines.push_back(line(loc));
    if (taken && c->taken < 0)
      c->taken = static_cast<int>(c->lines.size()) - 1;
  }
};

// The lines of `text`, each with its '\n' (the last one perhaps without).
std::vector<std::string> splitLines(const std::string &text) {
  std::vector<std::string> lines;
  std::size_t b = 0;
  while (b < text.size()) {
    std::size_t e = text.find('\n', b);
    e = e == std::string::npos ? text.size() : e + 1;
    lines.push_back(text.substr(b, e - b));
    b = e;
  }
  return lines;
}

bool continues(const std::string &line) {
  std::size_t n = line.size();
  while (n > 0 && (line[n - 1] == '\n' || line[n - 1] == '\r'))
    --n;
  return n > 0 && line[n - 1] == '\\';
}

// Replaces the directive starting at 1-based `line` (with its continuation
// lines) by `replacement` (one line, no newline) and empty lines.
void replaceDirective(std::vector<std::string> &lines, unsigned line,
                      const std::string &replacement) {
  if (line == 0 || line > lines.size())
    return;
  std::size_t i = line - 1;
  bool more = continues(lines[i]);
  lines[i] = replacement + "\n";
  while (more && ++i < lines.size()) {
    more = continues(lines[i]);
    lines[i] = "\n";
  }
}

// The name a `#define` line defines, or "".
std::string definedName(const std::string &line) {
  std::size_t i = line.find_first_not_of(" \t");
  if (i == std::string::npos || line[i] != '#')
    return {};
  i = line.find_first_not_of(" \t", i + 1);
  if (i == std::string::npos || line.compare(i, 6, "define") != 0)
    return {};
  i = line.find_first_not_of(" \t", i + 6);
  std::size_t e = i;
  while (e < line.size() && (std::isalnum(static_cast<unsigned char>(line[e])) || line[e] == '_'))
    ++e;
  return i == std::string::npos ? std::string() : line.substr(i, e - i);
}

} // namespace

std::unique_ptr<clang::PPCallbacks>
makeConditionalChainRecorder(clang::Preprocessor &pp, UserFiles &files, ConditionalChains &out) {
  return std::make_unique<ChainRecorder>(pp, files, out);
}

std::vector<std::string> archPickDefines(unsigned cuda_arch) {
  return {"-D__WS_ARCH_CAT2(a,b)=a##b",
          "-D__WS_ARCH_CAT(a,b)=__WS_ARCH_CAT2(a,b)",
          "-D__WS_ARCH_IS___CUDA_ARCH__=0",
          "-D__WS_ARCH_IS_" + std::to_string(cuda_arch) + "=1",
          "-D__WS_ARCH_PICK0(d,h)=h",
          "-D__WS_ARCH_PICK1(d,h)=d",
          "-D__WS_ARCH_PICK(d,h)=__WS_ARCH_CAT(__WS_ARCH_PICK,__WS_ARCH_CAT(__WS_ARCH_IS_,__CUDA_"
          "ARCH__))(d,h)"};
}

namespace {
void collectDeviceOnly(const clang::DeclContext *dc, const clang::SourceManager &sm,
                       UserFiles &files, DefinitionLines &out) {
  for (const clang::Decl *d : dc->decls()) {
    if (const auto *ns = llvm::dyn_cast<clang::NamespaceDecl>(d)) {
      collectDeviceOnly(ns, sm, files, out);
      continue;
    }
    if (const auto *ls = llvm::dyn_cast<clang::LinkageSpecDecl>(d)) {
      collectDeviceOnly(ls, sm, files, out);
      continue;
    }
    const clang::FunctionDecl *fd = nullptr;
    if (const auto *ft = llvm::dyn_cast<clang::FunctionTemplateDecl>(d))
      fd = ft->getTemplatedDecl();
    else
      fd = llvm::dyn_cast<clang::FunctionDecl>(d);
    if (fd == nullptr || !fd->doesThisDeclarationHaveABody() || !isDeviceFunction(fd) ||
        hasCudaAttr(fd, "host"))
      continue;
    // `__device__` is a macro: its expansion is where the definition starts.
    const clang::SourceLocation b = sm.getExpansionLoc(d->getBeginLoc());
    const clang::SourceLocation e = sm.getExpansionLoc(d->getEndLoc());
    if (sm.getFileID(b) != sm.getFileID(e))
      continue;
    auto ref = sm.getFileEntryRefForID(sm.getFileID(b));
    const UserFile *f = ref ? files.find(ref->getName()) : nullptr;
    if (f == nullptr)
      continue;
    out[f->abs_path].emplace_back(sm.getSpellingLineNumber(b), sm.getSpellingLineNumber(e));
  }
}
} // namespace

namespace {
// Brace ranges of function and lambda bodies and class definitions: a
// conditional inside one is no file-scope conditional (bodies see their
// pass's view through the bracketing; classes keep the host pass's).
class BodyRanges : public clang::RecursiveASTVisitor<BodyRanges> {
public:
  BodyRanges(const clang::SourceManager &sm, UserFiles &files, DefinitionLines &out)
      : sm_(sm), files_(files), out_(out) {}
  bool shouldVisitTemplateInstantiations() const { return false; }
  bool VisitFunctionDecl(clang::FunctionDecl *fd) {
    if (fd->doesThisDeclarationHaveABody() && fd->getBody() != nullptr)
      add(fd->getBody()->getBeginLoc(), fd->getBody()->getEndLoc());
    return true;
  }
  bool VisitLambdaExpr(clang::LambdaExpr *l) {
    if (l->getBody() != nullptr)
      add(l->getBody()->getBeginLoc(), l->getBody()->getEndLoc());
    return true;
  }
  bool VisitTagDecl(clang::TagDecl *t) {
    if (t->isThisDeclarationADefinition())
      add(t->getBraceRange().getBegin(), t->getBraceRange().getEnd());
    return true;
  }

private:
  const clang::SourceManager &sm_;
  UserFiles &files_;
  DefinitionLines &out_;
  void add(clang::SourceLocation b, clang::SourceLocation e) {
    if (b.isInvalid() || e.isInvalid())
      return;
    b = sm_.getExpansionLoc(b);
    e = sm_.getExpansionLoc(e);
    if (sm_.getFileID(b) != sm_.getFileID(e))
      return;
    auto ref = sm_.getFileEntryRefForID(sm_.getFileID(b));
    const UserFile *f = ref ? files_.find(ref->getName()) : nullptr;
    if (f != nullptr)
      out_[f->abs_path].emplace_back(sm_.getSpellingLineNumber(b), sm_.getSpellingLineNumber(e));
  }
};
} // namespace

DefinitionLines bodyLines(clang::ASTContext &ast, UserFiles &files) {
  DefinitionLines out;
  BodyRanges(ast.getSourceManager(), files, out).TraverseDecl(ast.getTranslationUnitDecl());
  return out;
}

DefinitionLines deviceOnlyDefinitions(clang::ASTContext &ast, UserFiles &files) {
  DefinitionLines out;
  collectDeviceOnly(ast.getTranslationUnitDecl(), ast.getSourceManager(), files, out);
  return out;
}

MergedPasses mergePasses(UserFiles &files, const ConditionalChains &host,
                         const ConditionalChains &device, const DefinitionLines &deviceOnly,
                         const DefinitionLines &bodies, unsigned cuda_arch) {
  MergedPasses merged;
  for (UserFile *f : files.all()) {
    auto h = host.find(f->abs_path);
    auto d = device.find(f->abs_path);
    if (h == host.end() || d == device.end() || merged.text.count(f->abs_path) != 0)
      continue;
    std::vector<std::string> lines = splitLines(f->original);
    bool changed = false;
    for (const auto &[ifLine, hc] : h->second) {
      auto dit = d->second.find(ifLine);
      // A chain both passes processed (a nested one inside a merged branch
      // was processed by one of them only) and whose branches differ.
      // (A pass that skips the rest of a chain after its branch may not
      // report the later #else: the chains are compared by their #endif and
      // the opening lines of the branches taken.)
      if (dit == d->second.end() || !hc.ended || !dit->second.ended ||
          dit->second.lines.back() != hc.lines.back())
        continue;
      const unsigned hostOpen = hc.taken < 0 ? 0 : hc.lines[hc.taken];
      const unsigned deviceOpen = dit->second.taken < 0 ? 0 : dit->second.lines[dit->second.taken];
      if (hostOpen == deviceOpen)
        continue;
      bool inBody = false;
      if (auto bs = bodies.find(f->abs_path); bs != bodies.end())
        for (const auto &[first, last] : bs->second)
          inBody = inBody || (ifLine >= first && ifLine <= last);
      if (inBody)
        continue;
      std::vector<unsigned> b = hc.lines;
      b.insert(b.end(), dit->second.lines.begin(), dit->second.lines.end());
      std::sort(b.begin(), b.end());
      b.erase(std::unique(b.begin(), b.end()), b.end());
      auto branchOf = [&](unsigned open) {
        return open == 0 ? -1 : static_cast<int>(std::find(b.begin(), b.end(), open) - b.begin());
      };
      const int ht = branchOf(hostOpen), dt = branchOf(deviceOpen);
      // Macros (name -> line) each kept branch defines.
      std::map<std::string, unsigned> hostDefines, deviceDefines;
      for (std::size_t i = 0; i + 1 < b.size(); ++i) {
        const bool keep = static_cast<int>(i) == ht || static_cast<int>(i) == dt;
        for (unsigned l = b[i] + 1; l < b[i + 1] && l <= lines.size(); ++l) {
          if (!keep) {
            lines[l - 1] = "\n";
            continue;
          }
          if (std::string name = definedName(lines[l - 1]); !name.empty())
            (static_cast<int>(i) == ht ? hostDefines : deviceDefines).emplace(name, l);
        }
      }
      // The host pass's branch: its device-only functions are the device
      // pass's business, which has its own branch.
      if (ht >= 0)
        if (auto defs = deviceOnly.find(f->abs_path); defs != deviceOnly.end())
          for (const auto &[first, last] : defs->second)
            if (first > b[ht] && last < b[ht + 1])
              for (unsigned l = first; l <= last && l <= lines.size(); ++l)
                lines[l - 1] = "\n";
      for (unsigned l : b)
        replaceDirective(lines, l, "");
      std::vector<unsigned> spare; // directive lines left empty
      for (std::size_t i = 0; i < b.size(); ++i)
        if (dt < 0 || (static_cast<int>(i) != dt && static_cast<int>(i) != dt + 1))
          spare.push_back(b[i]);
      if (dt >= 0) {
        replaceDirective(lines, b[dt], "#define __CUDA_ARCH__ " + std::to_string(cuda_arch));
        replaceDirective(lines, b[dt + 1], "#undef __CUDA_ARCH__");
      }
      // A macro each pass defines its own way: both definitions renamed, and
      // the name defined on a free line to pick one where it is expanded
      // (__WS_ARCH_PICK, archPickDefines).
      for (const auto &[name, line] : deviceDefines) {
        auto other = hostDefines.find(name);
        if (other == hostDefines.end())
          continue;
        auto at = [&](unsigned l) {
          const std::string &text = lines[l - 1];
          return text.find(name, text.find("define") + 6);
        };
        auto functionLike = [&](unsigned l) {
          const std::size_t p = at(l) + name.size();
          return p < lines[l - 1].size() && lines[l - 1][p] == '(';
        };
        const bool fn = functionLike(line);
        if (!spare.empty() && fn == functionLike(other->second)) {
          lines[line - 1].replace(at(line), name.size(), "__ws_dev_" + name);
          lines[other->second - 1].replace(at(other->second), name.size(), "__ws_host_" + name);
          const std::string pick = "__WS_ARCH_PICK(__ws_dev_" + name + ", __ws_host_" + name + ")";
          replaceDirective(lines, spare.back(),
                           fn ? "#define " + name + "(...) " + pick + "(__VA_ARGS__)"
                              : "#define " + name + " " + pick);
          spare.pop_back();
          continue;
        }
        unsigned col = 1;
        merged.warnings += renderDiagnostic(
            f->report_name, f->original, line, col, "warning",
            "macro '" + name +
                "' is defined by nvcc's device pass here and by its host pass on "
                "line " +
                std::to_string(other->second) +
                "; warpsim cannot select between them (one is function-like, or the "
                "conditional has no line left for the selector): the device pass's is used");
        replaceDirective(lines, other->second, "");
      }
      changed = true;
    }
    if (changed) {
      std::string text;
      for (const std::string &l : lines)
        text += l;
      merged.text[f->abs_path] = std::move(text);
    }
  }
  return merged;
}

} // namespace warpsim::frontend
