// The `warpsim` command.
#include <sys/wait.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "Cli.h"
#include "Compiler.h"
#include "CrosscheckCommand.h"
#include "HtmlReport.h"
#include "LintCommand.h"
#include "ProfileReport.h"
#include "Report.h"
#include "RuntimePaths.h"
#include "SimulatedRun.h"

using namespace warpsim::driver;

namespace {

constexpr int kUsageExit = 2;
constexpr int kCompileExit = 4;
constexpr int kAbortedExit = 5;
constexpr int kRuntimeAbortedStatus = 86; // the runtime's own "ended by warpsim"

int runProgram(const CliOptions &o, const std::string &program) {
  SimulatedRun run = runSimulated(o, program);
  if (!run.started) {
    if (!run.report.empty())
      std::remove(run.report.c_str());
    return kAbortedExit;
  }
  const std::string &report = run.report;
  const int status = run.wait_status;
  ReportSummary sum = readReport(report, program);
  std::string text = renderText(sum, o.print_limit);
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
  std::fputs(text.c_str(), stdout);
  std::printf("========= warpsim: %llu error%s, %llu warning%s | launches=%llu events=%llu "
              "warp_instructions=%llu\n",
              static_cast<unsigned long long>(sum.errors), sum.errors == 1 ? "" : "s",
              static_cast<unsigned long long>(sum.warnings), sum.warnings == 1 ? "" : "s",
              static_cast<unsigned long long>(sum.stats["launches"]),
              static_cast<unsigned long long>(sum.stats["events"]),
              static_cast<unsigned long long>(sum.stats["warp_instructions"]));
  if (o.timing)
    std::printf("========= warpsim: kernel time %.3f ms\n",
                static_cast<double>(sum.stats["kernel_ns"]) / 1e6);
  std::fflush(stdout);
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
  return runProgram(o, b.program);
}
