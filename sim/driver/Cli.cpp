#include "Cli.h"

#include <algorithm>
#include <charconv>
#include <utility>

#include "HipMode.h"
#include "KernelFilter.h"
#include "LogFile.h"
#include "warpsim/model/ArchSpec.h"

namespace warpsim::driver {
namespace {

template <class T> bool number(const std::string &v, T &out) {
  auto [p, ec] = std::from_chars(v.data(), v.data() + v.size(), out);
  return ec == std::errc() && p == v.data() + v.size();
}

std::string archList() {
  std::string s;
  for (const auto &n : model::builtinArchNames())
    s += (s.empty() ? "" : ", ") + n;
  return s;
}

} // namespace

namespace {

using options::Id;
using options::Kind;
using options::Option;

// The help column: option names, then their text from column 25.
constexpr std::size_t kHelpColumn = 25;

std::string spelling(const Option &row) {
  std::string s(row.flag);
  if (!row.metavar.empty())
    s += " " + std::string(row.metavar);
  if (!row.alias.empty() && row.alias.back() != '=')
    s +=
        ", " + std::string(row.alias) + (row.metavar.empty() ? "" : " " + std::string(row.metavar));
  return s;
}

std::string helpLines(const Option &row) {
  std::string name = "  " + spelling(row), text(row.help), out;
  if (std::size_t at = text.find("{archs}"); at != std::string::npos)
    text.replace(at, 7, archList());
  if (name.size() > kHelpColumn) { // too long: the text starts below
    out = name + "\n";
    name.clear();
  }
  for (std::size_t p = 0; p <= text.size();) {
    std::size_t q = std::min(text.find('\n', p), text.size());
    out += name + std::string(kHelpColumn - std::min(name.size(), kHelpColumn - 2), ' ') +
           text.substr(p, q - p) + "\n";
    name.clear();
    p = q + 1;
  }
  return out;
}

std::string optionsHelp(bool crosscheckOnly) {
  std::string s;
  for (const Option &row : options::kOptions)
    if (!row.flag.empty() && (row.commands == options::kCrosscheck) == crosscheckOnly)
      s += helpLines(row);
  return s;
}

std::uint16_t commandBit(Command c) {
  switch (c) {
  case Command::Run:
    return options::kRun;
  case Command::Build:
    return options::kBuild;
  case Command::Translate:
    return options::kTranslate;
  case Command::Lint:
    return options::kLint;
  case Command::Check:
    return options::kCheck;
  case Command::Crosscheck:
    return options::kCrosscheck;
  case Command::Help:
  case Command::Version:
    break;
  }
  return 0;
}

// "run and check", "crosscheck": the commands of a mask, for a refusal.
std::string commandNames(std::uint16_t mask) {
  static constexpr std::pair<std::uint16_t, const char *> kNames[] = {
      {options::kRun, "run"},   {options::kBuild, "build"}, {options::kTranslate, "translate"},
      {options::kLint, "lint"}, {options::kCheck, "check"}, {options::kCrosscheck, "crosscheck"}};
  std::vector<std::string> names;
  for (auto [bit, name] : kNames)
    if ((mask & bit) != 0)
      names.emplace_back(name);
  std::string s;
  for (std::size_t i = 0; i < names.size(); ++i)
    s += (i == 0 ? "" : i + 1 == names.size() ? " and " : ", ") + names[i];
  return s;
}

// The row `arg` names, and its value when attached (--fmad=false, -Idir).
const Option *findOption(const std::string &arg, std::optional<std::string> &attached) {
  for (const Option &row : options::kOptions) {
    if (row.flag.empty())
      continue;
    if (arg == row.flag || (!row.alias.empty() && row.alias.back() != '=' && arg == row.alias))
      return &row;
    for (std::string_view name : {row.flag, row.alias}) {
      if (name.empty())
        continue;
      std::string prefix(name);
      if (row.equals && prefix.back() != '=')
        prefix += '=';
      // --fmad= is a bad (empty) value; -I alone takes the next word
      const std::size_t least = prefix.size() + (row.equals ? 0 : 1);
      if ((row.equals || row.attached) && arg.size() >= least &&
          arg.compare(0, prefix.size(), prefix) == 0) {
        attached = arg.substr(prefix.size());
        return &row;
      }
    }
  }
  return nullptr;
}

std::string badValue(const Option &row, std::string_view value) {
  std::string text(row.error);
  if (std::size_t at = text.find("{}"); at != std::string::npos)
    text.replace(at, 2, value);
  return std::string(row.flag) + " " + text;
}

// The table's checks of a value (kind, choices, range); empty when it passes.
std::string checkValue(const Option &row, const std::string &v) {
  std::uint64_t n = 0;
  std::string_view bad;
  switch (row.kind) {
  case Kind::Word:
    return options::isChoice(row.choices, v) ? "" : badValue(row, v);
  case Kind::List:
    return options::isChoiceList(row.choices, v, bad) ? "" : badValue(row, bad);
  case Kind::Number:
    return number(v, n) && n >= row.min && n <= row.max ? "" : badValue(row, v);
  case Kind::Flag:
  case Kind::Text:
    break;
  }
  return {};
}

template <class T> void store(const std::string &v, T &out) { number(v, out); }

// Where a checked value goes; an error for what only the driver can check.
std::optional<std::string> apply(const Option &row, const std::string &arg, const std::string &v,
                                 CliOptions &o) {
  switch (row.id) {
  case Id::Arch:
    if (!model::builtinArch(v))
      return "unknown architecture '" + v + "' (known: " + archList() + ")";
    o.arch = v;
    o.arch_given = true;
    break;
  case Id::WarpSize:
    store(v, o.warp_size);
    break;
  case Id::Schedule:
    o.schedule = v;
    break;
  case Id::Engine:
    o.engine = v;
    break;
  case Id::Seed:
    store(v, o.seed);
    break;
  case Id::ThreadModel:
    o.thread_model = v;
    break;
  case Id::IncludeDir:
    o.include_dirs.push_back(v);
    break;
  case Id::Define:
    o.defines.push_back(v);
    break;
  case Id::Std:
    o.std = v;
    break;
  case Id::KeepTemps:
    o.keep_temps = true;
    break;
  case Id::CacheDir:
    o.cache_dir = v;
    break;
  case Id::StackSize:
    store(v, o.stack_size);
    break;
  case Id::ResidentBlocks:
    store(v, o.resident_blocks);
    break;
  case Id::Jobs:
    store(v, o.jobs);
    break;
  case Id::SpinLimit:
    store(v, o.spin_limit);
    break;
  case Id::Profile:
    o.profile = true;
    break;
  case Id::ProfileSvg:
    o.profile_svg = v;
    o.profile = true;
    break;
  case Id::Check:
    o.checks = v == "none" ? "" : v;
    break;
  case Id::Json:
    o.json_path = v;
    break;
  case Id::Sarif:
    o.sarif_path = v;
    break;
  case Id::Html:
    if (v.empty() || v[0] == '-')
      return std::string(row.flag) + " needs a file name, not '" + v + "'";
    o.html_path = v;
    break;
  case Id::PrintLimit:
    store(v, o.print_limit);
    break;
  case Id::ErrorExitcode:
    store(v, o.error_exitcode);
    break;
  case Id::HideSameValueRaces:
    o.same_value_races = false;
    break;
  case Id::MemoryError:
    o.memory_error = v;
    break;
  case Id::LeakCheck:
    o.leak_check = v;
    break;
  case Id::AsyncCompletion:
    o.async_completion = v;
    break;
  case Id::MemoryModel:
    o.memory_model = v;
    break;
  case Id::StrictFences:
    o.strict_fences = true;
    break;
  case Id::Fmad:
    o.fmad = v == "true";
    break;
  case Id::Timing:
    o.timing = true;
    break;
  case Id::Suppressions:
    o.suppressions_path = v;
    break;
  case Id::KernelName:
  case Id::KernelNameExclude: {
    KernelFilter f;
    std::string why;
    if (!parseKernelFilter(arg, v, f, why))
      return why;
    (row.id == Id::KernelName ? o.kernel_names : o.kernel_names_exclude).push_back(v);
    break;
  }
  case Id::LogFile: {
    std::string why;
    if (!expandLogFileName(v, 0, why).has_value())
      return std::string(row.flag) + ": " + why;
    o.log_file = v;
    break;
  }
  case Id::NoProgress:
    o.progress = false;
    break;
  case Id::Timeout:
    store(v, o.timeout_s);
    break;
  case Id::Werror:
    o.werror = true;
    break;
  case Id::Output:
    o.output = v;
    break;
  case Id::Help:
    o.command = Command::Help;
    break;
  case Id::Version:
    o.command = Command::Version;
    break;
  case Id::Recorded:
    o.recorded_path = v;
    break;
  case Id::Ncu:
    o.ncu_path = v;
    break;
  case Id::Known:
    o.known_path = v;
    break;
  case Id::NoNative:
    o.no_native = true;
    break;
  case Id::Nvcc:
    o.nvcc = v;
    break;
  case Id::FastQuantum:
  case Id::WarpQuantum:
  case Id::SharedFill:
  case Id::Report:
    break; // the runtime's alone
  }
  return std::nullopt;
}

// An option's value as the runtime reads it (WARPSIM_OPTIONS); empty for the
// driver's own.
std::string runtimeValue(Id id, const CliOptions &o) {
  switch (id) {
  case Id::Arch:
    return o.arch;
  case Id::WarpSize:
    return std::to_string(o.warp_size);
  case Id::Schedule:
    return o.schedule;
  case Id::Engine:
    return o.engine;
  case Id::Timing:
    return o.timing ? "1" : "0";
  case Id::ThreadModel:
    return o.thread_model;
  case Id::Seed:
    return std::to_string(o.seed);
  case Id::StackSize:
    return std::to_string(o.stack_size);
  case Id::ResidentBlocks:
    return std::to_string(o.resident_blocks);
  case Id::Jobs:
    return std::to_string(o.jobs);
  case Id::SpinLimit:
    return std::to_string(o.spin_limit);
  case Id::Profile:
    return o.profile ? "1" : "0";
  case Id::Check:
    return o.checks;
  case Id::HideSameValueRaces:
    return o.same_value_races ? "1" : "0";
  case Id::StrictFences:
    return o.strict_fences ? "1" : "0";
  case Id::Timeout:
    return std::to_string(o.timeout_s);
  case Id::AsyncCompletion:
    return o.async_completion;
  case Id::MemoryModel:
    return o.memory_model;
  case Id::LeakCheck:
    return o.leak_check;
  case Id::MemoryError:
    // check goes on after an invalid access, run ends the launch as a GPU does
    if (o.memory_error.empty())
      return o.command == Command::Check ? "continue" : "abort";
    return o.memory_error;
  default:
    return {};
  }
}

} // namespace

std::string usageText() {
  return R"(usage: warpsim <command> FILE.cu [options] [-- program arguments]

Runs a CUDA C++ program on a simulated GPU and reports what goes wrong.

commands:
  run FILE.cu        compile (cached) and run; print the program's output,
                     then a findings summary
  build FILE.cu      compile into the cache only (-o FILE copies the program)
  translate FILE.cu  print the C++ the front end makes of FILE.cu
  check FILE.cu      run with every check on (races, barriers, memory,
                     uninitialised reads); exit status 3 on an error finding
  crosscheck FILE.cu run in the simulator and on the GPU (natively, or its
                     recorded outputs and ncu counters); compare buffers
                     bit for bit and the memory counters per kernel
  lint FILE.cu       static checks: barriers and full-mask warp operations
                     under thread-dependent control flow, warp-size-32
                     assumptions (--Werror: exit status 1 on a warning)
  explore FILE.cu --seeds A..B [--jobs N] [--json FILE] [run options]
                     run every seed with --schedule random (and --check all
                     unless --check is given), N processes at a time; print
                     the distinct outputs and findings with their smallest
                     seeds (docs/explore.md)
  merge REPORT.json... [--json FILE]
                     combine explore reports of seed ranges into one
  nvcc [nvcc options] FILE...
                     nvcc's command line (also as warpsim-nvcc): objects
                     and simulated executables; run them with
                     run|check --exec PROGRAM [options] [-- args]
  hipcc [hipcc options] FILE...
                     hipcc's command line for AMD HIP (also as
                     warpsim-hipcc); HIP source (.hip, or including a
                     hip/ header) runs on --arch cdna3 (64 lanes) by
                     default under every command (docs/hip.md)

options:
)" + optionsHelp(false) +
         R"(
crosscheck options:
)" + optionsHelp(true) +
         R"(
exit status: the program's own; 2 bad usage; 3 (check) an error-severity
finding; 4 the program did not compile; 5 the simulation was ended by
warpsim (deadlock, livelock, crash). crosscheck: 0 everything agrees or is
known; 1 a difference, a stale known difference, or the program failed.
)";
}

CliResult parseCommandLine(const std::vector<std::string> &args) {
  CliOptions o;
  if (args.empty())
    return {o, {}};
  std::size_t i = 0;
  const std::string &cmd = args[0];
  if (cmd == "--help" || cmd == "-h" || cmd == "help") {
    o.command = Command::Help;
    return {o, {}};
  }
  if (cmd == "--version") {
    o.command = Command::Version;
    return {o, {}};
  }
  if (cmd == "run")
    o.command = Command::Run;
  else if (cmd == "build")
    o.command = Command::Build;
  else if (cmd == "translate")
    o.command = Command::Translate;
  else if (cmd == "lint")
    o.command = Command::Lint;
  else if (cmd == "check") {
    o.command = Command::Check;
    o.checks = "all";
  } else if (cmd == "crosscheck") {
    o.command = Command::Crosscheck;
  } else
    return {std::nullopt, "unknown command '" + cmd + "' (try 'warpsim --help')"};
  const std::uint16_t bit = commandBit(o.command);
  for (++i; i < args.size(); ++i) {
    const std::string &a = args[i];
    if (a == "--") {
      o.program_args.assign(args.begin() + static_cast<std::ptrdiff_t>(i) + 1, args.end());
      break;
    }
    std::optional<std::string> attached;
    const Option *row = findOption(a, attached);
    if (row == nullptr) {
      if (!a.empty() && a[0] == '-')
        return {std::nullopt, "unknown option '" + a + "' (try 'warpsim --help')"};
      if (!o.input.empty())
        return {std::nullopt, "unexpected argument '" + a + "' (program arguments go after --)"};
      o.input = a;
      continue;
    }
    if ((row->commands & bit) == 0)
      return {std::nullopt,
              std::string(row->flag) + " is an option of " + commandNames(row->commands) + " only"};
    std::string v;
    if (attached)
      v = *attached;
    else if (row->kind != Kind::Flag) {
      if (i + 1 >= args.size())
        return {std::nullopt, "option " + a + " needs a value"};
      v = args[++i];
    }
    if (std::string why = checkValue(*row, v); !why.empty())
      return {std::nullopt, why};
    if (auto why = apply(*row, a, v, o))
      return {std::nullopt, *why};
    if (row->id == Id::Help || row->id == Id::Version)
      return {o, {}};
  }
  if (o.input.empty())
    return {std::nullopt, "no input file (usage: warpsim " + cmd + " FILE.cu [options])"};
  // HIP source (a .hip file, or one that includes a hip/ header) is built as
  // hipcc builds it, for an AMD wave64 device unless --arch says otherwise
  // (docs/hip.md).
  applyHipDefaults(o);
  // The cross-check compares against a GPU's counters and warp behaviour,
  // which only the lockstep schedule models.
  if (o.command == Command::Crosscheck && o.schedule != "lockstep")
    return {std::nullopt, "crosscheck runs the lockstep schedule, not '" + o.schedule + "'"};
  return {o, {}};
}

std::string runtimeOptions(const CliOptions &o) {
  std::string s;
  for (const Option &row : options::kOptions) {
    if (row.key.empty() || row.flag.empty())
      continue;
    std::string v = runtimeValue(row.id, o);
    if (row.emit == options::Emit::Always || v != row.runtime_default)
      s += (s.empty() ? "" : " ") + std::string(row.key) + "=" + v;
  }
  return s;
}

const options::Option *findRunOption(const std::string &arg) {
  std::optional<std::string> attached;
  return findOption(arg, attached);
}

} // namespace warpsim::driver
