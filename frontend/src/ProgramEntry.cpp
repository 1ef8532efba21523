// A file warpsim runs as a program must define `main`: without it the link
// fails with the linker's "undefined reference to `main'" from crt1.o,
// which names no line of the user's (issue 27 item 8). Units built with
// `warpsim nvcc -c` need none.
#include "RewriteContext.h"
#include "clang/AST/Decl.h"

namespace warpsim::frontend {

void checkProgramHasMain(RewriteContext &ctx) {
  clang::TranslationUnitDecl *tu = ctx.ast.getTranslationUnitDecl();
  const clang::FunctionDecl *declared = nullptr;
  for (clang::NamedDecl *d : tu->lookup(&ctx.ast.Idents.get("main"))) {
    auto *f = llvm::dyn_cast<clang::FunctionDecl>(d->getUnderlyingDecl());
    if (f == nullptr)
      continue;
    if (f->isThisDeclarationADefinition())
      return;
    if (declared == nullptr && ctx.userFile(ctx.sm.getFileLoc(f->getLocation())) != nullptr)
      declared = f;
  }
  const clang::FileID mainFile = ctx.sm.getMainFileID();
  if (declared != nullptr) {
    ctx.error(ctx.sm.getFileLoc(declared->getLocation()),
              "'main' is declared but never defined: warpsim runs this file as a program, "
              "which needs a definition of main");
    return;
  }
  // A function of the main file whose name is a slip of `main` (mian, Main,
  // man, main2): name it.
  const clang::FunctionDecl *near = nullptr;
  unsigned best = 3;
  for (clang::Decl *d : tu->decls()) {
    auto *f = llvm::dyn_cast<clang::FunctionDecl>(d);
    if (f == nullptr || !f->isThisDeclarationADefinition() || f->getIdentifier() == nullptr)
      continue;
    const clang::SourceLocation loc = ctx.sm.getFileLoc(f->getLocation());
    if (ctx.sm.getFileID(loc) != mainFile)
      continue;
    const unsigned dist = f->getName().lower() == "main"
                              ? 1
                              : llvm::StringRef(f->getName()).edit_distance("main", true, best);
    if (dist < best) {
      best = dist;
      near = f;
    }
  }
  const std::string what = "warpsim runs this file as a program, and it defines no 'main' "
                           "(to build a unit without main use `warpsim nvcc -c`)";
  if (near != nullptr)
    ctx.error(ctx.sm.getFileLoc(near->getLocation()),
              what + "; did you mean '" + near->getNameAsString() + "' to be main?");
  else
    ctx.error(ctx.sm.getLocForStartOfFile(mainFile), what);
}

} // namespace warpsim::frontend
