#include "RewriteContext.h"

#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/Lex/Lexer.h"

namespace warpsim::frontend {

bool hasCudaAttr(const clang::Decl *d, std::string_view what) {
  auto has = [&](const clang::Decl *x) {
    for (const auto *a : x->specific_attrs<clang::AnnotateAttr>()) {
      llvm::StringRef s = a->getAnnotation();
      if (s.consume_front("warpsim::") && s == llvm::StringRef(what))
        return true;
    }
    return false;
  };
  if (const auto *fd = llvm::dyn_cast<clang::FunctionDecl>(d)) {
    for (const clang::FunctionDecl *r : fd->redecls())
      if (has(r))
        return true;
    // An instantiation carries its pattern's attributes, but look at the
    // pattern too in case an attribute was only on a redeclaration of it.
    if (const clang::FunctionDecl *p = fd->getTemplateInstantiationPattern())
      if (p != fd)
        return hasCudaAttr(p, what);
    return false;
  }
  return has(d);
}

bool isKernel(const clang::FunctionDecl *fd) { return hasCudaAttr(fd, "global"); }

bool isDeviceFunction(const clang::FunctionDecl *fd) {
  return isKernel(fd) || hasCudaAttr(fd, "device");
}

UserFile *RewriteContext::userFile(clang::SourceLocation loc) const {
  if (loc.isInvalid() || !loc.isFileID())
    return nullptr;
  auto ref = sm.getFileEntryRefForID(sm.getFileID(loc));
  if (!ref)
    return nullptr;
  return files.find(ref->getName());
}

bool RewriteContext::position(clang::SourceLocation loc, UserPosition &pos) const {
  UserFile *f = userFile(loc);
  if (f == nullptr)
    return false;
  pos.file = f;
  pos.fid = sm.getFileID(loc);
  pos.offset = sm.getFileOffset(loc);
  std::size_t orig = f->toOriginal(pos.offset);
  lineAndColumn(f->original, orig, pos.line, pos.col);
  pos.report_name = f->report_name;
  return true;
}

std::string RewriteContext::text(clang::SourceRange range) const {
  return clang::Lexer::getSourceText(clang::CharSourceRange::getTokenRange(range), sm,
                                     ast.getLangOpts())
      .str();
}

} // namespace warpsim::frontend
