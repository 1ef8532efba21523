#include "SimulatedRun.h"

#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>

#include "Process.h"
#include "RunWatch.h"

namespace warpsim::driver {

SimulatedRun runSimulated(const CliOptions &o, const std::string &program,
                          const std::vector<std::pair<std::string, std::string>> &env,
                          const std::string &output, RunWatch *watch) {
  SimulatedRun run;
  char reportTmpl[] = "/tmp/warpsim-report-XXXXXX";
  int fd = mkstemp(reportTmpl);
  if (fd < 0) {
    std::fprintf(stderr, "warpsim: error: cannot create a report file\n");
    return run;
  }
  close(fd);
  run.report = reportTmpl;
  ChildProcess child;
  child.path = program;
  // argv[0] is the source file's name, as the user knows the program.
  child.argv.push_back(o.input);
  child.argv.insert(child.argv.end(), o.program_args.begin(), o.program_args.end());
  child.env = {{"WARPSIM_OPTIONS", runtimeOptions(o)}, {"WARPSIM_REPORT", run.report}};
  child.env.insert(child.env.end(), env.begin(), env.end());
  child.output = output;
  child.peak_rss_kb = &run.peak_rss_kb;
  if (watch != nullptr && watch->active()) {
    auto extra = watch->env();
    child.env.insert(child.env.end(), extra.begin(), extra.end());
    child.watch = [watch](pid_t pid) { watch->tick(pid); };
  }
  run.wait_status = runChild(child);
  if (watch != nullptr) {
    watch->clear();
    run.timed_out = watch->timedOut();
  }
  run.started = run.wait_status != -1;
  if (!run.started)
    std::fprintf(stderr, "warpsim: error: cannot start the program\n");
  return run;
}

int runExitStatus(int wait_status, bool fatal) {
  constexpr int kAbortedExit = 5, kRuntimeAbortedStatus = 86;
  if (WIFSIGNALED(wait_status))
    return 128 + WTERMSIG(wait_status);
  int code = WIFEXITED(wait_status) ? WEXITSTATUS(wait_status) : kAbortedExit;
  return fatal || code == kRuntimeAbortedStatus ? kAbortedExit : code;
}

} // namespace warpsim::driver
