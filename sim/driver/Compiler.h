// From a .cu file to a simulated program: the front end's rewrite, clang++
// with instrumentation, the link with the runtime, and a cache keyed by the
// content of every input and option.
#pragma once

#include <string>

#include "Cli.h"
#include "warpsim/frontend/Translate.h"

namespace warpsim::driver {

struct BuildResult {
  bool ok = false;
  std::string program;  // path of the executable (in the cache)
  std::string message;  // the located error when !ok
  std::string warnings; // the front end's warnings (kept with a cached build)
  bool cache_hit = false;
  bool bad_usage = false; // !ok because of a bad setting (exit 2), not a compile error
  std::string temp_dir;   // when --keep-temps
};

BuildResult buildProgram(const CliOptions &o);
// buildProgram, saying on stderr where --keep-temps kept its files and, when
// it fails, the located error; b.ok tells which.
BuildResult buildProgramReporting(const CliOptions &o);
// The front end's rewrite of the main file, for `warpsim translate`.
BuildResult translateOnly(const CliOptions &o, std::string &text);
// The front end's options for `o` (dialect, __CUDA_ARCH__, -I, -D), writing
// into `out_dir`.
frontend::TranslateOptions frontendOptions(const CliOptions &o, const std::string &out_dir);
std::string cacheDirectory(const CliOptions &o);

// One translation unit to an object, as `warpsim nvcc -c` makes it (no
// cache: make or CMake decides what to rebuild). A CUDA unit goes through the
// front end and the instrumented compile; a host C++ or C unit only through
// the instrumented compile, with warpsim's CUDA headers on its include path.
// `extra` are host-compiler flags (nvcc's -Xcompiler), `undefines` nvcc's -U.
enum class UnitLanguage { Cuda, Cxx, C };
struct UnitResult {
  bool ok = false;
  bool bad_usage = false;
  std::string message;                   // the located error when !ok
  std::string warnings;                  // the front end's
  std::vector<std::string> dependencies; // user files read (absolute), the unit first
  std::vector<std::string> commands;     // what ran, one line each (nvcc -v)
};
UnitResult compileUnit(const CliOptions &o, UnitLanguage language, const std::string &object,
                       const std::vector<std::string> &extra,
                       const std::vector<std::string> &undefines);
// The front end's located error for a CUDA unit that is linked as a program
// without a definition of main (the near-miss name, else line 1), or empty
// when the unit defines main or fails to translate for another reason.
std::string missingMainError(const CliOptions &o);
// The link command's start: clang++, and lld where the build found it.
std::vector<std::string> programLinker();
// What a simulated program links with after the user's objects and
// libraries: the runtime archives, Boost.Context, pthreads.
std::vector<std::string> runtimeLinkArguments();

} // namespace warpsim::driver
