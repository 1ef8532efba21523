// The `warpsim` command.
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "Cli.h"
#include "Compiler.h"
#include "CrosscheckCommand.h"
#include "ExploreCommand.h"
#include "HipMode.h"
#include "HtmlReport.h"
#include "KernelFilter.h"
#include "LintCommand.h"
#include "LogFile.h"
#include "NvccCommand.h"
#include "ProfileReport.h"
#include "Report.h"
#include "RunWatch.h"
#include "RuntimePaths.h"
#include "SimulatedRun.h"
#include "Suppressions.h"

using namespace warpsim::driver;

namespace {

constexpr int kUsageExit = 2;
constexpr int kCompileExit = 4;
constexpr int kAbortedExit = 5;
constexpr int kRuntimeAbortedStatus = 86; // the runtime's own "ended by warpsim"

// What decides which findings are reported and where the report goes
// (--suppressions, --kernel-name[-exclude], --log-file), read before the
// program is built so that a bad file is a usage error.
struct ReportSetup {
  bool has_suppressions = false;
  Suppressions suppressions;
  KernelFilters kernels;
  std::FILE *out = stdout;
};

bool prepareReport(const CliOptions &o, ReportSetup &r) {
  std::string error;
  if (!o.suppressions_path.empty()) {
    if (!loadSuppressions(o.suppressions_path, r.suppressions, error)) {
      std::fprintf(stderr, "warpsim: error: %s\n", error.c_str());
      return false;
    }
    r.has_suppressions = true;
  }
  for (const auto &[list, into] : {std::pair{&o.kernel_names, &r.kernels.include},
                                   std::pair{&o.kernel_names_exclude, &r.kernels.exclude}})
    for (const std::string &text : *list) {
      KernelFilter f;
      if (!parseKernelFilter("--kernel-name", text, f, error))
        return false; // validated by the command line already
      into->push_back(std::move(f));
    }
  if (!o.log_file.empty()) {
    auto path = expandLogFileName(o.log_file, static_cast<long>(getpid()), error);
    if (!path) {
      std::fprintf(stderr, "warpsim: error: --log-file: %s\n", error.c_str());
      return false;
    }
    r.out = std::fopen(path->c_str(), "w");
    if (r.out == nullptr) {
      std::fprintf(stderr, "warpsim: error: --log-file: cannot write '%s'\n", path->c_str());
      return false;
    }
  }
  return true;
}

int runProgram(const CliOptions &o, const std::string &program, ReportSetup &setup) {
  RunWatch watch(o);
  SimulatedRun run = runSimulated(o, program, {}, {}, &watch);
  if (!run.started) {
    if (!run.report.empty())
      std::remove(run.report.c_str());
    return kAbortedExit;
  }
  const std::string &report = run.report;
  const int status = run.wait_status;
  ReportSummary sum = readReport(report, program);
  if (run.timed_out && !sum.fatal) // it did not answer the request for its stacks
    std::fprintf(stderr,
                 "warpsim: error: the program ran longer than --timeout %u s and was killed (it "
                 "did not report where its threads were)\n",
                 o.timeout_s);
  if (!setup.kernels.empty())
    applyKernelFilters(setup.kernels, sum);
  if (setup.has_suppressions)
    applySuppressions(setup.suppressions, sum);
  std::string text = renderText(sum, o.print_limit);
  if (sum.kernel_filtered != 0)
    text += "========= warpsim: " + std::to_string(sum.kernel_filtered) + " finding" +
            (sum.kernel_filtered == 1 ? "" : "s") +
            " in other kernels not reported (--kernel-name, --kernel-name-exclude)\n";
  if (setup.has_suppressions)
    text += suppressionSummary(setup.suppressions, sum);
  std::string profileJson;
  ProfileData profile;
  if (o.profile) {
    profile = readProfile(report, program);
    text += profileOutputs(profile, o.profile_svg);
    if (!o.json_path.empty())
      profileJson = renderProfileJson(profile);
  }
  if (!o.json_path.empty() && !writeJsonReport(o.json_path, sum, o.input, profileJson))
    std::fprintf(stderr, "warpsim: error: cannot write '%s'\n", o.json_path.c_str());
  if (!o.sarif_path.empty() && !writeSarifReport(o.sarif_path, sum, o.input))
    std::fprintf(stderr, "warpsim: error: cannot write '%s'\n", o.sarif_path.c_str());
  if (!o.html_path.empty() &&
      !writeHtmlReport(o.html_path, renderHtmlReport(sum, o.profile ? &profile : nullptr,
                                                     {o.command == Command::Check ? "check" : "run",
                                                      o.input, o.arch, o.schedule, o.thread_model,
                                                      o.checks, o.warp_size, o.seed})))
    std::fprintf(stderr, "warpsim: error: cannot write '%s'\n", o.html_path.c_str());
  std::remove(report.c_str());
  std::fflush(stdout);
  std::FILE *out = setup.out;
  std::fputs(text.c_str(), out);
  std::fprintf(out,
               "========= warpsim: %llu error%s, %llu warning%s | launches=%llu events=%llu "
               "warp_instructions=%llu\n",
               static_cast<unsigned long long>(sum.errors), sum.errors == 1 ? "" : "s",
               static_cast<unsigned long long>(sum.warnings), sum.warnings == 1 ? "" : "s",
               static_cast<unsigned long long>(sum.stats["launches"]),
               static_cast<unsigned long long>(sum.stats["events"]),
               static_cast<unsigned long long>(sum.stats["warp_instructions"]));
  if (o.timing) {
    std::fprintf(out,
                 "========= warpsim: kernel time %.3f ms | parallel rounds %llu, serial turns "
                 "%llu\n",
                 static_cast<double>(sum.stats["kernel_ns"]) / 1e6,
                 static_cast<unsigned long long>(sum.stats["parallel_rounds"]),
                 static_cast<unsigned long long>(sum.stats["serial_turns"]));
    // The program's own: /usr/bin/time on warpsim reports the driver's
    // (LLVM's libraries) whenever that is larger.
    std::fprintf(out, "========= warpsim: program peak RSS %ld KiB\n", run.peak_rss_kb);
  }
  std::fflush(out);
  if (run.timed_out)
    return kAbortedExit;
  if (WIFSIGNALED(status)) {
    std::fprintf(stderr, "warpsim: the program was terminated by signal %d\n", WTERMSIG(status));
    return 128 + WTERMSIG(status);
  }
  int code = WIFEXITED(status) ? WEXITSTATUS(status) : kAbortedExit;
  // `check`: an error finding decides the exit status (--error-exitcode).
  if (o.command == Command::Check && sum.errors > 0)
    return o.error_exitcode;
  if (sum.fatal || code == kRuntimeAbortedStatus)
    return kAbortedExit;
  return code;
}

} // namespace

int main(int argc, char **argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  // nvcc's command line (docs/cli.md, "warpsim nvcc"): as `warpsim nvcc` and
  // as the warpsim-nvcc link beside this executable.
  if (calledAsNvcc(argv[0]))
    return runNvcc(args);
  if (!args.empty() && args[0] == "nvcc")
    return runNvcc({args.begin() + 1, args.end()});
  // hipcc's (docs/hip.md, "warpsim hipcc"), likewise.
  if (calledAsHipcc(argv[0]))
    return runHipcc(args);
  if (!args.empty() && args[0] == "hipcc")
    return runHipcc({args.begin() + 1, args.end()});
  // `warpsim run|check --exec PROG [options] [-- args]`: a program that
  // warpsim nvcc built, run and reported as `warpsim run` does its own. PROG
  // stands where the .cu file would.
  std::string exec;
  if (!args.empty() && (args[0] == "run" || args[0] == "check"))
    for (std::size_t i = 1; i < args.size() && args[i] != "--"; ++i)
      if (args[i] == "--exec") {
        if (i + 1 >= args.size()) {
          std::fprintf(stderr, "warpsim: error: --exec needs a program\n");
          return kUsageExit;
        }
        exec = args[i + 1];
        args.erase(args.begin() + static_cast<std::ptrdiff_t>(i),
                   args.begin() + static_cast<std::ptrdiff_t>(i) + 2);
        args.insert(args.begin() + 1, exec);
        break;
      }
  // Commands with their own arguments (docs/explore.md).
  if (!args.empty() && args[0] == "explore")
    return runExplore(args);
  if (!args.empty() && args[0] == "merge")
    return runMerge(args);
  CliResult cli = parseCommandLine(args);
  if (!cli.options) {
    std::fprintf(stderr, "warpsim: error: %s\n", cli.error.c_str());
    return kUsageExit;
  }
  const CliOptions &o = *cli.options;
  switch (o.command) {
  case Command::Help:
    std::fputs(usageText().c_str(), stdout);
    return args.empty() ? kUsageExit : 0;
  case Command::Version:
    std::printf("warpsim %s (clang %s)\n", WARPSIM_VERSION, WARPSIM_CLANGXX);
    // Which runtime programs are built with: the install's or the build tree's.
    if (runtimePaths().error.empty())
      std::printf("runtime: %s (%s), headers %s\n", runtimePaths().libraries.front().c_str(),
                  runtimePaths().installed ? "installed" : "build tree",
                  runtimePaths().include_dir.c_str());
    else
      std::printf("%s\n", runtimePaths().error.c_str());
    return 0;
  case Command::Translate: {
    std::string text;
    BuildResult r = translateOnly(o, text);
    if (!r.ok) {
      std::fputs(r.message.c_str(), stderr);
      return kCompileExit;
    }
    std::fputs(text.c_str(), stdout);
    return 0;
  }
  case Command::Lint:
    return runLint(o);
  case Command::Crosscheck:
    return runCrosscheck(o);
  case Command::Build:
  case Command::Run:
  case Command::Check:
    break;
  }
  // A report that cannot be written is bad usage, found before the run.
  if (!o.html_path.empty())
    if (std::string why = htmlPathProblem(o.html_path); !why.empty()) {
      std::fprintf(stderr, "warpsim: error: %s\n", why.c_str());
      return kUsageExit;
    }
  ReportSetup setup;
  if (o.command != Command::Build && !prepareReport(o, setup))
    return kUsageExit;
  if (!exec.empty()) {
    if (access(exec.c_str(), X_OK) != 0) {
      std::fprintf(stderr, "warpsim: error: --exec: '%s' is not an executable program\n",
                   exec.c_str());
      return kUsageExit;
    }
    // A program built from HIP names its architecture (hip/hip_runtime.h):
    // it runs there unless --arch says otherwise.
    if (!o.arch_given)
      if (const std::string arch = programArch(exec); !arch.empty()) {
        CliOptions at = o;
        at.arch = arch;
        return runProgram(at, exec, setup);
      }
    return runProgram(o, exec, setup);
  }
  BuildResult b = buildProgramReporting(o);
  if (!b.ok)
    return b.bad_usage ? kUsageExit : kCompileExit;
  if (o.command == Command::Build) {
    if (!o.output.empty()) {
      std::error_code ec;
      std::filesystem::copy_file(b.program, o.output,
                                 std::filesystem::copy_options::overwrite_existing, ec);
      if (ec) {
        std::fprintf(stderr, "warpsim: error: cannot write '%s'\n", o.output.c_str());
        return kCompileExit;
      }
    }
    return 0;
  }
  return runProgram(o, b.program, setup);
}
