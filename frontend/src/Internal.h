// Declarations shared by the front end's translation units; not installed.
#pragma once

#include <cstddef>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "clang/Basic/TokenKinds.h"
#include "llvm/ADT/IntrusiveRefCntPtr.h"
#include "llvm/Support/VirtualFileSystem.h"

#include "warpsim/frontend/Translate.h"

namespace clang {
class Decl;
class FunctionDecl;
} // namespace clang

namespace warpsim::frontend {

// ------------------------------------------------------------ launch pass

// A token of clang's raw lexer (no preprocessing): keywords come out as
// raw_identifier.
struct RawToken {
  clang::tok::TokenKind kind;
  std::size_t begin, end; // offsets into the lexed text
  std::string_view text;
};
std::vector<RawToken> lexRaw(std::string_view src);

// One `callee<<<cfg>>>(args)` site, as found by the launch pass.
struct LaunchSite {
  std::size_t orig_callee = 0; // offset of the callee's first token
  std::size_t orig_launch = 0; // offset of `<<<`
  unsigned line = 0, col = 0;  // of the callee's first token
  std::string callee_text;     // as written, whitespace-normalised
  // Where `::warpsim::KernelSite{...}` stands in the rewritten text.
  std::size_t site_offset = 0, site_length = 0;
  // The whole replacement in the rewritten text.
  std::size_t new_begin = 0, new_end = 0;
};

// A replaced region, with the tokens copied into the replacement, so that a
// location in the rewritten text can be mapped back to the user's text.
struct TextEdit {
  std::size_t orig_begin = 0, orig_end = 0;
  std::size_t new_begin = 0, new_end = 0;
  std::size_t anchor = 0; // original offset for generated text (the callee)
  struct Copy {
    std::size_t new_off, orig_off, length;
  };
  std::vector<Copy> copies;
};

struct LaunchPassDetail {
  LaunchPassResult result;
  std::size_t error_offset = 0;
  std::vector<LaunchSite> sites;
  std::vector<TextEdit> edits;
  // Offset in the original text of `offset` in the rewritten one.
  std::size_t toOriginal(std::size_t offset) const;
};

LaunchPassDetail runLaunchPass(std::string_view source, std::string_view file_for_site);

// The CUDA libraries compiled from the system's headers like user code
// (launches, __shared__, inline PTX rewritten), though under a system prefix.
bool isCudaLibraryHeader(std::string_view real_path);
// Their asm statements as ::warpsim::ptx_exec calls (LibraryAsm.cpp).
std::string rewriteLibraryAsm(std::string_view text);

// `__shared__ alignas(N)` -> `__shared__ __wsaln(N)` (same length), which
// clang accepts after a GNU attribute (AlignasSpelling.cpp).
void respellAlignasAfterKeywords(std::string &text);
// An asm operand constraint "h" -> "q" (same length), which clang accepts
// for the host; the inline-PTX rewrite reads it back as "h"
// (AsmConstraintSpelling.cpp).
void respellHalfConstraints(std::string &text);

// ------------------------------------------------------------ __CUDA_ARCH__ pass

// Text the __CUDA_ARCH__ pass inserts into a file's launch-passed text
// (CudaArchPass.cpp): `text` goes before offset `at`; its part
// [copy_at, copy_at + copy_len) is a copy of the passed text from copy_src
// (the device copy of a __host__ __device__ body).
struct ArchInsert {
  std::size_t at = 0;
  std::string text;
  std::size_t copy_at = 0, copy_len = 0, copy_src = 0;
};
struct ArchLayer {
  std::vector<ArchInsert> inserts; // ordered by `at`
  // The bracketed function bodies, `{` to `}`, as passed-text offsets.
  std::vector<std::pair<std::size_t, std::size_t>> bodies;
  std::string apply(std::string_view passed) const;
  // Offset in the passed text of `offset` in the applied one (inserted text
  // maps to its copy source, or to where it was inserted).
  std::size_t toPassed(std::size_t offset) const;
  // Offset in the applied text of a passed-text offset (outside the copies).
  std::size_t fromPassed(std::size_t offset) const;
};

// ------------------------------------------------------------ user files

// A file of the user's program (not a system or warpsim header) as the parser
// saw it: after the launch pass.
struct UserFile {
  std::string name;        // as the parser opened it (relative when given so)
  std::string abs_path;    // absolute, for dependencies and the overlay
  std::string report_name; // in KernelSite/SharedVar literals and reports
  std::string original;    // the text on disk, or with nvcc's two passes merged
                           // (ArchPasses.cpp: the same lines and columns)
  std::string on_disk;     // the text on disk
  LaunchPassDetail pass;   // its launch-pass result
  ArchLayer arch;          // __CUDA_ARCH__ insertions into pass.result.text
  std::string parsed;      // what the parser reads: pass.result.text + arch
  bool is_main = false;
  // A library header (CUB, Thrust) whose asm statements rewriteLibraryAsm
  // turned into ptx_exec calls before the launch pass: `original` is that text.
  bool library_asm = false;
  // CUB or Thrust (isCudaLibraryHeader): nvcc's passes are not merged in it.
  bool cuda_library = false;
  // Offset in `original` of an offset in `parsed`.
  std::size_t toOriginal(std::size_t parsed_offset) const {
    std::size_t p = arch.toPassed(parsed_offset);
    return pass.result.ok ? pass.toOriginal(p) : p;
  }
};

// Every user file read, by the name it was opened under. Filled by the file
// system below while clang parses; read by the diagnostics and the rewrite.
class UserFiles {
public:
  UserFile *find(std::string_view name);
  UserFile &add(UserFile file);
  std::vector<UserFile *> all(); // in the order they were first read
  // The first launch-pass error in a file read, if any.
  const UserFile *firstPassError() const;

private:
  std::map<std::string, std::unique_ptr<UserFile>, std::less<>> files_;
  std::vector<UserFile *> order_;
};

// A file system over the real one that serves every user file through the
// launch pass and records it in `files`. `system_prefixes` are directories
// whose files are not the user's (clang's resource dir, warpsim's headers,
// /usr/include, ...).
// `arch`, if given, holds the __CUDA_ARCH__ pass's insertions by absolute
// path, applied after the launch pass; `merged`, if given, the text of files
// whose file-scope conditionals the two passes merge, read in place of the
// file's (before the launch pass).
llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem>
makeUserFileSystem(UserFiles &files, std::vector<std::string> system_prefixes,
                   std::string main_file_abs, std::string main_file_name,
                   const std::map<std::string, ArchLayer> *arch = nullptr,
                   const std::map<std::string, std::string> *merged = nullptr, bool hip = false);
// HIP source (TranslateOptions::hip): every `__CUDA_ARCH__` identifier of
// `text` becomes `__WS_NOCUDA__` (never defined, as hipcc for AMD leaves it)
// and every `__HIP_DEVICE_COMPILE__` becomes `__CUDA_ARCH__` padded with
// spaces, so that the __CUDA_ARCH__ pass gives device code hipcc's device
// view; both keep every column.
std::string hipDeviceMacroSpelling(std::string text);

// ------------------------------------------------------------ parse set-up

// How translate() (and lint()) run clang over a .cu file.
struct ParseSetup {
  std::string main_abs;                      // the .cu file, absolute
  std::vector<std::string> args;             // the parse's clang command line
  std::vector<std::string> common;           // flags of the parse and the final compile
  std::vector<std::string> compile_includes; // -I, absolute, for the final compile
  std::vector<std::string> system;           // prefixes of files that are not the user's
  bool hip = false;                          // TranslateOptions::hip
};
ParseSetup makeParseSetup(const TranslateOptions &opts);

// ------------------------------------------------------------ utilities

// `text` as the body of a C++ string literal.
std::string escapeForStringLiteral(std::string_view text);
// 1-based line and (byte) column of `offset` in `text`.
void lineAndColumn(std::string_view text, std::size_t offset, unsigned &line, unsigned &col);
// clang's text format for one diagnostic with its source line and caret:
//   file:line:col: level: message
//    LINE | source text
//         |    ^
std::string renderDiagnostic(std::string_view file, std::string_view text, unsigned line,
                             unsigned col, std::string_view level, std::string_view message);

// ------------------------------------------------------------ annotations

// True when `d` (or, for functions, any redeclaration) carries
// `__attribute__((annotate("warpsim::<what>")))`, i.e. the CUDA keyword.
bool hasCudaAttr(const clang::Decl *d, std::string_view what);
// __global__ or __device__ (also __host__ __device__).
bool isDeviceFunction(const clang::FunctionDecl *fd);
bool isKernel(const clang::FunctionDecl *fd);

} // namespace warpsim::frontend
