#include "HipArgs.h"

#include <map>

#include "HipMode.h"

namespace warpsim::driver {
namespace {

bool startsWith(const std::string &s, const std::string &p) { return s.rfind(p, 0) == 0; }

std::string extension(const std::string &path) {
  const std::size_t dot = path.rfind('.');
  const std::size_t slash = path.rfind('/');
  if (dot == std::string::npos || (slash != std::string::npos && dot < slash))
    return {};
  return path.substr(dot + 1);
}

// What hipcc can make that warpsim cannot, one message each.
const std::map<std::string, std::string> kRefused = {
    {"-E", "warpsim hipcc does not stop after preprocessing (compile the file instead)"},
    {"-S", "warpsim simulates HIP C++ on the CPU and produces no assembly"},
    {"-emit-llvm", "warpsim simulates HIP C++ on the CPU and produces no LLVM IR"},
    {"--genco", "warpsim produces no AMD GPU code objects"},
    {"--cuda-device-only", "warpsim compiles host and device code together"},
    {"--offload-device-only", "warpsim compiles host and device code together"},
    {"-shared", "warpsim links simulated executables only, not shared libraries"},
};

// clang options hipcc takes that change nothing in the simulation: warpsim
// has its own optimisation level and line information, computes IEEE
// results and has no GPU code generation to steer.
bool acceptedWithoutEffect(const std::string &a) {
  static const char *const exact[] = {"-fgpu-rdc",
                                      "-fno-gpu-rdc",
                                      "--hip-link",
                                      "-fhip-new-launch-api",
                                      "-ffast-math",
                                      "-fno-fast-math",
                                      "-munsafe-fp-atomics",
                                      "-mno-unsafe-fp-atomics",
                                      "-fgpu-flush-denormals-to-zero",
                                      "-fno-gpu-flush-denormals-to-zero",
                                      "-fgpu-sanitize",
                                      "-fPIC",
                                      "-fpic",
                                      "-fPIE",
                                      "-fpie",
                                      "-m64",
                                      "-pthread",
                                      "-w",
                                      "-pedantic",
                                      "-save-temps",
                                      "-Xoffload-linker"};
  for (const char *e : exact)
    if (a == e)
      return true;
  return startsWith(a, "-O") || startsWith(a, "-g") || startsWith(a, "-W") ||
         startsWith(a, "-mllvm") || startsWith(a, "--rocm-path") || startsWith(a, "--hip-path") ||
         startsWith(a, "--hip-device-lib") || startsWith(a, "-fgpu-") ||
         startsWith(a, "-mcode-object-version") || startsWith(a, "-mwavefrontsize") ||
         startsWith(a, "-ffp-contract") || startsWith(a, "-fcolor-diagnostics") ||
         startsWith(a, "-fdiagnostics");
}

} // namespace

NvccParse parseHipccCommandLine(std::vector<std::string> args) {
  NvccOptions o;
  o.hip = true;
  o.arch = kHipDefaultArch;
  std::string lang; // -x
  auto fail = [](std::string msg) { return NvccParse{std::nullopt, std::move(msg)}; };
  // An option's value: glued (-Idir, -std=c++17, --offload-arch=gfx942) or
  // the next argument.
  auto valueOf = [&](std::size_t &i, const std::string &name, std::string &value) -> bool {
    const std::string &a = args[i];
    if (a == name) {
      if (i + 1 >= args.size())
        return false;
      value = args[++i];
      return true;
    }
    value = a.substr(name.size());
    if (!value.empty() && value[0] == '=')
      value.erase(0, 1);
    return true;
  };
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string &a = args[i];
    if (a.empty())
      continue;
    if (a[0] != '-' || a == "-") {
      NvccInput in;
      in.path = a;
      const std::string ext = extension(a);
      if (ext == "hip" || ext == "cpp" || ext == "cc" || ext == "cxx" || ext == "cu" ||
          ext == "C" || ext == "c++")
        in.kind = NvccInputKind::Cuda; // a HIP unit (NvccOptions::hip)
      else if (ext == "c")
        in.kind = NvccInputKind::C;
      else if (ext == "o" || ext == "obj")
        in.kind = NvccInputKind::Object;
      else if (ext == "a")
        in.kind = NvccInputKind::Archive;
      else if (ext == "so" || a.find(".so.") != std::string::npos)
        in.kind = NvccInputKind::Library;
      else if (ext == "hsaco" || ext == "co" || ext == "s" || ext == "ll" || ext == "bc")
        return fail("input '" + a + "': warpsim simulates HIP C++ source and cannot run ." + ext +
                    " files");
      else
        return fail("input '" + a +
                    "': unknown file type (expected .hip, .cpp, .cu, .c, .o or .a)");
      if (!lang.empty() && in.kind != NvccInputKind::Object && in.kind != NvccInputKind::Archive &&
          in.kind != NvccInputKind::Library)
        in.kind = lang == "c"     ? NvccInputKind::C
                  : lang == "c++" ? NvccInputKind::Cxx
                                  : NvccInputKind::Cuda;
      o.inputs.push_back(in);
      continue;
    }
    if (auto r = kRefused.find(a); r != kRefused.end())
      return fail(a + ": " + r->second);
    std::string v;
    if (startsWith(a, "--offload-arch") || startsWith(a, "-offload-arch") ||
        startsWith(a, "--amdgpu-target") || startsWith(a, "--cuda-gpu-arch")) {
      const std::string name = a.substr(0, a.find('='));
      if (!valueOf(i, name, v))
        return fail("option '" + a + "' needs a value");
      std::string why;
      const std::string sim = simulatedArchForOffload(v, why);
      if (sim.empty())
        return fail(why);
      o.arch = sim;
    } else if (a == "-c") {
      o.mode = NvccMode::Compile;
    } else if (a == "-o" || (startsWith(a, "-o") && a.size() > 2)) {
      if (!valueOf(i, "-o", v))
        return fail("option '-o' needs a value");
      o.output = v;
    } else if (a == "-isystem" || startsWith(a, "-isystem")) {
      if (!valueOf(i, "-isystem", v))
        return fail("option '-isystem' needs a value");
      o.include_dirs.push_back(v);
    } else if (a == "-include") {
      if (!valueOf(i, "-include", v))
        return fail("option '-include' needs a value");
      o.host_flags.insert(o.host_flags.end(), {"-include", v});
    } else if (startsWith(a, "-I")) {
      if (!valueOf(i, "-I", v))
        return fail("option '-I' needs a value");
      o.include_dirs.push_back(v);
    } else if (startsWith(a, "-D")) {
      if (!valueOf(i, "-D", v))
        return fail("option '-D' needs a value");
      o.defines.push_back(v);
    } else if (startsWith(a, "-U")) {
      if (!valueOf(i, "-U", v))
        return fail("option '-U' needs a value");
      o.defines.push_back("\x01" + v);
    } else if (startsWith(a, "-std=")) {
      v = a.substr(5);
      if (v == "c++17" || v == "gnu++17" || v == "c++1z")
        o.std = "c++17";
      else if (v == "c++20" || v == "gnu++20" || v == "c++2a")
        o.std = "c++20";
      else
        return fail(a + ": warpsim compiles HIP C++ as C++17 or C++20 (use -std=c++17)");
    } else if (startsWith(a, "--no-offload-arch")) {
      // Removes a target: there is only one to simulate.
    } else if (a == "-x" || startsWith(a, "-x")) {
      if (!valueOf(i, "-x", v))
        return fail("option '-x' needs a value");
      if (v != "hip" && v != "c++" && v != "c" && v != "cu" && v != "cuda" && v != "none")
        return fail("-x " + v + ": expected hip, c++, c or none");
      lang = v == "none" ? "" : v == "c" ? "c" : v == "c++" ? "c++" : "hip";
    } else if (startsWith(a, "-l")) {
      if (!valueOf(i, "-l", v))
        return fail("option '-l' needs a value");
      o.libraries.push_back("-l" + v);
    } else if (startsWith(a, "-L")) {
      if (!valueOf(i, "-L", v))
        return fail("option '-L' needs a value");
      o.library_dirs.push_back("-L" + v);
    } else if (startsWith(a, "-Wl,")) {
      o.linker_flags.push_back(a);
    } else if (a == "-Xlinker") {
      if (i + 1 >= args.size())
        return fail("option '-Xlinker' needs a value");
      o.linker_flags.push_back("-Wl," + args[++i]);
    } else if (a == "-M" || a == "-MM") {
      o.deps_only = true;
    } else if (a == "-MD" || a == "-MMD") {
      o.deps_with_compile = true;
    } else if (a == "-MF" || a == "-MT") {
      if (i + 1 >= args.size())
        return fail("option '" + a + "' needs a value");
      if (a == "-MF")
        o.deps_file = args[++i];
      else
        o.deps_targets.push_back(args[++i]);
    } else if (a == "-MP") {
    } else if (a == "-v" || a == "--verbose") {
      o.verbose = true;
    } else if (a == "--version") {
      o.version = true;
    } else if (a == "--help" || a == "-h") {
      o.help = true;
    } else if (a == "-ffp-contract=off") {
      o.fmad = false;
    } else if (acceptedWithoutEffect(a)) {
      if (startsWith(a, "-O"))
        o.optimisation = a.substr(2);
      if (a == "-mllvm" || a == "-Xoffload-linker")
        ++i; // and its value
    } else if (startsWith(a, "-f") || startsWith(a, "-m")) {
      // Other clang code-generation flags: the host compiler's, as hipcc
      // hands them to clang for the host side.
      o.host_flags.push_back(a);
    } else {
      return fail("unknown option '" + a +
                  "' (hipcc's options warpsim takes are listed in docs/hip.md)");
    }
  }
  if (o.deps_only && o.mode == NvccMode::Link)
    o.mode = NvccMode::Dependencies;
  if (std::string why = refusedInputs(o, "cannot specify -o when generating multiple output files");
      !why.empty())
    return fail(why);
  return {o, {}};
}

} // namespace warpsim::driver
