// warpsim lint: static checks of a CUDA C++ file, no run needed (see
// docs/warp-model.md, "Lint").
//   divergent-barrier   __syncthreads() under control flow that depends on
//                       the thread (some threads of the block skip it)
//   divergent-warp-op   __syncwarp() or a full-mask *_sync warp operation
//                       under thread-dependent control flow
//   full-mask-32        a 0xffffffff lane mask: names lanes 0..31 only
//   warp-size-arith     threadIdx.x % 32, & 31, / 32, >> 5: 32-lane warps assumed
//   warp-size-loop      a shuffle loop that starts at offset 16 and halves
//   warp-size-literal   32 passed as a shuffle's width
#pragma once

#include <string>
#include <vector>

#include "warpsim/frontend/Translate.h"

namespace warpsim::frontend {

struct LintWarning {
  std::string file; // as the user named it
  unsigned line = 0, col = 0;
  std::string id;      // "divergent-barrier", ...
  std::string message; // without the [warpsim-lint-ID] tag
};

struct LintResult {
  bool ok = false;                   // the file parsed
  std::string diagnostics;           // the parse error, when !ok
  std::vector<LintWarning> warnings; // in source order
  // Every warning in clang's format with source line and caret:
  //   file:line:col: warning: message [warpsim-lint-ID]
  std::string text;
};

// Parses the file as translate() does (output_dir is not used) and runs the
// checks over every kernel and __device__ function in the user's files.
LintResult lint(const TranslateOptions &options);

} // namespace warpsim::frontend
