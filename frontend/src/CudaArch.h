// The __CUDA_ARCH__ pass: nvcc compiles a .cu file twice, once for the host
// (__CUDA_ARCH__ undefined) and once for the device (__CUDA_ARCH__ = 900 for
// sm_90). warpsim compiles it once, so it gives every body of device code the
// device's view in place: the body of a __global__ or __device__ function is
// bracketed by `#define __CUDA_ARCH__ N` / `#undef __CUDA_ARCH__`, and a
// __host__ __device__ body that depends on the macro is compiled twice, the
// device copy chosen at run time on a GPU thread. `#line` directives keep
// every line where it was. A file-scope conditional that the two passes take
// differently has both branches compiled (ArchPasses.cpp, below).
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

// ------------------------------------------------------------ two passes
// nvcc's two passes at file scope (ArchPasses.cpp; docs/frontend.md). Each
// pass's preprocessor records, per user file, every conditional chain it
// processed (by line: the launch pass keeps lines) and the branch it took.
// A chain whose branch differs between the host pass (__CUDA_ARCH__
// undefined) and the device pass (defined) is merged: both branches are
// compiled, the device pass's between `#define __CUDA_ARCH__ N` and
// `#undef __CUDA_ARCH__` written on the chain's own directive lines, so that
// every line keeps its number.
struct ConditionalChain {
  std::vector<unsigned> lines; // the opening line of each branch, then #endif's
  int taken = -1;              // the branch taken, -1 none
  bool ended = false;
};
// abs path -> the line of the chain's #if -> the chain
using ConditionalChains = std::map<std::string, std::map<unsigned, ConditionalChain>>;
std::unique_ptr<clang::PPCallbacks>
makeConditionalChainRecorder(clang::Preprocessor &pp, UserFiles &files, ConditionalChains &out);
struct MergedPasses {
  std::map<std::string, std::string> text; // abs path -> merged text, for files that differ
  std::string warnings;
};
// Line ranges (first, last; 1-based) of device-only function definitions
// (__device__, __global__, not __host__) by abs path, from the host pass's
// parse: nvcc's host pass compiles none of them, so a host-only branch's
// ones are dropped from the merged text (its device pass has its own).
using DefinitionLines = std::map<std::string, std::vector<std::pair<unsigned, unsigned>>>;
DefinitionLines deviceOnlyDefinitions(clang::ASTContext &ast, UserFiles &files);
// Lines of function and lambda bodies and class definitions (braces), where
// conditionals are not merged.
DefinitionLines bodyLines(clang::ASTContext &ast, UserFiles &files);
MergedPasses mergePasses(UserFiles &files, const ConditionalChains &host,
                         const ConditionalChains &device, const DefinitionLines &deviceOnly,
                         const DefinitionLines &bodies, unsigned cuda_arch);
// The helper macros a merged macro's selector uses (-D flags of the parse
// and the compile): `__WS_ARCH_PICK(d, h)` is d where __CUDA_ARCH__ is
// defined, h elsewhere.
std::vector<std::string> archPickDefines(unsigned cuda_arch);

} // namespace warpsim::frontend
