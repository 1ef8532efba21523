// The __CUDA_ARCH__ pass: nvcc compiles a .cu file twice, once for the host
// (__CUDA_ARCH__ undefined) and once for the device (__CUDA_ARCH__ = 900 for
// sm_90). warpsim compiles it once, so it gives every body of device code the
// device's view in place: the body of a __global__ or __device__ function is
// bracketed by `#define __CUDA_ARCH__ N` / `#undef __CUDA_ARCH__`, and a
// __host__ __device__ body that depends on the macro is compiled twice, the
// device copy chosen at run time on a GPU thread. `#line` directives keep
// every line where it was. File-scope conditionals keep the host's view; one
// that selects differently for the device is a front-end warning.
// See docs/frontend.md, "__CUDA_ARCH__".
#pragma once

#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "Internal.h"
#include "clang/AST/ASTContext.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"

namespace warpsim::frontend {

// Names of the macros whose definitions mention __CUDA_ARCH__ (directly or
// through another such macro): a body using one depends on the arch too.
struct ArchMacros {
  std::set<std::string, std::less<>> names;
};
std::unique_ptr<clang::PPCallbacks> makeArchMacroCollector(ArchMacros &out);

// Does any user file mention __CUDA_ARCH__ at all? (Most do not, and then
// the pass is skipped.)
bool mentionsCudaArch(UserFiles &files);

// The insertions for every user file with a device body (by absolute path).
std::map<std::string, ArchLayer> planArchLayers(clang::ASTContext &ast, UserFiles &files,
                                                const ArchMacros &macros, unsigned cuda_arch);

// One conditional directive (#if, #elif, #ifdef, #ifndef) of a user file that
// depends on __CUDA_ARCH__, and whether its branch was taken.
struct ArchConditional {
  std::string file; // as opened
  std::size_t offset = 0;
  int value = 0; // 0 not evaluated, 1 false, 2 true
};
using ArchConditionals = std::map<std::pair<std::string, std::size_t>, ArchConditional>;
std::unique_ptr<clang::PPCallbacks> makeArchConditionalRecorder(clang::Preprocessor &pp,
                                                                UserFiles &files,
                                                                const ArchMacros &macros,
                                                                ArchConditionals &out);

// The warnings for file-scope conditionals (outside every bracketed body)
// whose host view (`host`) and device view (`device`) differ.
std::string archConditionalWarnings(UserFiles &files, const ArchConditionals &host,
                                    const ArchConditionals &device, unsigned cuda_arch);

} // namespace warpsim::frontend
