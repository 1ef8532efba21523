// What the AST passes share: the parsed TU, the rewriter over the pre-passed
// buffers, the user files, and the errors they found.
#pragma once

#include <string>
#include <vector>

#include "Internal.h"
#include "clang/AST/ASTContext.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Rewrite/Core/Rewriter.h"

namespace warpsim::frontend {

// Where a construct stands in the user's text, for the literals the rewrite
// emits (SharedVar, DeviceSymbol, KernelSite).
struct UserPosition {
  UserFile *file = nullptr;
  clang::FileID fid;
  std::size_t offset = 0;     // in the parsed (pre-passed) buffer
  unsigned line = 0, col = 0; // in the user's original text
  std::string report_name;    // file name for reports
};

class RewriteContext {
public:
  RewriteContext(clang::ASTContext &ast, clang::Rewriter &rewriter, UserFiles &files)
      : ast(ast), sm(ast.getSourceManager()), rewriter(rewriter), files(files) {}

  clang::ASTContext &ast;
  clang::SourceManager &sm;
  clang::Rewriter &rewriter;
  UserFiles &files;
  bool hip = false; // TranslateOptions::hip: device asm is AMD's, refused as such

  // The user file `loc` (a file location, not a macro one) lies in.
  UserFile *userFile(clang::SourceLocation loc) const;
  // Position of a file location in a user file; false if it is not in one.
  bool position(clang::SourceLocation loc, UserPosition &pos) const;
  // A location in the parsed buffer of `fid`.
  clang::SourceLocation at(clang::FileID fid, std::size_t offset) const {
    return sm.getLocForStartOfFile(fid).getLocWithOffset(static_cast<int>(offset));
  }
  llvm::StringRef buffer(clang::FileID fid) const { return sm.getBufferData(fid); }
  // Source text of a (file) token range.
  std::string text(clang::SourceRange range) const;

  // An unsupported construct. The one that comes first in the TU is
  // reported, after all passes ran.
  void error(clang::SourceLocation loc, std::string message) {
    errors.push_back({loc, std::move(message)});
  }
  struct Error {
    clang::SourceLocation loc;
    std::string message;
  };
  std::vector<Error> errors;
};

// The passes, in the order Translate runs them.
void checkUnsupportedConstructs(RewriteContext &ctx);
// The file is run as a program: it defines main (ProgramEntry.cpp).
void checkProgramHasMain(RewriteContext &ctx);
void rewriteDeviceHeap(RewriteContext &ctx);
void rewriteSharedMemory(RewriteContext &ctx);
void registerDeviceSymbols(RewriteContext &ctx);
void resolveLaunchSites(RewriteContext &ctx);

// Bytes of static shared memory a launch of `kernel` (an instantiation, with
// its body) uses: its own __shared__ variables and, transitively, those of
// the functions it calls, each at its alignment. False if unknown. `vars`,
// if given, gets the variables, largest first ("'tile' (N bytes) at f:l; ...").
bool staticSharedBytes(RewriteContext &ctx, const clang::FunctionDecl *kernel, std::uint64_t &bytes,
                       std::string *vars = nullptr);

} // namespace warpsim::frontend
