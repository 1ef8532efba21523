#include "ExploreCommand.h"

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <charconv>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <thread>

#include "Cli.h"
#include "Compiler.h"
#include "ExploreReport.h"
#include "Process.h"
#include "Report.h"
#include "SimulatedRun.h"

namespace fs = std::filesystem;

namespace warpsim::driver {
namespace {

constexpr int kUsageExit = 2, kCompileExit = 4, kAbortedExit = 5;

int usage(const std::string &why) {
  std::fprintf(stderr, "warpsim: error: %s\n", why.c_str());
  return kUsageExit;
}

template <class T> bool number(std::string_view v, T &out) {
  auto [p, ec] = std::from_chars(v.data(), v.data() + v.size(), out);
  return ec == std::errc() && p == v.data() + v.size();
}

bool readFile(const std::string &path, std::string &out) {
  std::ifstream in(path, std::ios::binary);
  if (!in)
    return false;
  std::ostringstream ss;
  ss << in.rdbuf();
  out = ss.str();
  return !in.bad();
}

// Why a report cannot be written at `path` ("" when it can): checked before
// any run, so a typo does not cost the whole exploration.
std::string outputPathProblem(const std::string &opt, const std::string &path) {
  if (path.empty() || path[0] == '-')
    return opt + " needs a file name, not '" + path + "'";
  std::error_code ec;
  if (fs::is_directory(path, ec))
    return opt + " '" + path + "' is a directory";
  fs::path dir = fs::path(path).parent_path();
  if (!dir.empty() && !fs::is_directory(dir, ec))
    return opt + " '" + path + "': no directory '" + dir.string() + "'";
  return {};
}

bool writeText(const std::string &path, const std::string &text) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << text;
  return static_cast<bool>(out.flush());
}

struct ExploreArgs {
  std::uint64_t first = 0, last = 0;
  bool have_seeds = false;
  unsigned jobs = 0;
  std::string json_path;
  std::string cache_dir;
  std::vector<std::string> command;      // passed to `warpsim run` as given
  std::vector<std::string> program_args; // after --
};

std::optional<std::string> parseExploreArgs(const std::vector<std::string> &args, ExploreArgs &e) {
  bool haveCheck = false;
  for (std::size_t i = 1; i < args.size(); ++i) {
    const std::string &a = args[i];
    auto value = [&](std::string &out) -> bool {
      if (i + 1 >= args.size())
        return false;
      out = args[++i];
      return true;
    };
    std::string opt = a.substr(0, a.find('=')), v;
    bool inlineValue = a.find('=') != std::string::npos && a.rfind("--", 0) == 0;
    if (inlineValue)
      v = a.substr(a.find('=') + 1);
    if (a == "--") {
      e.program_args.assign(args.begin() + static_cast<std::ptrdiff_t>(i) + 1, args.end());
      break;
    }
    if (opt == "--seeds") {
      if (!inlineValue && !value(v))
        return "option --seeds needs a value (A..B)";
      std::size_t dots = v.find("..");
      std::string_view sv(v);
      bool ok = dots == std::string::npos
                    ? number(sv, e.first) && (e.last = e.first, true)
                    : number(sv.substr(0, dots), e.first) && number(sv.substr(dots + 2), e.last);
      if (!ok || e.first > e.last)
        return "--seeds needs a range A..B of non-negative integers with A <= B, not '" + v + "'";
      e.have_seeds = true;
    } else if (opt == "--jobs" || a == "-j") {
      if (!inlineValue && !value(v))
        return "option " + opt + " needs a value";
      if (!number(std::string_view(v), e.jobs) || e.jobs < 1 || e.jobs > 4096)
        return "--jobs needs an integer between 1 and 4096, not '" + v + "'";
    } else if (opt == "--json") {
      if (!inlineValue && !value(e.json_path))
        return "option --json needs a value";
      if (inlineValue)
        e.json_path = v;
      if (std::string why = outputPathProblem("--json", e.json_path); !why.empty())
        return why;
    } else if (opt == "--cache-dir") {
      // Where the compiled program is kept is no part of the exploration.
      if (!inlineValue && !value(e.cache_dir))
        return "option --cache-dir needs a value";
      if (inlineValue)
        e.cache_dir = v;
    } else if (const options::Option *row = findRunOption(opt);
               row != nullptr && !row->explore_refusal.empty()) {
      // Options that make no sense once per seed, or that explore sets itself.
      return opt + " is not an option of explore: " + std::string(row->explore_refusal);
    } else {
      // A run option, passed on as given; its value too (so that it is not
      // read as one of explore's own options).
      const options::Option *passed = findRunOption(a);
      e.command.push_back(a);
      haveCheck |= passed != nullptr && passed->id == options::Id::Check;
      if (passed != nullptr && passed->kind != options::Kind::Flag &&
          (a == passed->flag || a == passed->alias) && i + 1 < args.size())
        e.command.push_back(args[++i]);
    }
  }
  if (!e.have_seeds)
    return std::string("explore needs --seeds A..B");
  // Explore looks for bugs: every checker, unless the user chose.
  if (!haveCheck) {
    e.command.push_back("--check");
    e.command.push_back("all");
  }
  if (e.jobs == 0)
    e.jobs = std::max(1u, std::thread::hardware_concurrency());
  return std::nullopt;
}

// One seed, in a forked worker: the program's stdout into a file, the run's
// findings read as `warpsim run` reads them, the result written as a
// one-seed explore report. Never returns.
[[noreturn]] void exploreSeed(const CliOptions &base, const std::string &program,
                              const ExploreReport &shape, std::uint64_t seed,
                              const std::string &dir) {
  std::string prefix = dir + "/seed-" + std::to_string(seed);
  int out = open((prefix + ".out").c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  int err = open((prefix + ".err").c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  // Every seed reads the same (empty) input, not a share of explore's stdin.
  int in = open("/dev/null", O_RDONLY);
  if (out < 0 || err < 0 || in < 0)
    _exit(kAbortedExit);
  dup2(in, STDIN_FILENO);
  close(in);
  dup2(out, STDOUT_FILENO);
  dup2(err, STDERR_FILENO);
  close(out);
  close(err);
  CliOptions o = base;
  o.seed = seed;
  SimulatedRun run = runSimulated(o, program);
  if (!run.started)
    _exit(kAbortedExit);
  ReportSummary sum = readReport(run.report, program);
  std::remove(run.report.c_str());
  std::string printed;
  if (!readFile(prefix + ".out", printed))
    _exit(kAbortedExit);
  ExploreReport r = shape;
  r.seeds.add(seed, seed);
  ExploreOutcome outcome;
  outcome.exit_status = runExitStatus(run.wait_status, sum.fatal);
  outcome.stdout_digest = fnv1a64Hex(printed);
  outcome.stdout_bytes = printed.size();
  outcome.stdout_head = printed.substr(0, kStdoutKept);
  outcome.seeds.add(seed, seed);
  r.outcomes.push_back(std::move(outcome));
  for (const ReportFinding &f : sum.findings) {
    ExploreFinding x;
    x.kind = f.kind;
    x.severity = f.severity;
    std::set<std::string> sites;
    for (const ReportSite &s : f.sites)
      sites.insert(s.loc.known() ? s.loc.file + ":" + std::to_string(s.loc.line) : "?");
    x.sites.assign(sites.begin(), sites.end());
    x.kernel = f.kernel;
    x.message = f.message;
    x.seeds.add(seed, seed);
    ExploreReport one = shape;
    one.seeds.add(seed, seed);
    one.findings.push_back(std::move(x));
    mergeInto(r, one); // one finding per kind, severity and sites
  }
  _exit(writeText(prefix + ".json", renderExploreJson(r)) ? 0 : kAbortedExit);
}

// The end of a failed worker's captured output, to say why.
std::string tail(const std::string &path) {
  std::string text;
  readFile(path, text);
  while (!text.empty() && text.back() == '\n')
    text.pop_back();
  std::size_t at = text.size() > 400 ? text.rfind('\n', text.size() - 400) : std::string::npos;
  return at == std::string::npos ? text : text.substr(at + 1);
}

int finish(const ExploreReport &r, const std::string &jsonPath) {
  if (!jsonPath.empty() && !writeText(jsonPath, renderExploreJson(r))) {
    std::fprintf(stderr, "warpsim: error: cannot write '%s'\n", jsonPath.c_str());
    return kUsageExit;
  }
  std::fputs(renderExploreText(r).c_str(), stdout);
  std::fflush(stdout);
  return somethingFound(r) ? 1 : 0;
}

// `--help` before `--`: the usage, as for the other commands.
bool wantsHelp(const std::vector<std::string> &args) {
  for (std::size_t i = 1; i < args.size() && args[i] != "--"; ++i)
    if (args[i] == "--help" || args[i] == "-h")
      return true;
  return false;
}

} // namespace

int runExplore(const std::vector<std::string> &args) {
  if (wantsHelp(args)) {
    std::fputs(usageText().c_str(), stdout);
    return 0;
  }
  ExploreArgs e;
  if (auto why = parseExploreArgs(args, e))
    return usage(*why);
  // The options of every seed's run, checked as `warpsim run` checks them.
  std::vector<std::string> runArgs = {"run"};
  runArgs.insert(runArgs.end(), e.command.begin(), e.command.end());
  runArgs.insert(runArgs.end(), {"--schedule", "random"});
  if (!e.cache_dir.empty())
    runArgs.insert(runArgs.end(), {"--cache-dir", e.cache_dir});
  runArgs.push_back("--");
  runArgs.insert(runArgs.end(), e.program_args.begin(), e.program_args.end());
  CliResult cli = parseCommandLine(runArgs);
  if (!cli.options)
    return usage(cli.error);
  if (cli.options->command != Command::Run)
    return usage("explore takes the options of run (see warpsim --help)");
  const CliOptions &o = *cli.options;

  // Compile once; every seed runs the same program.
  BuildResult b = buildProgramReporting(o);
  if (!b.ok)
    return kCompileExit;
  ExploreReport shape;
  shape.file = o.input;
  std::string source;
  if (!readFile(o.input, source))
    return usage("cannot read '" + o.input + "'");
  shape.source_digest = fnv1a64Hex(source);
  shape.command = e.command;
  shape.program_args = e.program_args;

  std::string dir = makeTempDir();
  if (dir.empty()) {
    std::fprintf(stderr, "warpsim: error: cannot create a temporary directory\n");
    return kAbortedExit;
  }
  std::optional<ExploreReport> total;
  std::map<pid_t, std::uint64_t> running;
  std::uint64_t next = e.first;
  bool launchedAll = false;
  std::string failure;
  while (!(launchedAll || !failure.empty()) || !running.empty()) {
    while (!launchedAll && failure.empty() && running.size() < e.jobs) {
      std::fflush(stdout);
      std::fflush(stderr);
      pid_t pid = fork();
      if (pid < 0) {
        failure = "cannot start a process for seed " + std::to_string(next);
        break;
      }
      if (pid == 0)
        exploreSeed(o, b.program, shape, next, dir);
      running[pid] = next;
      launchedAll = next == e.last;
      ++next;
    }
    if (running.empty())
      break;
    int status = 0;
    pid_t pid = waitpid(-1, &status, 0);
    if (pid < 0)
      continue; // EINTR
    auto it = running.find(pid);
    if (it == running.end())
      continue;
    std::uint64_t seed = it->second;
    running.erase(it);
    std::string prefix = dir + "/seed-" + std::to_string(seed), text, why;
    std::optional<ExploreReport> one;
    if (WIFEXITED(status) && WEXITSTATUS(status) == 0 && readFile(prefix + ".json", text))
      one = parseExploreJson(text, why);
    if (!one) {
      if (failure.empty())
        failure = "seed " + std::to_string(seed) + ": the run could not be done" +
                  (why.empty() ? "" : " (" + why + ")") + ": " + tail(prefix + ".err");
      continue;
    }
    if (!total)
      total = std::move(one);
    else
      mergeInto(*total, *one);
    for (const char *ext : {".out", ".err", ".json"})
      std::remove((prefix + ext).c_str());
  }
  std::error_code ec;
  fs::remove_all(dir, ec);
  if (!failure.empty()) {
    std::fprintf(stderr, "warpsim: error: %s\n", failure.c_str());
    return kAbortedExit;
  }
  return finish(*total, e.json_path);
}

int runMerge(const std::vector<std::string> &args) {
  if (wantsHelp(args)) {
    std::fputs(usageText().c_str(), stdout);
    return 0;
  }
  std::vector<std::string> inputs;
  std::string jsonPath;
  for (std::size_t i = 1; i < args.size(); ++i) {
    const std::string &a = args[i];
    if (a == "--json" || a.rfind("--json=", 0) == 0) {
      if (a == "--json" && i + 1 >= args.size())
        return usage("option --json needs a value");
      jsonPath = a == "--json" ? args[++i] : a.substr(7);
      if (std::string why = outputPathProblem("--json", jsonPath); !why.empty())
        return usage(why);
    } else if (!a.empty() && a[0] == '-') {
      return usage("unknown option '" + a + "' of merge (usage: warpsim merge REPORT.json... " +
                   "[--json FILE])");
    } else {
      inputs.push_back(a);
    }
  }
  if (inputs.empty())
    return usage("merge needs explore reports (usage: warpsim merge REPORT.json... [--json FILE])");
  std::optional<ExploreReport> total;
  std::string firstName;
  for (const std::string &path : inputs) {
    std::string text, why;
    std::error_code ec;
    if (fs::is_directory(path, ec) || !readFile(path, text))
      return usage("cannot read '" + path + "'");
    std::optional<ExploreReport> r = parseExploreJson(text, why);
    if (!r)
      return usage(path + ": " + why);
    if (!total) {
      total = std::move(r);
      firstName = path;
    } else if (std::string bad = mergeInto(*total, *r); !bad.empty()) {
      return usage(path + " does not combine with " + firstName + ": it " + bad);
    }
  }
  if (std::string bad = checkConsistent(*total); !bad.empty())
    return usage(bad);
  return finish(*total, jsonPath);
}

} // namespace warpsim::driver
