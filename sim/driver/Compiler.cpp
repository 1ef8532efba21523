#include "Compiler.h"

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <sstream>

#include "CompileCacheLimit.h"
#include "HipMode.h"
#include "Process.h"
#include "RuntimePaths.h"
#include "ToolchainKey.h"
#include "warpsim/frontend/Translate.h"
#include "warpsim/model/ArchSpec.h"
#include "llvm/Support/xxhash.h"

namespace fs = std::filesystem;

namespace warpsim::driver {
namespace {

// How user code is compiled. -O0 keeps every source-level access as an event
// (no hoisted loads in spin loops); -fsanitize=thread only instruments (the
// runtime defines the hooks), and by default it drops the read of `x += y`
// because the write that follows covers it for TSan: warpsim needs that read
// (races, bank conflicts), hence -tsan-instrument-read-before-write.
// -fno-builtin-printf keeps printf a call the runtime can take over; memcpy,
// memset and memmove stay builtins, so that the sanitizer pass turns them
// into hooks (a device-side memcpy is a run of accesses the checkers see).
// -fwrapv: signed overflow wraps, as in nvcc's host pass (gcc keeps the wrap
// where clang -O1 exploits the UB: simpleOccupancy's `array[i] != i * i`,
// tests/runtime/host_signed_wrap.cu) and as on the GPU.
const std::vector<const char *> kInstrumentedCompile = {"-O0",
                                                        "-g",
                                                        "-fsanitize=thread",
                                                        "-mllvm",
                                                        "-tsan-instrument-read-before-write=1",
                                                        "-fdeclspec",
                                                        "-fno-builtin-printf",
                                                        "-fno-omit-frame-pointer",
                                                        "-fwrapv",
                                                        "-w"};

// How user code is instrumented (docs/cli.md, "Instrumentation"). Default:
// warpsim's own pass plugin makes every load, store and memcpy/memset a
// runtime call that carries its value (instrument/ValuesPass.cpp); such a
// load cannot be hoisted, so user code is optimised (-O1;
// WARPSIM_OPT_LEVEL=0|1|2). -fsanitize=thread stays for what the plugin
// leaves: atomics, the shadow call stack, odd-sized accesses.
// WARPSIM_INSTRUMENTATION=tsan: ThreadSanitizer's hooks alone, at -O0.
struct Instrumentation {
  bool values = true;
  char optLevel = '1';
  // WARPSIM_STRIP_DEBUG_INFO=1 (for tests): the program is linked without
  // its debug information, so a report can place only what the static sites
  // of the value-carrying instrumentation name (docs/cli.md).
  bool stripDebugInfo = false;
  std::string error; // not empty: a bad setting (bad usage)
};

// --memory-model ptx needs the value-carrying instrumentation (the model
// chooses what loads read).
Instrumentation instrumentationFor(const CliOptions &o) {
  Instrumentation in;
  const char *mode = std::getenv("WARPSIM_INSTRUMENTATION");
  const char *opt = std::getenv("WARPSIM_OPT_LEVEL");
  const std::string m = mode != nullptr ? mode : "";
  const std::string l = opt != nullptr ? opt : "";
  const bool ptx = o.memory_model == "ptx";
  if (m == "tsan") {
    in.values = false;
    in.optLevel = '0';
  }
  if (ptx && m == "tsan")
    in.error = "warpsim: error: --memory-model ptx needs the value-carrying instrumentation, "
               "but WARPSIM_INSTRUMENTATION=tsan is set (the TSan hooks cannot choose the value "
               "a load reads); unset it or set it to 'values'";
  else if (!m.empty() && m != "tsan" && m != "values")
    in.error = "warpsim: error: WARPSIM_INSTRUMENTATION='" + m + "': expected 'tsan' or 'values'";
  const char *strip = std::getenv("WARPSIM_STRIP_DEBUG_INFO");
  const std::string st = strip != nullptr ? strip : "";
  if (in.error.empty() && !st.empty() && st != "0" && st != "1")
    in.error = "warpsim: error: WARPSIM_STRIP_DEBUG_INFO='" + st + "': expected 0 or 1";
  in.stripDebugInfo = st == "1";
  if (in.error.empty() && !l.empty()) {
    if (l != "0" && l != "1" && l != "2")
      in.error = "warpsim: error: WARPSIM_OPT_LEVEL='" + l + "': expected 0, 1 or 2";
    else if (l != "0" && !in.values)
      in.error = "warpsim: error: WARPSIM_OPT_LEVEL=" + l +
                 " needs WARPSIM_INSTRUMENTATION=values (the TSan hooks need -O0: an optimised "
                 "spin loop would never reach the engine again)";
    else
      in.optLevel = l[0];
  }
  return in;
}

// The runtime's libraries missing, or a bad instrumentation setting (bad
// usage): the message for a build that cannot start.
bool toolchainError(const Instrumentation &instrumentation, std::string &message,
                    bool &bad_usage) {
  if (!runtimePaths().error.empty()) {
    message = runtimePaths().error;
    return true;
  }
  if (!instrumentation.error.empty()) {
    message = instrumentation.error;
    bad_usage = true;
    return true;
  }
  return false;
}

// nvcc contracts a*b+c into one FMA by default (--fmad=true). clang contracts
// within an expression (-ffp-contract=on) but emits a fused instruction only
// for a target that has one; without it each is rounded twice (docs/crosscheck.md).
std::vector<std::string> instrumentedCompileFlags(const CliOptions &o, const Instrumentation &in) {
  std::vector<std::string> flags(kInstrumentedCompile.begin(), kInstrumentedCompile.end());
  if (in.values) {
    flags.front() = std::string("-O") + in.optLevel;
    flags.push_back("-fpass-plugin=" + runtimePaths().values_plugin);
  }
  flags.emplace_back(o.fmad ? "-ffp-contract=on" : "-ffp-contract=off");
  if (o.fmad && __builtin_cpu_supports("fma"))
    flags.emplace_back("-mfma");
  return flags;
}

std::string readFile(const std::string &path, bool &ok) {
  std::ifstream in(path, std::ios::binary);
  ok = static_cast<bool>(in);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

std::uint64_t hashText(const std::string &s) { return llvm::xxh3_64bits(llvm::StringRef(s)); }

std::string hex(std::uint64_t v) {
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(v));
  return buf;
}

// A cache entry is valid while every file the front end read is unchanged.
bool depsMatch(const fs::path &entry) {
  std::ifstream in(entry / "deps");
  if (!in)
    return false;
  std::string path, h;
  while (in >> std::quoted(path) >> h) {
    bool ok;
    std::string body = readFile(path, ok);
    if (!ok || hex(hashText(body)) != h)
      return false;
  }
  return fs::exists(entry / "program");
}

// warpsim's CUDA headers (the prelude every rewritten file starts with) are
// most of a small program's compile: they are precompiled once per set of
// flags that reach them, into the compile cache (prelude-KEY.pch). A PCH
// clang refuses (a header changed in a development tree) is rebuilt; any
// other failure is compiled again without it, so diagnostics are the plain
// compile's.
int compileWithPrelude(const std::vector<std::string> &cc, const fs::path &cache,
                       std::string &out) {
  auto include = std::find(cc.begin(), cc.end(), "-include");
  if (include == cc.end() || include + 1 == cc.end() || include[1] != "warpsim/prelude.h")
    return runCommand(cc, out);
  std::vector<std::string> pch;
  for (auto it = cc.begin(); it != cc.end(); ++it) {
    if (it == include || (*it == "-iquote" || *it == "-ivfsoverlay" || *it == "-o") ||
        (*it == "-c")) {
      ++it; // and its argument
      continue;
    }
    pch.push_back(*it);
  }
  std::string keyText = hex(toolchainKey(cache));
  for (const std::string &a : pch)
    keyText += '\0' + a;
  const fs::path file = cache / ("prelude-" + hex(hashText(keyText)) + ".pch");
  pch.insert(pch.end(), {"-x", "c++-header", runtimePaths().include_dir + "/warpsim/prelude.h"});
  std::vector<std::string> use(cc.begin(), include);
  use.insert(use.end(), {"-include-pch", file.string()});
  use.insert(use.end(), include + 2, cc.end());
  std::error_code ec;
  for (int attempt = 0; attempt < 2; ++attempt) {
    bool fresh = false;
    if (!fs::exists(file, ec)) {
      // Built beside it and renamed: concurrent builds (ctest -j) race here.
      const fs::path staging = file.string() + ".tmp" + std::to_string(getpid());
      std::vector<std::string> build = pch;
      build.insert(build.end(), {"-o", staging.string()});
      std::string buildOut;
      fs::create_directories(cache, ec);
      if (runCommand(build, buildOut) != 0) {
        fs::remove(staging, ec);
        break;
      }
      fs::rename(staging, file, ec);
      fresh = true;
    }
    out.clear();
    if (runCommand(use, out) == 0)
      return 0;
    if (fresh || out.find("precompiled header") == std::string::npos)
      break;
    fs::remove(file, ec);
  }
  out.clear();
  return runCommand(cc, out);
}

} // namespace

frontend::TranslateOptions frontendOptions(const CliOptions &o, const std::string &outDir) {
  frontend::TranslateOptions t;
  t.input_path = o.input;
  t.include_dirs = o.include_dirs;
  t.defines = o.defines;
  t.warpsim_include_dir = runtimePaths().include_dir;
  t.clang_resource_dir = WARPSIM_CLANG_RESOURCE_DIR;
  t.output_dir = outDir;
  t.std = o.std;
  if (auto spec = model::builtinArch(o.arch))
    t.cuda_arch = static_cast<unsigned>(spec->compute_major * 100 + spec->compute_minor * 10);
  if (o.hip) {
    // hipcc's view (docs/hip.md): its macros, and __HIP_DEVICE_COMPILE__,
    // which the front end puts where __CUDA_ARCH__ would be, is 1.
    t.hip = true;
    t.cuda_arch = 1;
    const std::vector<std::string> hip = hipDefines(o.arch, o.warp_size);
    t.defines.insert(t.defines.begin(), hip.begin(), hip.end());
  }
  return t;
}

std::string cacheDirectory(const CliOptions &o) {
  if (!o.cache_dir.empty())
    return o.cache_dir;
  if (const char *env = std::getenv("WARPSIM_CACHE_DIR"); env && *env)
    return env;
  if (const char *home = std::getenv("HOME"); home && *home)
    return std::string(home) + "/.cache/warpsim";
  return (fs::temp_directory_path() / "warpsim-cache").string();
}

BuildResult translateOnly(const CliOptions &o, std::string &text) {
  BuildResult r;
  if (!runtimePaths().error.empty()) {
    r.message = runtimePaths().error + "\n";
    return r;
  }
  std::string tmp = makeTempDir();
  frontend::TranslateResult t = frontend::translate(frontendOptions(o, tmp));
  if (!t.ok) {
    r.message = t.diagnostics;
  } else {
    bool ok;
    text = readFile(t.main_output, ok);
    r.ok = ok;
    r.warnings = t.warnings;
  }
  if (o.keep_temps)
    r.temp_dir = tmp;
  else
    fs::remove_all(tmp);
  return r;
}

BuildResult buildProgram(const CliOptions &o) {
  BuildResult r;
  bool ok;
  std::string source = readFile(o.input, ok);
  if (!ok) {
    r.message = "warpsim: error: cannot read '" + o.input + "'";
    return r;
  }
  const Instrumentation instrumentation = instrumentationFor(o);
  if (toolchainError(instrumentation, r.message, r.bad_usage))
    return r;
  // The key covers the main file, the options that reach the compiler, and
  // the toolchain; headers it includes are checked through `deps`.
  // The path as given is part of it too: debug info, and so every reported
  // location, names the file the way the user spelled it.
  std::string keyText =
      fs::absolute(o.input).lexically_normal().string() + '\0' + o.input + '\0' + source;
  for (const auto &d : o.include_dirs)
    keyText += "\0I" + d;
  for (const auto &d : o.defines)
    keyText += "\0D" + d;
  // The dialect and __CUDA_ARCH__ change what the front end makes of it.
  const frontend::TranslateOptions fo = frontendOptions(o, "");
  keyText += "\0S" + fo.std + "\0A" + std::to_string(fo.cuda_arch);
  if (fo.hip) // hipcc's macros (the architecture's, HipMode.cpp)
    for (const auto &d : fo.defines)
      keyText += "\0H" + d;
  const fs::path cache = cacheDirectory(o);
  keyText += hex(toolchainKey(cache));
  const std::vector<std::string> compileFlags = instrumentedCompileFlags(o, instrumentation);
  for (const std::string &flag : compileFlags)
    keyText += std::string("\0F") + flag;
  if (instrumentation.stripDebugInfo)
    keyText += std::string(1, '\0') + "Lstrip-debug"; // the linked program differs
  if (instrumentation.values) {
    bool pluginOk;
    keyText += hex(hashText(readFile(runtimePaths().values_plugin, pluginOk)));
  }
  fs::path entry = cache / hex(hashText(keyText));
  r.program = (entry / "program").string();
  const CacheLimit limit = cacheLimitFromEnv();
  if (!limit.error.empty()) {
    r.message = limit.error;
    r.bad_usage = true;
    return r;
  }
  if (!o.keep_temps && depsMatch(entry)) {
    touchCacheEntry(entry);
    r.ok = true;
    r.cache_hit = true;
    r.warnings = readFile((entry / "warnings").string(), ok);
    return r;
  }

  std::string tmp = makeTempDir();
  if (tmp.empty()) {
    r.message = "warpsim: error: cannot create a temporary directory";
    return r;
  }
  frontend::TranslateOptions programOptions = frontendOptions(o, tmp);
  programOptions.needs_main = true;
  frontend::TranslateResult t = frontend::translate(programOptions);
  if (!t.ok) {
    r.message = t.diagnostics;
    if (!o.keep_temps)
      fs::remove_all(tmp);
    return r;
  }
  r.warnings = t.warnings;
  std::vector<std::string> cc = {WARPSIM_CLANGXX};
  cc.insert(cc.end(), compileFlags.begin(), compileFlags.end());
  cc.insert(cc.end(), {"-c", t.main_output, "-o", tmp + "/program.o"});
  cc.insert(cc.end() - 5, t.compile_flags.begin(), t.compile_flags.end());
  std::string out;
  if (compileWithPrelude(cc, cache, out) != 0) {
    r.message = "warpsim: error: the rewritten program did not compile (a warpsim bug or an "
                "unsupported construct):\n" +
                out;
    if (!o.keep_temps)
      fs::remove_all(tmp);
    return r;
  }
  std::vector<std::string> ld = programLinker();
  ld.push_back(tmp + "/program.o");
  if (instrumentation.stripDebugInfo)
    ld.push_back("-Wl,--strip-debug");
  const std::vector<std::string> runtime = runtimeLinkArguments();
  ld.insert(ld.end(), runtime.begin(), runtime.end());
  ld.insert(ld.end(), {"-o", tmp + "/program"});
  out.clear();
  if (runCommand(ld, out) != 0) {
    r.message = "warpsim: error: linking the program failed:\n" + out;
    if (!o.keep_temps)
      fs::remove_all(tmp);
    return r;
  }
  {
    std::ofstream deps(tmp + "/deps");
    std::vector<std::string> files = t.dependencies;
    files.push_back(fs::absolute(o.input).string());
    for (const auto &d : files) {
      std::string body = readFile(d, ok);
      deps << std::quoted(d) << ' ' << hex(hashText(body)) << '\n';
    }
  }
  // Publish atomically: concurrent builds of one file (ctest -j) race here.
  std::error_code ec;
  fs::create_directories(cache, ec);
  fs::path staging = cache / (entry.filename().string() + ".tmp" + std::to_string(getpid()));
  fs::remove_all(staging, ec);
  fs::create_directories(staging, ec);
  fs::copy_file(tmp + "/program", staging / "program", ec);
  fs::copy_file(tmp + "/deps", staging / "deps", ec);
  if (!r.warnings.empty())
    std::ofstream(staging / "warnings", std::ios::binary) << r.warnings;
  fs::permissions(staging / "program", fs::perms::owner_all | fs::perms::group_read |
                                           fs::perms::group_exec | fs::perms::others_read |
                                           fs::perms::others_exec);
  // Never delete an entry another build may just have published: only a
  // stale one (deps changed) is replaced. If the rename still loses a race,
  // this build runs its own staged copy.
  fs::rename(staging, entry, ec);
  if (ec && !depsMatch(entry)) {
    fs::remove_all(entry, ec);
    fs::rename(staging, entry, ec);
  }
  if (!ec) {
    r.program = (entry / "program").string();
  } else if (depsMatch(entry)) {
    r.program = (entry / "program").string();
    fs::remove_all(staging, ec);
  } else {
    r.program = (staging / "program").string();
  }
  if (o.keep_temps)
    r.temp_dir = tmp;
  else
    fs::remove_all(tmp);
  trimCompileCache(cache, limit.max_bytes, std::chrono::hours(1));
  r.ok = fs::exists(r.program);
  if (!r.ok)
    r.message = "warpsim: error: cannot write the compile cache in " + cache.string();
  return r;
}

std::vector<std::string> programLinker() {
  std::vector<std::string> ld = {WARPSIM_CLANGXX, "-no-pie"};
  // zstd halves a program's size at no measurable link time; a test run
  // caches a thousand programs (GNU ld may lack zstd, so lld only).
  if (*WARPSIM_LLD != '\0')
    ld.insert(ld.end(), {std::string("--ld-path=") + WARPSIM_LLD, "-Wl,--compress-debug-sections=zstd"});
  return ld;
}

std::vector<std::string> runtimeLinkArguments() {
  // The observers' library is linked whole: each checker and profiler
  // registers its installer from a constructor nothing else references.
  std::vector<std::string> args;
  for (std::size_t i = 0; i < runtimePaths().libraries.size(); ++i) {
    const std::string &lib = runtimePaths().libraries[i];
    if (i == RuntimePaths::kObserversLibrary)
      args.insert(args.end(), {"-Wl,--whole-archive", lib, "-Wl,--no-whole-archive"});
    else
      args.push_back(lib);
  }
  // OpenBLAS only for a program that calls cuBLAS (sim/libs).
  args.insert(args.end(), {"-Wl,--push-state,--as-needed", WARPSIM_OPENBLAS_LIB, "-Wl,--pop-state",
                           WARPSIM_BOOST_CONTEXT_LIB, "-lpthread"});
  return args;
}

namespace {
std::string commandLine(const std::vector<std::string> &argv) {
  std::string s;
  for (const std::string &a : argv)
    s += (s.empty() ? "" : " ") + a;
  return s;
}
} // namespace

std::string missingMainError(const CliOptions &o) {
  const std::string tmp = makeTempDir();
  if (tmp.empty())
    return "";
  frontend::TranslateOptions fo = frontendOptions(o, tmp);
  fo.needs_main = true;
  const frontend::TranslateResult t = frontend::translate(fo);
  fs::remove_all(tmp);
  const bool noMain =
      !t.ok && (t.diagnostics.find("defines no 'main'") != std::string::npos ||
                t.diagnostics.find("'main' is declared but never defined") != std::string::npos);
  return noMain ? t.diagnostics : "";
}

UnitResult compileUnit(const CliOptions &o, UnitLanguage language, const std::string &object,
                       const std::vector<std::string> &extra,
                       const std::vector<std::string> &undefines) {
  UnitResult r;
  const Instrumentation instrumentation = instrumentationFor(o);
  if (toolchainError(instrumentation, r.message, r.bad_usage))
    return r;
  std::vector<std::string> cc = {WARPSIM_CLANGXX};
  const std::vector<std::string> flags = instrumentedCompileFlags(o, instrumentation);
  cc.insert(cc.end(), flags.begin(), flags.end());
  std::string tmp;
  if (language == UnitLanguage::Cuda) {
    tmp = makeTempDir();
    if (tmp.empty()) {
      r.message = "warpsim: error: cannot create a temporary directory";
      return r;
    }
    frontend::TranslateResult t = frontend::translate(frontendOptions(o, tmp));
    r.dependencies = t.dependencies;
    r.warnings = t.warnings;
    if (!t.ok) {
      r.message = t.diagnostics;
      fs::remove_all(tmp);
      return r;
    }
    cc.insert(cc.end(), t.compile_flags.begin(), t.compile_flags.end());
    cc.insert(cc.end(), extra.begin(), extra.end());
    for (const std::string &u : undefines)
      cc.push_back("-U" + u);
    cc.insert(cc.end(), {"-c", t.main_output, "-o", object});
  } else {
    // Host code: nvcc hands it to the host compiler with the CUDA headers on
    // the include path; here the headers are warpsim's.
    r.dependencies.push_back(fs::absolute(o.input).lexically_normal().string());
    if (language == UnitLanguage::C)
      cc.insert(cc.end(), {"-x", "c", "-std=gnu17"});
    else
      cc.push_back("-std=" + o.std);
    cc.push_back("-I" + runtimePaths().include_dir);
    for (const std::string &d : o.include_dirs)
      cc.push_back("-I" + d);
    for (const std::string &d : o.defines)
      cc.push_back("-D" + d);
    for (const std::string &u : undefines)
      cc.push_back("-U" + u);
    cc.insert(cc.end(), extra.begin(), extra.end());
    cc.insert(cc.end(), {"-c", o.input, "-o", object});
  }
  r.commands.push_back(commandLine(cc));
  std::string out;
  const int status = compileWithPrelude(cc, cacheDirectory(o), out);
  if (!tmp.empty())
    fs::remove_all(tmp);
  if (status != 0) {
    r.message = language == UnitLanguage::Cuda
                    ? "warpsim: error: the rewritten program did not compile (a warpsim bug or "
                      "an unsupported construct):\n" +
                          out
                    : out;
    return r;
  }
  r.ok = true;
  return r;
}

BuildResult buildProgramReporting(const CliOptions &o) {
  BuildResult b = buildProgram(o);
  std::fputs(b.warnings.c_str(), stderr);
  if (!b.temp_dir.empty())
    std::fprintf(stderr, "warpsim: temporary files kept in %s\n", b.temp_dir.c_str());
  if (!b.ok) {
    std::fputs(b.message.c_str(), stderr);
    if (!b.message.empty() && b.message.back() != '\n')
      std::fputc('\n', stderr);
  }
  return b;
}

} // namespace warpsim::driver
