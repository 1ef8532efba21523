// The warpsim front end: turns a CUDA C++ translation unit into plain C++
// against warpsim's CUDA headers (see docs/frontend.md).
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace warpsim::frontend {

struct TranslateOptions {
  std::string input_path;                // the .cu file
  std::vector<std::string> include_dirs; // -I
  std::vector<std::string> defines;      // -D NAME or NAME=VAL
  std::string warpsim_include_dir;       // <repo>/sim/include
  std::string clang_resource_dir;        // clang-19 -print-resource-dir
  std::string output_dir;                // where rewritten files go (exists)
  std::string std = "c++17";             // the C++ dialect (nvcc 13's default)
  // __CUDA_ARCH__ in device code (900 for sm_90); undefined in host code.
  unsigned cuda_arch = 900;
  // The file is a whole program (warpsim run/check/explore): one that
  // defines no main is a located error, not the linker's.
  bool needs_main = false;
  // HIP source (docs/hip.md): `__HIP_DEVICE_COMPILE__` in user files takes
  // the place of `__CUDA_ARCH__` in the two-pass machinery (device bodies see
  // it defined to `cuda_arch`, which the driver sets to 1 as hipcc does), a
  // user's own `__CUDA_ARCH__` stays undefined as under hipcc for AMD, nvcc's
  // macros (`__CUDA_ARCH_LIST__`, `__CUDACC_VER_BUILD__`) are not defined,
  // and device `asm` is AMD assembly, refused with its own message.
  bool hip = false;
};

struct TranslateResult {
  bool ok = false;
  // Exactly one located error (file:line:col: error: ...), with its source
  // line and caret, when !ok.
  std::string diagnostics;
  // Path of the rewritten main file (in output_dir). Its first line is
  // `#line 1 "<original absolute path>"`.
  std::string main_output;
  // Path of a clang VFS overlay (yaml) that maps rewritten user headers over
  // the originals; empty if no header needed rewriting.
  std::string vfs_overlay;
  // Flags the final clang++ compile of main_output must use.
  std::vector<std::string> compile_flags;
  // Front-end warnings (rendered like diagnostics), printed with the build.
  std::string warnings;
  // Every non-system file read (absolute paths), for the compile cache.
  std::vector<std::string> dependencies;
};

TranslateResult translate(const TranslateOptions &options);

// The token-level launch-syntax pass alone: rewrites every
// `callee<<<cfg>>>(args)` into a `::warpsim::launch(...)` call, keeping line
// numbers. On error, `error` says what is wrong at `line`:`col` (1-based).
struct LaunchPassResult {
  bool ok = false;
  std::string text;
  std::string error;
  unsigned line = 0, col = 0;
};
LaunchPassResult rewriteLaunchSyntax(std::string_view source, std::string_view file_for_site);

} // namespace warpsim::frontend
