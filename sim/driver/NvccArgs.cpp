#include "NvccArgs.h"

#include <algorithm>
#include <fstream>
#include <map>
#include <sstream>

#include "warpsim/model/ArchSpec.h"

namespace warpsim::driver {
namespace {

bool endsWith(const std::string &s, const std::string &suffix) {
  return s.size() >= suffix.size() &&
         s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

std::vector<std::string> splitCommas(const std::string &v) {
  std::vector<std::string> out;
  std::string cur;
  for (char c : v) {
    if (c == ',') {
      out.push_back(cur);
      cur.clear();
    } else {
      cur += c;
    }
  }
  out.push_back(cur);
  return out;
}

// nvcc's spellings of one option: the short and the long name.
struct Spelling {
  const char *shortName;
  const char *longName;
};

// Options that take a value (`-o F`, `-o=F`, `--output-file F`, ...).
const Spelling kValued[] = {
    {"-o", "--output-file"},
    {"-I", "--include-path"},
    {"-isystem", "--system-include"},
    {"-D", "--define-macro"},
    {"-U", "--undefine-macro"},
    {"-std", "--std"},
    {"-O", "--optimize"},
    {"-arch", "--gpu-architecture"},
    {"-code", "--gpu-code"},
    {"-gencode", "--generate-code"},
    {"-Xcompiler", "--compiler-options"},
    {"-Xlinker", "--linker-options"},
    {"-Xptxas", "--ptxas-options"},
    {"-Xnvlink", "--nvlink-options"},
    {"-Xcudafe", "--cudafe-options"},
    {"-Xarchive", "--archive-options"},
    {"-rdc", "--relocatable-device-code"},
    {"-x", "--x"},
    {"-l", "--library"},
    {"-L", "--library-path"},
    {"-MF", "--dependency-output"},
    {"-MT", "--dependency-target-name"},
    {"-ccbin", "--compiler-bindir"},
    {"-m", "--machine"},
    {"-t", "--threads"},
    {"-maxrregcount", "--maxrregcount"},
    {"-cudart", "--cudart"},
    {"-cudadevrt", "--cudadevrt"},
    {"-default-stream", "--default-stream"},
    {"-fmad", "--fmad"},
    {"-ftz", "--ftz"},
    {"-prec-div", "--prec-div"},
    {"-prec-sqrt", "--prec-sqrt"},
    {"-keep-dir", "--keep-dir"},
    {"-diag-suppress", "--diag-suppress"},
    {"-diag-warn", "--diag-warn"},
    {"-diag-error", "--diag-error"},
    {"-Werror", "--Werror"},
    {"-odir", "--output-directory"},
    {"-include", "--pre-include"},
    {"-split-compile", "--split-compile"},
    {"-optf", "--options-file"},
};

// Options without a value.
const Spelling kFlags[] = {
    {"-c", "--compile"},
    {"-dc", "--device-c"},
    {"-dw", "--device-w"},
    {"-dlink", "--device-link"},
    {"-lib", "--lib"},
    {"-g", "--debug"},
    {"-G", "--device-debug"},
    {"-lineinfo", "--generate-line-info"},
    {"-v", "--verbose"},
    {"-V", "--version"},
    {"-h", "--help"},
    {"-M", "--generate-dependencies"},
    {"-MD", "--generate-dependencies-with-compile"},
    {"-MM", "--generate-nonsystem-dependencies"},
    {"-MMD", "--generate-nonsystem-dependencies-with-compile"},
    {"-MP", "--generate-dependency-targets"},
    {"-expt-relaxed-constexpr", "--expt-relaxed-constexpr"},
    {"-extended-lambda", "--extended-lambda"},
    {"-expt-extended-lambda", "--expt-extended-lambda"},
    {"-w", "--disable-warnings"},
    {"-use_fast_math", "--use_fast_math"},
    {"-keep", "--keep"},
    {"-res-usage", "--resource-usage"},
    {"-forward-unknown-to-host-compiler", "--forward-unknown-to-host-compiler"},
    {"-forward-unknown-to-host-linker", "--forward-unknown-to-host-linker"},
    {"-src-in-ptx", "--source-in-ptx"},
    {"-restrict", "--restrict"},
    {"-Wno-deprecated-gpu-targets", "--Wno-deprecated-gpu-targets"},
    {"-Wno-deprecated-declarations", "--Wno-deprecated-declarations"},
    {"-Wreorder", "--Wreorder"},
    {"-Wext-lambda-captures-this", "--Wext-lambda-captures-this"},
    {"-err-no", "--display-error-number"},
    {"-no-display-error-number", "--no-display-error-number"},
    {"-noprof", "--dont-use-profile"},
    {"-nohdinitlist", "--no-host-device-initializer-list"},
    {"-expt-relaxed-constexpr", "--expt-relaxed-constexpr"},
    {"-static-global-template-stub", "--static-global-template-stub"},
    {"-dryrun", "--dryrun"},
    {"-E", "--preprocess"},
    {"-ptx", "--ptx"},
    {"-cubin", "--cubin"},
    {"-fatbin", "--fatbin"},
    {"-optix-ir", "--optix-ir"},
    {"-cuda", "--cuda"},
    {"-shared", "--shared"},
    {"-run", "--run"},
    {"-link", "--link"},
    {"-pg", "--profile"},
};

// What warpsim cannot do for an option it recognises: item 8 of issue 26,
// one message naming it.
const std::map<std::string, std::string> kRefused = {
    {"-E", "warpsim nvcc does not stop after preprocessing (compile the file instead)"},
    {"-ptx", "warpsim simulates CUDA C++ on the CPU and produces no PTX"},
    {"-cubin", "warpsim simulates CUDA C++ on the CPU and produces no cubin"},
    {"-fatbin", "warpsim simulates CUDA C++ on the CPU and produces no fatbinary"},
    {"-optix-ir", "warpsim produces no OptiX IR"},
    {"-cuda", "warpsim nvcc does not write the host-side .cpp.ii of nvcc's -cuda"},
    {"-run", "warpsim nvcc does not run what it builds (use `warpsim run` or the program)"},
    {"-dryrun", "warpsim nvcc has no dry run"},
    {"-dw", "warpsim nvcc does not make device-only objects (use -dc)"},
    {"-G", ""}, // accepted below
};

int simulatedNumber(const std::string &name) {
  // "sm_90" -> 90; -1 when not of that form.
  if (name.rfind("sm_", 0) != 0)
    return -1;
  int v = 0;
  for (std::size_t i = 3; i < name.size(); ++i) {
    if (name[i] < '0' || name[i] > '9')
      return -1;
    v = v * 10 + (name[i] - '0');
  }
  return v;
}

// The arguments of an options file (--options-file, as CMake writes its
// include directories): separated by white space, '"' and '\'' quoting.
bool readOptionsFile(const std::string &path, std::vector<std::string> &out) {
  std::ifstream in(path, std::ios::binary);
  if (!in)
    return false;
  std::stringstream text;
  text << in.rdbuf();
  std::string cur;
  bool have = false;
  char quote = 0;
  for (char c : text.str()) {
    if (quote != 0) {
      if (c == quote)
        quote = 0;
      else
        cur += c;
    } else if (c == '"' || c == '\'') {
      quote = c;
      have = true;
    } else if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      if (have)
        out.push_back(cur);
      cur.clear();
      have = false;
    } else {
      cur += c;
      have = true;
    }
  }
  if (have)
    out.push_back(cur);
  return true;
}

} // namespace

std::string simulatedArchFor(const std::string &nvccArch, std::string &why) {
  std::string a = nvccArch;
  // native / all / all-major: every architecture nvcc knows; warpsim
  // simulates its default, the H100.
  if (a == "native" || a == "all" || a == "all-major")
    return "sm_90";
  for (const char *prefix : {"sm_", "compute_", "lto_"})
    if (a.rfind(prefix, 0) == 0) {
      a = a.substr(std::string(prefix).size());
      break;
    }
  // sm_90a / sm_90f: the architecture-specific feature sets of sm_90.
  while (!a.empty() && (a.back() == 'a' || a.back() == 'f'))
    a.pop_back();
  // CMake's CUDA_ARCHITECTURES spelling: 90-real, 90-virtual.
  for (const char *suffix : {"-real", "-virtual"})
    if (endsWith(a, suffix))
      a.resize(a.size() - std::string(suffix).size());
  const std::string sm = "sm_" + a;
  if (model::builtinArch(sm) && !a.empty())
    return sm;
  std::string known;
  for (const std::string &n : model::builtinArchNames())
    if (simulatedNumber(n) >= 0)
      known += (known.empty() ? "" : ", ") + n;
  why = "architecture '" + nvccArch + "' is not simulated (warpsim simulates " + known + ")";
  return {};
}

NvccParse parseNvccCommandLine(std::vector<std::string> args) {
  NvccOptions o;
  bool forwardUnknownCompiler = false, forwardUnknownLinker = false;
  bool shared = false;             // -shared: only with -dlink, where CMake passes it
  std::string lang;                // -x
  std::vector<std::string> arches; // every architecture named, in order
  auto fail = [](std::string msg) { return NvccParse{std::nullopt, std::move(msg)}; };
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string &a = args[i];
    if (a.empty())
      continue;
    // Which option is it, and its value.
    std::string name, value;
    bool matched = false;
    if (a[0] == '-') {
      // Exact spellings first (-lineinfo is not -l ineinfo), then the
      // two-letter options glued to their value (-Idir, -lm, -O3).
      for (const Spelling &s : kFlags)
        if (a == s.shortName || a == s.longName) {
          name = s.shortName;
          matched = true;
          break;
        }
      for (int glued = 0; glued < 2 && !matched; ++glued)
        for (const Spelling &s : kValued) {
          for (const char *spelled : {s.shortName, s.longName}) {
            const std::string sp = spelled;
            if (glued == 0 && a == sp) {
              if (i + 1 >= args.size())
                return fail("option '" + a + "' needs a value");
              value = args[++i];
            } else if (glued == 0 && a.rfind(sp + "=", 0) == 0) {
              value = a.substr(sp.size() + 1);
            } else if (glued == 1 && sp.size() == 2 && sp != "-x" && sp != "-m" && sp != "-t" &&
                       a.rfind(sp, 0) == 0 && a.size() > 2) {
              value = a.substr(2);
            } else {
              continue;
            }
            name = s.shortName;
            matched = true;
            break;
          }
          if (matched)
            break;
        }
      // -std=c++17 is -std with a value; -Wno-..., -Werror=... below.
    }
    if (!matched) {
      if (a[0] != '-' || a == "-") {
        NvccInput in;
        in.path = a;
        std::string ext = a.substr(std::min(a.size(), a.rfind('.') + 1));
        if (a.rfind('.') == std::string::npos)
          ext.clear();
        if (ext == "cu")
          in.kind = NvccInputKind::Cuda;
        else if (ext == "cpp" || ext == "cc" || ext == "cxx" || ext == "C" || ext == "c++")
          in.kind = NvccInputKind::Cxx;
        else if (ext == "c")
          in.kind = NvccInputKind::C;
        else if (ext == "o" || ext == "obj")
          in.kind = NvccInputKind::Object;
        else if (ext == "a")
          in.kind = NvccInputKind::Archive;
        else if (ext == "so" || a.find(".so.") != std::string::npos)
          in.kind = NvccInputKind::Library;
        else if (ext == "ptx" || ext == "cubin" || ext == "fatbin" || ext == "gpu")
          return fail("input '" + a + "': warpsim simulates CUDA C++ source and cannot run ." +
                      ext + " files");
        else
          return fail("input '" + a + "': unknown file type (expected .cu, .cpp, .c, .o or .a)");
        // -x cu / -x c++ applies to every source file named with it.
        if (!lang.empty() && (in.kind == NvccInputKind::Cuda || in.kind == NvccInputKind::Cxx ||
                              in.kind == NvccInputKind::C))
          in.kind = lang == "cu"  ? NvccInputKind::Cuda
                    : lang == "c" ? NvccInputKind::C
                                  : NvccInputKind::Cxx;
        o.inputs.push_back(in);
        continue;
      }
      // Warnings options nvcc passes on or knows; -Wl,... to the linker.
      if (a.rfind("-Wl,", 0) == 0) {
        o.linker_flags.push_back(a);
        continue;
      }
      if (a.rfind("-Wno-", 0) == 0 || a.rfind("--Wno-", 0) == 0 || a.rfind("-Werror=", 0) == 0 ||
          a.rfind("--Werror=", 0) == 0 || a.rfind("--diag_suppress", 0) == 0 ||
          a.rfind("-diag_suppress", 0) == 0)
        continue;
      if (forwardUnknownCompiler || forwardUnknownLinker) {
        if (forwardUnknownCompiler)
          o.host_flags.push_back(a);
        else
          o.linker_flags.push_back(a);
        continue;
      }
      return fail("unknown option '" + a + "' (nvcc's options are documented in docs/cli.md; " +
                  "-Xcompiler passes an option to the host compiler)");
    }
    if (auto r = kRefused.find(name); r != kRefused.end() && !r->second.empty())
      return fail(a + ": " + r->second);
    if (name == "-shared") {
      shared = true;
    } else if (name == "-c") {
      o.mode = NvccMode::Compile;
    } else if (name == "-dc") {
      o.mode = NvccMode::Compile;
      o.rdc = true;
    } else if (name == "-dlink") {
      o.mode = NvccMode::DeviceLink;
    } else if (name == "-lib") {
      o.mode = NvccMode::Link;
      o.make_library = true;
    } else if (name == "-o") {
      o.output = value;
    } else if (name == "-I" || name == "-isystem") {
      o.include_dirs.push_back(value);
    } else if (name == "-D") {
      for (const std::string &d : splitCommas(value))
        if (!d.empty())
          o.defines.push_back(d);
    } else if (name == "-U") {
      o.defines.push_back("\x01" + value); // an undefine, kept in order
    } else if (name == "-std") {
      if (value == "c++03" || value == "c++11" || value == "c++14")
        return fail("-std=" + value + ": warpsim compiles CUDA C++ as C++17 or C++20 " +
                    "(use -std=c++17)");
      if (value != "c++17" && value != "c++20")
        return fail("-std=" + value + ": expected c++17 or c++20");
      o.std = value;
    } else if (name == "-O") {
      o.optimisation = value;
    } else if (name == "-arch" || name == "-code") {
      for (const std::string &v : splitCommas(value))
        if (!v.empty())
          arches.push_back(v);
    } else if (name == "-gencode") {
      // arch=compute_80,code=sm_80 / code=[compute_90,sm_90] / code="sm_90,compute_90"
      std::string v = value;
      v.erase(std::remove_if(v.begin(), v.end(),
                             [](char c) { return c == '[' || c == ']' || c == '"' || c == '\''; }),
              v.end());
      std::string key;
      for (const std::string &part : splitCommas(v)) {
        std::string item = part;
        if (auto eq = part.find('='); eq != std::string::npos) {
          key = part.substr(0, eq);
          item = part.substr(eq + 1);
        }
        if (key != "arch" && key != "code")
          return fail("-gencode '" + value + "': expected arch=...,code=...");
        if (!item.empty())
          arches.push_back(item);
      }
    } else if (name == "-Xcompiler") {
      for (const std::string &f : splitCommas(value))
        if (!f.empty())
          o.host_flags.push_back(f);
    } else if (name == "-Xlinker") {
      for (const std::string &f : splitCommas(value))
        if (!f.empty())
          o.linker_flags.push_back("-Wl," + f);
    } else if (name == "-rdc") {
      if (value != "true" && value != "false")
        return fail("-rdc=" + value + ": expected true or false");
      o.rdc = value == "true";
    } else if (name == "-x") {
      if (value != "cu" && value != "c++" && value != "c")
        return fail("-x " + value + ": expected cu, c++ or c");
      lang = value;
      for (NvccInput &in : o.inputs)
        if (in.kind == NvccInputKind::Cuda || in.kind == NvccInputKind::Cxx ||
            in.kind == NvccInputKind::C)
          in.kind = lang == "cu"  ? NvccInputKind::Cuda
                    : lang == "c" ? NvccInputKind::C
                                  : NvccInputKind::Cxx;
    } else if (name == "-l") {
      o.libraries.push_back("-l" + value);
    } else if (name == "-L") {
      o.library_dirs.push_back("-L" + value);
    } else if (name == "-M" || name == "-MM") {
      o.deps_only = true;
    } else if (name == "-MD" || name == "-MMD") {
      o.deps_with_compile = true;
    } else if (name == "-MF") {
      o.deps_file = value;
    } else if (name == "-MT") {
      o.deps_targets.push_back(value);
    } else if (name == "-v") {
      o.verbose = true;
    } else if (name == "-V") {
      o.version = true;
    } else if (name == "-h") {
      o.help = true;
    } else if (name == "-fmad") {
      if (value != "true" && value != "false")
        return fail("--fmad=" + value + ": expected true or false");
      o.fmad = value == "true";
    } else if (name == "-m") {
      if (value != "64")
        return fail("-m" + value + ": warpsim builds 64-bit programs only");
    } else if (name == "-default-stream") {
      if (value != "legacy" && value != "per-thread" && value != "null")
        return fail("--default-stream " + value + ": expected legacy, per-thread or null");
    } else if (name == "-cudart") {
      if (value != "static" && value != "shared" && value != "none")
        return fail("-cudart " + value + ": expected static, shared or none");
    } else if (name == "-include") {
      o.host_flags.push_back("-include");
      o.host_flags.push_back(value);
    } else if (name == "-keep") {
      o.keep = true;
    } else if (name == "-forward-unknown-to-host-compiler") {
      forwardUnknownCompiler = true;
    } else if (name == "-forward-unknown-to-host-linker") {
      forwardUnknownLinker = true;
    } else if (name == "-optf") {
      std::vector<std::string> more;
      if (!readOptionsFile(value, more))
        return fail("--options-file: cannot read '" + value + "'");
      args.insert(args.begin() + static_cast<std::ptrdiff_t>(i) + 1, more.begin(), more.end());
    } else if (name == "-odir" || name == "-split-compile") {
      return fail(a + ": not supported by warpsim nvcc");
    }
    // Everything else is accepted without effect on the simulation: -g, -G,
    // -lineinfo (warpsim always has line information), -Xptxas, -Xnvlink,
    // -Xcudafe, -ccbin (the host compiler is warpsim's clang++), -t,
    // -maxrregcount (no registers), --expt-relaxed-constexpr and
    // --extended-lambda (constexpr functions and lambdas are callable on both
    // sides already), -use_fast_math / -ftz / -prec-* (IEEE results, which
    // are within the fast variants' error bounds), -w, -keep-dir ...
  }
  if (shared && o.mode != NvccMode::DeviceLink)
    return fail("-shared: warpsim links simulated executables only, not shared libraries");
  if (o.deps_only && o.mode == NvccMode::Link)
    o.mode = NvccMode::Dependencies;
  // The architecture: nvcc compiles for every one named; warpsim simulates
  // one, the newest it knows among them.
  if (!arches.empty()) {
    std::string best, why, unknown;
    for (const std::string &a : arches) {
      std::string reason;
      std::string sm = simulatedArchFor(a, reason);
      if (sm.empty()) {
        if (unknown.empty())
          why = reason;
        unknown += (unknown.empty() ? "" : ", ") + a;
        continue;
      }
      if (best.empty() || simulatedNumber(sm) > simulatedNumber(best))
        best = sm;
    }
    if (best.empty())
      return fail(why);
    o.arch = best;
  }
  if (std::string why =
          refusedInputs(o, "-o with -c and several source files (nvcc refuses it too)");
      !why.empty())
    return fail(why);
  return {o, {}};
}

std::string refusedInputs(const NvccOptions &o, const char *several) {
  if (!o.version && !o.help && o.inputs.empty())
    return "no input files";
  if (o.mode == NvccMode::Compile && !o.output.empty()) {
    std::size_t sources = 0;
    for (const NvccInput &in : o.inputs)
      sources += in.kind == NvccInputKind::Cuda || in.kind == NvccInputKind::Cxx ||
                 in.kind == NvccInputKind::C;
    if (sources > 1)
      return several;
  }
  return {};
}

} // namespace warpsim::driver
