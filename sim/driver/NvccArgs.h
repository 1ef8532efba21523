// nvcc's command line, as `warpsim nvcc` (and `warpsim-nvcc`) accepts it:
// what to compile, how, and what to make of it (docs/cli.md, "warpsim nvcc").
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace warpsim::driver {

enum class NvccInputKind { Cuda, Cxx, C, Object, Archive, Library };

struct NvccInput {
  std::string path;
  NvccInputKind kind = NvccInputKind::Cuda;
};

enum class NvccMode {
  Link,        // no -c: compile what needs it and link a simulated executable
  Compile,     // -c, -dc: one object per source
  DeviceLink,  // -dlink: the device link step (nothing to do: an empty object)
  Dependencies // -M alone: only the make rule
};

struct NvccOptions {
  NvccMode mode = NvccMode::Link;
  std::vector<NvccInput> inputs;
  std::string output;                    // -o
  std::vector<std::string> include_dirs; // -I, -isystem
  std::vector<std::string> defines;      // -D NAME[=VAL]; "-UNAME" for -U (in order)
  std::string std = "c++17";
  std::string arch = "sm_90";            // the simulated architecture, from -arch/-gencode/-code
  std::vector<std::string> host_flags;   // -Xcompiler, unknown flags with -forward-unknown...
  std::vector<std::string> linker_flags; // -Xlinker (each as -Wl,X), -Wl, options
  std::vector<std::string> libraries;    // -l NAME (as -lNAME), in order
  std::vector<std::string> library_dirs; // -L DIR (as -LDIR)
  bool make_library = false;             // -lib: a static library of the objects
  bool rdc = false;                      // -rdc=true / -dc
  bool verbose = false;                  // -v: what nvcc -v prints (CMake reads it)
  bool version = false;                  // --version
  bool help = false;
  bool fmad = true;
  // -M/-MD/-MMD/-MF/-MT: a make rule of the user files each unit reads
  bool deps_only = false;
  bool deps_with_compile = false;
  std::string deps_file;
  std::vector<std::string> deps_targets;
  std::string optimisation; // -O level as given (host code; device code as warpsim's default)
  bool keep = false;        // --keep: accepted (nothing intermediate worth keeping)
  std::vector<std::string> warnings; // accepted options that do nothing here, said once with -v
  // `warpsim hipcc` (HipArgs.h): its device sources (kind Cuda) are HIP,
  // built as docs/hip.md says; messages name hipcc.
  bool hip = false;
};

struct NvccParse {
  std::optional<NvccOptions> options;
  std::string error; // one line, naming the option, when !options
};

// Parses nvcc's arguments (those after `warpsim nvcc`, or all of
// warpsim-nvcc's). `argv0` names the command in messages.
NvccParse parseNvccCommandLine(std::vector<std::string> args);

// What nvcc and hipcc both refuse once the options are read: no input, or
// -o with -c and several sources (`several`: the driver's wording). The
// message, or empty.
std::string refusedInputs(const NvccOptions &o, const char *several);

// The architecture warpsim simulates for nvcc's `-arch`/`-gencode`/`-code`
// value ("sm_80", "compute_90", "90", "sm_90a", "native", "all" ...); empty
// with `why` when it names no simulated one.
std::string simulatedArchFor(const std::string &nvccArch, std::string &why);

} // namespace warpsim::driver
