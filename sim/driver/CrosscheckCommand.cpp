#include "CrosscheckCommand.h"

#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>

#include "Compiler.h"
#include "CrosscheckJson.h"
#include "Process.h"
#include "ProfileReport.h"
#include "Report.h"
#include "SimulatedRun.h"
#include "crosscheck/Comparison.h"
#include "crosscheck/CrosscheckReport.h"
#include "crosscheck/KnownDifferences.h"
#include "crosscheck/NcuCsv.h"
#include "crosscheck/OutputFile.h"

namespace fs = std::filesystem;

namespace warpsim::driver {
namespace {

constexpr int kDifferenceExit = 1;
constexpr int kUsageExit = 2;
constexpr int kCompileExit = 4;
constexpr int kRuntimeAbortedStatus = 86; // the runtime's own "ended by warpsim"
constexpr int kTailLines = 20;            // of a failed program's output

// A GPU the native program can run on. The device node is enough: the
// program itself reports a broken driver.
bool gpuPresent() { return access("/dev/nvidia0", F_OK) == 0; }

bool executable(const std::string &path) {
  std::error_code ec;
  return !path.empty() && fs::is_regular_file(path, ec) && access(path.c_str(), X_OK) == 0;
}

// $CUDA_HOME/bin/nvcc, /usr/local/cuda/bin/nvcc, then nvcc on PATH; "" if none.
std::string findNvcc() {
  if (const char *home = std::getenv("CUDA_HOME"); home && *home)
    if (std::string p = std::string(home) + "/bin/nvcc"; executable(p))
      return p;
  if (executable("/usr/local/cuda/bin/nvcc"))
    return "/usr/local/cuda/bin/nvcc";
  if (const char *path = std::getenv("PATH")) {
    std::istringstream dirs(path);
    for (std::string dir; std::getline(dirs, dir, ':');)
      if (std::string p = (dir.empty() ? "." : dir) + "/nvcc"; executable(p))
        return p;
  }
  return {};
}

std::optional<std::string> readText(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  if (!in)
    return std::nullopt;
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// "FILE:LINE: what" (or "FILE: what" for the file as a whole).
std::string located(const std::string &path, unsigned line, const std::string &what) {
  return path + (line != 0 ? ":" + std::to_string(line) : "") + ": " + what;
}

int usageError(const std::string &message) {
  std::fprintf(stderr, "warpsim: error: %s\n", message.c_str());
  return kUsageExit;
}

// The last `n` lines of a program's captured output.
std::string tailOf(const std::string &path, int n) {
  std::string text = readText(path).value_or("");
  std::size_t pos = text.size();
  if (pos > 0 && text[pos - 1] == '\n')
    --pos;
  for (int lines = 0; pos > 0; --pos)
    if (text[pos - 1] == '\n' && ++lines == n)
      break;
  std::string tail = text.substr(pos);
  if (!tail.empty() && tail.back() != '\n')
    tail += '\n';
  return tail;
}

std::string counted(std::uint64_t n, const char *what) {
  return std::to_string(n) + " " + what + (n == 1 ? "" : "s");
}

std::string describeStatus(int waitStatus) {
  if (WIFSIGNALED(waitStatus))
    return "was terminated by signal " + std::to_string(WTERMSIG(waitStatus));
  if (WEXITSTATUS(waitStatus) == kRuntimeAbortedStatus)
    return "was ended by warpsim (deadlock, livelock or a crash)";
  return "exited with status " + std::to_string(WEXITSTATUS(waitStatus));
}

int failedProgram(const std::string &which, const std::string &how, const std::string &log) {
  std::fflush(stdout);
  std::fprintf(stderr, "warpsim: error: the %s program %s; the end of its output:\n", which.c_str(),
               how.c_str());
  std::fputs(tailOf(log, kTailLines).c_str(), stderr);
  return kDifferenceExit;
}

// warpsim's profile per kernel, under the names ncu's are normalised to
// (instances of one template are one kernel on both sides).
std::vector<SimKernel> simKernels(const ProfileData &p) {
  std::vector<SimKernel> out;
  for (const ProfileKernel &k : p.kernels) {
    const std::string name = normaliseKernelName(k.name);
    SimKernel *s = nullptr;
    for (SimKernel &e : out)
      if (e.name == name)
        s = &e;
    if (s == nullptr) {
      out.push_back({name, 0, {}, 0, 0});
      s = &out.back();
    }
    const ProfileCounters &c = k.totals;
    s->launches += k.launches;
    s->warp_instructions += c.instructions;
    s->active_lanes += c.active_lanes;
    const char *ops[2] = {"ld", "st"};
    for (int op = 0; op < 2; ++op) {
      const std::string n = ops[op];
      s->counters["l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_" + n + ".sum"] +=
          c.conflicts(op);
      s->counters["l1tex__data_pipe_lsu_wavefronts_mem_shared_op_" + n + ".sum"] +=
          c.wavefronts[op];
      s->counters["l1tex__t_sectors_pipe_lsu_mem_global_op_" + n + ".sum"] += c.sectors[op];
      s->counters["l1tex__t_requests_pipe_lsu_mem_global_op_" + n + ".sum"] += c.requests[op];
    }
  }
  return out;
}

// A program's outputs file; a program that wrote none has no buffers.
std::optional<OutputFile> readOutputs(const std::string &path, const std::string &which) {
  if (!fs::exists(path))
    return OutputFile{};
  OutputParse p = parseOutputFile(readText(path).value_or(""));
  if (!p.file)
    std::fprintf(stderr, "warpsim: error: the %s outputs: %s\n", which.c_str(),
                 located(path, p.error_line, p.error).c_str());
  return p.file;
}

struct TempDir {
  std::string path;
  bool keep = false;
  ~TempDir() {
    std::error_code ec;
    if (!path.empty() && !keep)
      fs::remove_all(path, ec);
  }
};

// Reads and parses one input file into `out`; false (with the located error
// printed) when it cannot.
template <class T, class Parse>
bool readInput(const std::string &path, Parse (*parse)(std::string_view),
               std::optional<T> Parse::*value, std::optional<T> &out) {
  std::optional<std::string> text = readText(path);
  if (!text) {
    usageError("cannot read '" + path + "'");
    return false;
  }
  Parse p = parse(*text);
  if (!(p.*value)) {
    usageError(located(path, p.error_line, p.error));
    return false;
  }
  out = std::move(p.*value);
  return true;
}

// The files the comparison reads, parsed before anything is built: a typo is
// reported before minutes of building.
struct Inputs {
  std::optional<std::vector<KnownDifference>> known;
  std::optional<NcuCsv> ncu;
  std::optional<OutputFile> recorded;
};

bool readInputs(const CliOptions &o, Inputs &in) {
  return (o.known_path.empty() ||
          readInput(o.known_path, parseKnownDifferences, &KnownParse::entries, in.known)) &&
         (o.ncu_path.empty() || readInput(o.ncu_path, parseNcuCsv, &NcuParse::csv, in.ncu)) &&
         (o.recorded_path.empty() ||
          readInput(o.recorded_path, parseOutputFile, &OutputParse::file, in.recorded));
}

// The nvcc to build with ("" for none, with a note saying why); false when
// --nvcc names no executable.
bool chooseNvcc(const CliOptions &o, std::string &nvcc, std::vector<std::string> &notes) {
  if (o.no_native) {
    notes.push_back("native build: skipped (--no-native)");
  } else if (o.hip) {
    // nvcc does not compile HIP source; a ROCm device is not a crosscheck
    // target (docs/hip.md): --recorded outputs still compare.
    notes.push_back("native build: skipped, HIP source (nvcc builds CUDA only)");
  } else if (!o.nvcc.empty()) {
    if (!executable(o.nvcc)) {
      usageError("--nvcc '" + o.nvcc + "' is not an executable file");
      return false;
    }
    nvcc = o.nvcc;
  } else {
    nvcc = findNvcc();
    if (nvcc.empty())
      notes.push_back("native build: skipped, nvcc not found");
  }
  return true;
}

// The native program, built as cmake/Warpsim.cmake builds kernels/; false
// (nvcc's message printed) when it does not compile.
bool buildNative(const CliOptions &o, const std::string &nvcc, const std::string &program) {
  std::string dir = fs::path(o.input).parent_path().string();
  std::vector<std::string> cmd = {nvcc, "-arch=sm_90", "-lineinfo", "-std=" + o.std,
                                  "-I" + (dir.empty() ? std::string(".") : dir)};
  for (const std::string &i : o.include_dirs)
    cmd.push_back("-I" + i);
  for (const std::string &d : o.defines)
    cmd.push_back("-D" + d);
  if (!o.fmad)
    cmd.push_back("--fmad=false");
  cmd.insert(cmd.end(), {"-o", program, o.input});
  std::string out;
  if (runCommand(cmd, out) == 0)
    return true;
  std::fprintf(stderr, "warpsim: error: nvcc did not compile %s:\n%s", o.input.c_str(),
               out.c_str());
  if (!out.empty() && out.back() != '\n')
    std::fputc('\n', stderr);
  return false;
}

// Runs the native program in the same directory with the same arguments;
// its outputs, or nothing (the failure printed).
std::optional<OutputFile> runNative(const CliOptions &o, const std::string &program,
                                    const std::string &tmp) {
  const std::string out = tmp + "/native.out", log = tmp + "/native.log";
  ChildProcess child;
  child.path = program;
  child.argv.push_back(o.input);
  child.argv.insert(child.argv.end(), o.program_args.begin(), o.program_args.end());
  child.env = {{"WARPSIM_OUTPUT_FILE", out}};
  child.output = log;
  int status = runChild(child);
  if (status == -1) {
    std::fprintf(stderr, "warpsim: error: cannot start the native program\n");
    return std::nullopt;
  }
  if (WIFSIGNALED(status) || WEXITSTATUS(status) != 0) {
    failedProgram("native", describeStatus(status), log);
    return std::nullopt;
  }
  return readOutputs(out, "native program's");
}

} // namespace

int runCrosscheck(const CliOptions &given) {
  Inputs in;
  std::string nvcc;
  std::vector<std::string> notes;
  if (!readInputs(given, in) || !chooseNvcc(given, nvcc, notes))
    return kUsageExit;

  // The simulated program: `warpsim run`'s build, lockstep, profile on.
  CliOptions o = given;
  o.command = Command::Run;
  o.schedule = "lockstep";
  o.profile = true;
  BuildResult b = buildProgramReporting(o);
  if (!b.ok)
    return kCompileExit;
  TempDir tmp{makeTempDir(), o.keep_temps};
  if (tmp.path.empty())
    return usageError("cannot create a temporary directory");
  if (o.keep_temps)
    std::fprintf(stderr, "warpsim: crosscheck files kept in %s\n", tmp.path.c_str());
  const std::string native = tmp.path + "/native";
  if (!nvcc.empty()) {
    if (!buildNative(o, nvcc, native))
      return kCompileExit;
    notes.push_back("native build: " + nvcc + " -arch=sm_90");
  }
  const bool nativeRun = !nvcc.empty() && !in.recorded && gpuPresent();
  if (!nativeRun && !in.recorded) {
    if (!gpuPresent())
      return usageError("no GPU here and no --recorded outputs: nothing to compare with");
    return usageError("a GPU but no native build (" +
                      std::string(given.no_native ? "--no-native" : "nvcc not found") +
                      ") and no --recorded outputs: nothing to compare with");
  }

  const std::string simOut = tmp.path + "/warpsim.out", simLog = tmp.path + "/warpsim.log";
  SimulatedRun run = runSimulated(o, b.program, {{"WARPSIM_OUTPUT_FILE", simOut}}, simLog);
  if (!run.started) {
    std::remove(run.report.c_str());
    return kDifferenceExit;
  }
  ReportSummary findings = readReport(run.report, b.program);
  ProfileData profile = readProfile(run.report, b.program);
  std::remove(run.report.c_str());
  const int status = run.wait_status;
  if (WIFSIGNALED(status) || WEXITSTATUS(status) != 0 || findings.fatal) {
    int code = failedProgram("simulated", describeStatus(status), simLog);
    // A fatal finding (deadlock, crash) says more than the program's own output.
    if (findings.fatal || WEXITSTATUS(status) == kRuntimeAbortedStatus)
      std::fputs(renderText(findings, 5).c_str(), stderr);
    return code;
  }
  std::optional<OutputFile> sim = readOutputs(simOut, "simulated program's");
  std::optional<OutputFile> reference = nativeRun ? runNative(o, native, tmp.path) : in.recorded;
  if (!sim || !reference)
    return kDifferenceExit;

  CrosscheckResult r;
  r.input = fs::path(o.input).filename().string();
  r.arch = o.arch;
  r.schedule = o.schedule;
  r.reference = nativeRun ? "native GPU run" : "recorded GPU outputs " + given.recorded_path;
  r.notes = notes;
  if (findings.errors + findings.warnings > 0)
    r.notes.push_back("the simulated run reported " + counted(findings.errors, "error") + ", " +
                      counted(findings.warnings, "warning") + " (see warpsim run)");
  r.known_path = given.known_path;
  r.outputs = compareOutputs(*sim, *reference);
  r.counters_compared = in.ncu.has_value();
  if (in.ncu)
    r.kernels = compareCounters(*in.ncu, simKernels(profile));
  // The comparisons point into the entries: they must outlive the rendering.
  const std::vector<KnownDifference> noEntries;
  const std::vector<KnownDifference> &known = in.known ? *in.known : noEntries;
  r.stale = applyKnown(known, fs::path(given.input).stem().string(), r.outputs, r.kernels,
                       r.counters_compared);
  r.totals = totalsOf(r.outputs, r.kernels, r.stale);
  const int exitStatus = r.totals.clean() ? 0 : kDifferenceExit;

  std::fputs(renderCrosscheckText(r).c_str(), stdout);
  std::fflush(stdout);
  if (!o.json_path.empty()) {
    std::ofstream json(o.json_path);
    json << renderCrosscheckJson(r, exitStatus);
    if (!json) {
      std::fprintf(stderr, "warpsim: error: cannot write '%s'\n", o.json_path.c_str());
      return kUsageExit;
    }
  }
  return exitStatus;
}

} // namespace warpsim::driver
