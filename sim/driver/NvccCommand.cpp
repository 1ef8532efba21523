#include "NvccCommand.h"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "../include/hip/hip_version.h"
#include "Cli.h"
#include "Compiler.h"
#include "HipArgs.h"
#include "NvccArgs.h"
#include "Process.h"
#include "RuntimePaths.h"

namespace fs = std::filesystem;

namespace warpsim::driver {
namespace {

constexpr int kUsageExit = 2;
constexpr int kCompileExit = 4;

// The CUDA version warpsim's headers claim (warpsim/cuda_keywords.h).
constexpr const char *kCudaRelease = "13.0";
constexpr const char *kCudaVersion = "V13.0.48";

std::string selfDir() {
  std::error_code ec;
  fs::path exe = fs::canonical("/proc/self/exe", ec);
  return ec ? std::string(".") : exe.parent_path().string();
}

// The command CMake takes for the host link launcher: warpsim-nvcc beside
// warpsim (build tree and install alike).
std::string nvccExecutable() { return selfDir() + "/warpsim-nvcc"; }

// What CMake's CUDA compiler identification reads from `nvcc -v`
// (Modules/CMakeDetermineCUDACompiler.cmake, 3.25): the toolkit root (TOP;
// the library root from NVVMIR_LIBRARY_DIR), PATH, INCLUDES and LIBRARIES,
// a compile line with `-arch compute_NN` (the default architecture) and a
// link line that contains LIBRARIES (its first word becomes the host link
// launcher, which must therefore be warpsim-nvcc: it adds the runtime).
// The toolkit root is a directory beside the runtime libraries (build tree:
// <build>/sim/cuda; install: <prefix>/lib/warpsim/cuda) whose lib64 holds
// libcudart_static.a and libcudadevrt.a: linker scripts naming the runtime,
// for targets CMake links with the C++ compiler (sim/CMakeLists.txt).
std::string toolkitRoot() {
  return (fs::path(runtimePaths().libraries.front()).parent_path() / "cuda").string();
}
std::string libraryDirFlag() { return "\"-L" + toolkitRoot() + "/lib64\""; }

void printVerboseHeader() {
  const char *path = std::getenv("PATH");
  std::fprintf(stderr,
               "#$ _WARPSIM_=warpsim %s, a CPU simulation standing in for nvcc\n"
               "#$ _HERE_=%s\n"
               "#$ TOP=%s\n"
               "#$ NVVMIR_LIBRARY_DIR=%s/nvvm/libdevice\n"
               "#$ PATH=%s:%s\n"
               "#$ INCLUDES=\"-I%s\"\n"
               "#$ LIBRARIES=  %s\n",
               WARPSIM_VERSION, selfDir().c_str(), toolkitRoot().c_str(), toolkitRoot().c_str(),
               selfDir().c_str(), path != nullptr ? path : "", runtimePaths().include_dir.c_str(),
               libraryDirFlag().c_str());
}

void printVersion() {
  std::printf("nvcc: NVIDIA (R) Cuda compiler driver\n"
              "Copyright (c) 2005-2025 NVIDIA Corporation (the interface; this is warpsim)\n"
              "Built on warpsim %s\n"
              "Cuda compilation tools, release %s, %s\n"
              "Build warpsim_%s: warpsim nvcc compiles CUDA C++ for a simulated GPU on the CPU\n",
              WARPSIM_VERSION, kCudaRelease, kCudaVersion, WARPSIM_VERSION);
}

void printHelp() {
  std::printf(
      "usage: warpsim nvcc [nvcc options] FILE... (also installed as warpsim-nvcc)\n\n"
      "Compiles CUDA C++ (.cu), host C++ (.cpp) and C (.c) into objects and links simulated\n"
      "executables, taking nvcc's command line: -c, -dc, -dlink, -lib, -o, -I, -D, -U, -std=,\n"
      "-O, -g, -G, -lineinfo, -arch/-code/-gencode (the newest simulated architecture named\n"
      "is simulated), -rdc=true, -Xcompiler, -Xlinker, -l, -L, -x cu, -M/-MD/-MF/-MT, -v,\n"
      "--version. The program runs alone (raw findings on stderr) or under\n"
      "`warpsim check --exec ./prog -- args`. See docs/cli.md.\n");
}

void printHipccVersion() {
  // The HIP release warpsim's HIP headers follow (hip/hip_version.h).
  std::printf("HIP version: %d.%d.%d-warpsim\n"
              "warpsim hipcc %s: compiles HIP C++ for a simulated AMD GPU on the CPU (clang %s)\n",
              HIP_VERSION_MAJOR, HIP_VERSION_MINOR, HIP_VERSION_PATCH, WARPSIM_VERSION,
              WARPSIM_CLANGXX);
}

void printHipccHelp() {
  std::printf(
      "usage: warpsim hipcc [hipcc options] FILE... (also installed as warpsim-hipcc)\n\n"
      "Compiles HIP C++ (.hip, .cpp, .cu), host C (.c) into objects and links simulated\n"
      "executables, taking hipcc's command line: -c, -o, -I, -isystem, -D, -U, -std=, -O*,\n"
      "-g, --offload-arch=gfx942, -x hip|c++|c, -fgpu-rdc, -l, -L, -Wl,, -Xlinker, -include,\n"
      "-M/-MD/-MF/-MT, -v, --version. The program runs alone (raw findings on stderr) or\n"
      "under `warpsim check --exec ./prog -- args`. See docs/hip.md.\n");
}

// The command's name in messages.
const char *toolName(const NvccOptions &n) { return n.hip ? "warpsim hipcc" : "warpsim nvcc"; }

std::string stem(const std::string &path) { return fs::path(path).stem().string(); }

bool isSource(NvccInputKind k) {
  return k == NvccInputKind::Cuda || k == NvccInputKind::Cxx || k == NvccInputKind::C;
}

// nvcc's options for the simulated architecture, dialect, -I and -D.
CliOptions unitOptions(const NvccOptions &n, const std::string &input,
                       std::vector<std::string> &undefines) {
  CliOptions o;
  o.command = Command::Build;
  o.input = input;
  o.include_dirs = n.include_dirs;
  o.arch = n.arch;
  o.arch_given = true;
  o.std = n.std;
  o.fmad = n.fmad;
  // -U NAME removes an earlier -D NAME, as in a compiler's command line.
  for (const std::string &d : n.defines) {
    if (!d.empty() && d[0] == '\x01') {
      const std::string name = d.substr(1);
      std::erase_if(o.defines,
                    [&](const std::string &x) { return x == name || x.rfind(name + "=", 0) == 0; });
      undefines.push_back(name);
    } else {
      o.defines.push_back(d);
    }
  }
  return o;
}

// Host-compiler flags that would change how warpsim instruments user code
// are not passed on: the optimisation level and debug information are
// warpsim's (docs/cli.md, "Instrumentation"), the dialect is -std's.
std::vector<std::string> hostFlagsForCompile(const std::vector<std::string> &flags) {
  std::vector<std::string> out;
  for (const std::string &f : flags)
    if (f.rfind("-O", 0) != 0 && f.rfind("-g", 0) != 0 && f.rfind("-std=", 0) != 0 &&
        f != "-fPIE" && f != "-fpie")
      out.push_back(f);
  return out;
}

bool writeDependencies(const std::string &file, const std::vector<std::string> &targets,
                       const std::vector<std::string> &deps) {
  std::string rule;
  for (std::size_t i = 0; i < targets.size(); ++i)
    rule += (i ? " " : "") + targets[i];
  rule += ":";
  for (const std::string &d : deps)
    rule += " \\\n  " + d;
  rule += "\n";
  if (file.empty() || file == "-") {
    std::fputs(rule.c_str(), stdout);
    return true;
  }
  std::ofstream out(file, std::ios::binary);
  out << rule;
  return static_cast<bool>(out);
}

int compileOne(const NvccOptions &n, const NvccInput &in, const std::string &object) {
  std::vector<std::string> undefines;
  const CliOptions o = unitOptions(n, in.path, undefines);
  const UnitLanguage language = in.kind == NvccInputKind::Cuda  ? UnitLanguage::Cuda
                                : in.kind == NvccInputKind::Cxx ? UnitLanguage::Cxx
                                                                : UnitLanguage::C;
  if (n.verbose && !n.hip)
    std::fprintf(stderr, "#$ warpsim-frontend --orig_src_file_name \"%s\" -arch compute_%s\n",
                 in.path.c_str(), n.arch.substr(3).c_str());
  CliOptions unit = o;
  unit.hip = n.hip && language == UnitLanguage::Cuda; // hipcc's device sources are HIP
  UnitResult r = compileUnit(unit, language, object, hostFlagsForCompile(n.host_flags), undefines);
  if (n.verbose)
    for (const std::string &c : r.commands)
      std::fprintf(stderr, "#$ %s\n", c.c_str());
  std::fputs(r.warnings.c_str(), stderr);
  if (!r.ok) {
    std::fputs(r.message.c_str(), stderr);
    if (!r.message.empty() && r.message.back() != '\n')
      std::fputc('\n', stderr);
    return r.bad_usage ? kUsageExit : kCompileExit;
  }
  if (n.deps_only || n.deps_with_compile) {
    std::vector<std::string> targets = n.deps_targets;
    if (targets.empty())
      targets.push_back(n.mode == NvccMode::Dependencies ? stem(in.path) + ".o" : object);
    std::string file = n.deps_file;
    if (file.empty() && n.mode != NvccMode::Dependencies)
      file = fs::path(object).replace_extension(".d").string();
    if (file.empty() && n.mode == NvccMode::Dependencies)
      file = n.output;
    if (!writeDependencies(file, targets, r.dependencies)) {
      std::fprintf(stderr, "%s: error: cannot write '%s'\n", toolName(n), file.c_str());
      return kCompileExit;
    }
  }
  return 0;
}

// A link without main fails in crt1.o, which names no line of the user's
// (issue 27 item 8): the front end's located error instead, for the CUDA
// source whose function looks like a misspelt main, or the only input; else
// the inputs. Empty if the link failed for another reason.
std::string missingMainMessage(const NvccOptions &n, const std::string &out,
                               const std::string &log) {
  if (log.find("undefined symbol: main") == std::string::npos &&
      log.find("undefined reference to `main'") == std::string::npos)
    return "";
  std::string first, near, names;
  for (const NvccInput &in : n.inputs) {
    names += (names.empty() ? "" : ", ") + in.path;
    if (in.kind != NvccInputKind::Cuda)
      continue;
    std::vector<std::string> undefines;
    CliOptions unit = unitOptions(n, in.path, undefines);
    unit.hip = n.hip;
    const std::string e = missingMainError(unit);
    if (near.empty() && e.find("did you mean") != std::string::npos)
      near = e;
    if (first.empty())
      first = e;
  }
  if (!near.empty())
    return near;
  if (n.inputs.size() == 1 && !first.empty())
    return first;
  return std::string(toolName(n)) + ": error: linking '" + out + "' failed: none of its inputs (" +
         names + ") defines 'main' (to build units without main use -c or -lib)\n";
}

// The build both drivers share (below).
int runBuild(const NvccOptions &n);

} // namespace

bool calledAsNvcc(const char *argv0) {
  return argv0 != nullptr && fs::path(argv0).filename() == "warpsim-nvcc";
}

bool calledAsHipcc(const char *argv0) {
  return argv0 != nullptr && fs::path(argv0).filename() == "warpsim-hipcc";
}

int runNvcc(const std::vector<std::string> &args) {
  bool verbose = false;
  for (const std::string &a : args)
    verbose = verbose || a == "-v" || a == "--verbose";
  if (verbose)
    printVerboseHeader();
  NvccParse parsed = parseNvccCommandLine(args);
  if (!parsed.options) {
    std::fprintf(stderr, "warpsim nvcc: error: %s\n", parsed.error.c_str());
    return kUsageExit;
  }
  const NvccOptions &n = *parsed.options;
  if (n.version) {
    printVersion();
    return 0;
  }
  if (n.help) {
    printHelp();
    return 0;
  }
  return runBuild(n);
}

int runHipcc(const std::vector<std::string> &args) {
  NvccParse parsed = parseHipccCommandLine(args);
  if (!parsed.options) {
    std::fprintf(stderr, "warpsim hipcc: error: %s\n", parsed.error.c_str());
    return kUsageExit;
  }
  const NvccOptions &n = *parsed.options;
  if (n.version) {
    printHipccVersion();
    return 0;
  }
  if (n.help) {
    printHipccHelp();
    return 0;
  }
  return runBuild(n);
}

namespace {
// The build both drivers share: compile the units, then link or archive.
int runBuild(const NvccOptions &n) {
  if (!runtimePaths().error.empty()) {
    std::fprintf(stderr, "%s\n", runtimePaths().error.c_str());
    return kCompileExit;
  }

  if (n.mode == NvccMode::DeviceLink) {
    // Device code is linked with the host code: this step has nothing to
    // join, and makes the (empty) object the build expects.
    const std::string out = n.output.empty() ? "a_dlink.o" : n.output;
    std::string log;
    std::vector<std::string> cc = {WARPSIM_CLANGXX, "-x", "c", "-c", "/dev/null", "-o", out};
    if (n.verbose)
      std::fprintf(stderr, "#$ %s -x c -c /dev/null -o %s\n", WARPSIM_CLANGXX, out.c_str());
    if (runCommand(cc, log) != 0) {
      std::fprintf(stderr, "%s: error: cannot write '%s':\n%s", toolName(n), out.c_str(),
                   log.c_str());
      return kCompileExit;
    }
    return 0;
  }

  if (n.mode == NvccMode::Compile || n.mode == NvccMode::Dependencies) {
    for (const NvccInput &in : n.inputs) {
      if (!isSource(in.kind))
        continue; // nvcc -c ignores objects and libraries
      std::string object =
          !n.output.empty() && n.mode == NvccMode::Compile ? n.output : stem(in.path) + ".o";
      std::string tmp;
      if (n.mode == NvccMode::Dependencies) {
        tmp = makeTempDir();
        object = tmp + "/unit.o";
      }
      const int status = compileOne(n, in, object);
      if (!tmp.empty())
        fs::remove_all(tmp);
      if (status != 0)
        return status;
    }
    return 0;
  }

  // Link (or -lib): compile the sources into a temporary directory, then
  // link everything in command-line order with warpsim's runtime.
  const std::string tmp = makeTempDir();
  if (tmp.empty()) {
    std::fprintf(stderr, "%s: error: cannot create a temporary directory\n", toolName(n));
    return kCompileExit;
  }
  std::vector<std::string> objects;
  int status = 0;
  for (std::size_t i = 0; i < n.inputs.size() && status == 0; ++i) {
    const NvccInput &in = n.inputs[i];
    if (!isSource(in.kind)) {
      objects.push_back(in.path);
      continue;
    }
    const std::string object = tmp + "/" + std::to_string(i) + "_" + stem(in.path) + ".o";
    status = compileOne(n, in, object);
    objects.push_back(object);
  }
  if (status == 0 && n.make_library) {
    const std::string out = n.output.empty() ? "a.a" : n.output;
    std::vector<std::string> ar = {"ar", "rcs", out};
    for (const std::string &obj : objects)
      ar.push_back(obj);
    std::error_code ec;
    fs::remove(out, ec);
    std::string log;
    if (runCommand(ar, log) != 0) {
      std::fprintf(stderr, "%s: error: making the library '%s' failed:\n%s", toolName(n),
                   out.c_str(), log.c_str());
      status = kCompileExit;
    }
  } else if (status == 0) {
    const std::string out = n.output.empty() ? "a.out" : n.output;
    std::vector<std::string> ld = programLinker();
    ld.insert(ld.end(), objects.begin(), objects.end());
    ld.insert(ld.end(), n.library_dirs.begin(), n.library_dirs.end());
    // The CUDA runtime libraries nvcc links by default, and the CUDA
    // libraries warpsim provides (sim/libs; the driver's tensor maps,
    // -lcuda: runtime/TensorMaps.cpp), are warpsim's runtime; NVTX
    // (-lnvToolsExt, pre-v3 builds) is header-only here (nvtx3/nvToolsExt.h).
    for (const std::string &l : n.libraries)
      if (l != "-lcudart" && l != "-lcudart_static" && l != "-lcudadevrt" && l != "-lcublas" &&
          l != "-lcublasLt" && l != "-lcurand" && l != "-lcusparse" && l != "-lnvToolsExt" &&
          l != "-lcuda")
        ld.push_back(l);
    for (const std::string &f : hostFlagsForCompile(n.host_flags))
      if (f.rfind("-I", 0) != 0 && f.rfind("-D", 0) != 0 && f.rfind("-W", 0) != 0 && f != "-fPIC" &&
          f != "-fpic")
        ld.push_back(f);
    ld.insert(ld.end(), n.linker_flags.begin(), n.linker_flags.end());
    const std::vector<std::string> runtime = runtimeLinkArguments();
    ld.insert(ld.end(), runtime.begin(), runtime.end());
    ld.insert(ld.end(), {"-o", out});
    // The toolkit's lib64 (its libcudart_static.a names the runtime), and
    // with -v clang's own ld line: CMake takes the implicit link directories
    // of CUDA, which a target linked by the C++ compiler needs, from it.
    ld.push_back("-L" + toolkitRoot() + "/lib64");
    if (n.verbose)
      ld.push_back("-v");
    if (n.verbose) {
      // The line CMake takes the host link launcher and implicit libraries from.
      std::string line = nvccExecutable();
      for (const std::string &obj : objects)
        line += " \"" + obj + "\"";
      line += " -o \"" + out + "\" " + libraryDirFlag() +
              " -lcudadevrt -lcudart_static -lrt -lpthread -ldl";
      std::fprintf(stderr, "#$ %s\n", line.c_str());
      std::string real;
      for (const std::string &a : ld)
        real += (real.empty() ? "" : " ") + a;
      std::fprintf(stderr, "#$ %s\n", real.c_str());
    }
    std::string log;
    if (runCommand(ld, log) != 0) {
      if (const std::string m = missingMainMessage(n, out, log); !m.empty())
        std::fputs(m.c_str(), stderr);
      else
        std::fprintf(stderr, "%s: error: linking '%s' failed:\n%s", toolName(n), out.c_str(),
                     log.c_str());
      status = kCompileExit;
    } else {
      std::fputs(log.c_str(), stderr);
    }
  }
  fs::remove_all(tmp);
  return status;
}

} // namespace

} // namespace warpsim::driver
