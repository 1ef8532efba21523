// Every option of `warpsim` and of the runtime it runs a program with, in ONE
// table: the driver's parser and its --help (sim/driver/Cli.cpp), the options
// string it hands the program (WARPSIM_OPTIONS, "key=value ...") and the
// runtime's reader of that string (sim/runtime/Options.cpp) all come from it.
// Plain constexpr data, no LLVM: the runtime is linked into user programs.
// A new option is one row here, plus where its value is stored: the driver's
// CliOptions and, when the program reads it, the runtime's Options.
#pragma once

#include <cstdint>
#include <limits>
#include <string_view>

namespace warpsim::options {

// Which option a row is; the driver and the runtime store values by it.
enum class Id : std::uint8_t {
  Arch,
  WarpSize,
  Schedule,
  Engine,
  Seed,
  ThreadModel,
  IncludeDir,
  Define,
  Std,
  KeepTemps,
  CacheDir,
  StackSize,
  ResidentBlocks,
  Jobs,
  SpinLimit,
  Profile,
  ProfileSvg,
  Check,
  Json,
  Sarif,
  Html,
  PrintLimit,
  ErrorExitcode,
  HideSameValueRaces,
  MemoryError,
  LeakCheck,
  AsyncCompletion,
  MemoryModel,
  StrictFences,
  Fmad,
  Timing,
  Suppressions,
  KernelName,
  KernelNameExclude,
  LogFile,
  NoProgress,
  Timeout,
  Werror,
  Output,
  Help,
  Version,
  Recorded,
  Ncu,
  Known,
  NoNative,
  Nvcc,
  // Read by the runtime only (no command-line spelling).
  FastQuantum,
  WarpQuantum,
  SharedFill,
  Report,
};

// What follows the option's name.
enum class Kind : std::uint8_t {
  Flag,   // nothing; in WARPSIM_OPTIONS the value is 0 or 1
  Word,   // one of `choices` ("a|b|c")
  List,   // a comma-separated list of `choices`
  Number, // an unsigned integer in [min, max]
  Text,   // any text: a path, a name, a filter
};

// The commands that accept an option (others refuse it by name).
enum Commands : std::uint16_t {
  kRun = 1u << 0,
  kBuild = 1u << 1,
  kTranslate = 1u << 2,
  kLint = 1u << 3,
  kCheck = 1u << 4,
  kCrosscheck = 1u << 5,
  kSimulated = kRun | kCheck,
  kAllCommands = 0xffff,
};

// When the driver writes an option into WARPSIM_OPTIONS.
enum class Emit : std::uint8_t {
  Always,      // every run
  WhenChanged, // when its value differs from `runtime_default`
};

inline constexpr std::uint64_t kNoMax = std::numeric_limits<std::uint64_t>::max();

struct Option {
  Id id;
  std::string_view flag = {};    // "--warp-size"; empty: read by the runtime only
  std::string_view alias = {};   // "-j"; ending in '=' ("-std="): only with the value attached
  std::string_view metavar = {}; // what --help shows after the name
  Kind kind;
  std::string_view choices = {};         // Word, List: "a|b|c"
  std::uint64_t min = 0, max = kNoMax;   // Number
  std::uint16_t commands = kAllCommands; // Commands bits
  bool equals = false;                   // also --name=VALUE (nvcc's spelling)
  bool attached = false;                 // also -NAMEVALUE (-Idir, -DX=1)
  // A bad value's message, after the option's name; {} is the value.
  std::string_view error = {};
  // The --help text, '\n' between its lines; {archs}: the known architectures.
  std::string_view help = {};
  // Why explore refuses it (empty: explore passes it on to each run).
  std::string_view explore_refusal = {};
  // Its WARPSIM_OPTIONS key (empty: the driver's alone), when the driver
  // writes it, and what the runtime assumes without it. The runtime accepts
  // that default and what the driver would.
  std::string_view key = {};
  Emit emit = Emit::WhenChanged;
  std::string_view runtime_default = {};
};

// In the order --help lists them.
inline constexpr Option kOptions[] = {
    {.id = Id::Arch,
     .flag = "--arch",
     .metavar = "NAME",
     .kind = Kind::Text,
     .help = "architecture: {archs} (default sm_90; cdna3 for HIP source)",
     .key = "arch",
     .emit = Emit::Always,
     .runtime_default = "sm_90"},
    {.id = Id::WarpSize,
     .flag = "--warp-size",
     .metavar = "32|64",
     .kind = Kind::Word,
     .choices = "32|64",
     .error = "must be 32 or 64, not '{}'",
     .help = "override the architecture's warp size",
     .key = "warp_size",
     .emit = Emit::Always,
     .runtime_default = "0"},
    {.id = Id::Schedule,
     .flag = "--schedule",
     .metavar = "MODE",
     .kind = Kind::Word,
     .choices = "lockstep|fast|random",
     .error = "must be lockstep, fast or random, not '{}'",
     .help = "lockstep (default), fast, or random",
     .explore_refusal = "explore runs --schedule random",
     .key = "schedule",
     .emit = Emit::Always,
     .runtime_default = "lockstep"},
    {.id = Id::Engine,
     .flag = "--engine",
     .metavar = "E",
     .kind = Kind::Word,
     .choices = "auto|fibers|compiled",
     .commands = kSimulated,
     .error = "must be auto, fibers or compiled, not '{}'",
     .help = "auto (default), fibers or compiled: how threads run\n"
             "(compiled: one after the other, no switch per event,\n"
             "where the kernel allows; auto: fibers for now, see --timing)",
     .key = "engine",
     .runtime_default = "auto"},
    {.id = Id::ThreadModel,
     .flag = "--thread-model",
     .metavar = "M",
     .kind = Kind::Word,
     .choices = "its|warp-synchronous",
     .error = "must be its or warp-synchronous, not '{}'",
     .help = "its (independent thread scheduling, default) or\n"
             "warp-synchronous (pre-Volta lockstep warps)",
     .key = "thread_model",
     .emit = Emit::Always,
     .runtime_default = "its"},
    {.id = Id::Seed,
     .flag = "--seed",
     .metavar = "N",
     .kind = Kind::Number,
     .error = "needs a non-negative integer, not '{}'",
     .help = "seed for --schedule random (default 1)",
     .explore_refusal = "explore chooses the seeds (--seeds A..B)",
     .key = "seed",
     .emit = Emit::Always,
     .runtime_default = "1"},
    {.id = Id::IncludeDir,
     .flag = "-I",
     .metavar = "DIR",
     .kind = Kind::Text,
     .attached = true,
     .help = "include directory"},
    {.id = Id::Define,
     .flag = "-D",
     .metavar = "NAME[=VAL]",
     .kind = Kind::Text,
     .attached = true,
     .help = "macro definition"},
    {.id = Id::Std,
     .flag = "--std",
     .alias = "-std=",
     .metavar = "c++17|c++20",
     .kind = Kind::Word,
     .choices = "c++17|c++20",
     .equals = true,
     .error = "must be c++17 or c++20, not '{}'",
     .help = "C++ dialect of the program (default c++17, as nvcc;\n"
             "also -std=c++20)"},
    {.id = Id::KeepTemps,
     .flag = "--keep-temps",
     .kind = Kind::Flag,
     .help = "keep the rewritten source and objects; print where",
     .explore_refusal = "explore does not keep temporary files"},
    {.id = Id::CacheDir,
     .flag = "--cache-dir",
     .metavar = "DIR",
     .kind = Kind::Text,
     .help = "compile cache (default $WARPSIM_CACHE_DIR or ~/.cache/warpsim)"},
    {.id = Id::StackSize,
     .flag = "--stack-size",
     .metavar = "BYTES",
     .kind = Kind::Number,
     .min = 16 * 1024,
     .max = 64u << 20,
     .error = "must be between 16384 and 67108864 bytes",
     .help = "stack per GPU thread (default 65536)",
     .key = "stack_size",
     .emit = Emit::Always,
     .runtime_default = "65536"},
    {.id = Id::ResidentBlocks,
     .flag = "--resident-blocks",
     .metavar = "N",
     .kind = Kind::Number,
     .min = 1,
     .max = 256,
     .error = "must be between 1 and 256",
     .help = "blocks interleaved at once (default 16)",
     .key = "resident_blocks",
     .emit = Emit::Always,
     .runtime_default = "16"},
    {.id = Id::Jobs,
     .flag = "--jobs",
     .alias = "-j",
     .metavar = "N",
     .kind = Kind::Number,
     .min = 1,
     .max = 256,
     .error = "needs an integer between 1 and 256, not '{}'",
     .help = "host threads that run blocks (default: one per\n"
             "core the process may use); the results are the\n"
             "same for every N",
     .key = "jobs",
     .runtime_default = "0"},
    {.id = Id::SpinLimit,
     .flag = "--spin-limit",
     .metavar = "N",
     .kind = Kind::Number,
     .min = 1,
     .error = "needs a positive integer",
     .help = "warp instructions without progress before a\n"
             "spin-wait is reported as livelock (default 10000000)",
     .key = "spin_limit",
     .emit = Emit::Always,
     .runtime_default = "10000000"},
    {.id = Id::Profile,
     .flag = "--profile",
     .kind = Kind::Flag,
     .help = "measure every warp instruction: bank conflicts,\n"
             "sectors per request, SIMT efficiency; print a\n"
             "per-kernel summary and a per-line table",
     .explore_refusal = "explore does not profile (replay a seed with --profile)",
     .key = "profile",
     .runtime_default = "0"},
    {.id = Id::ProfileSvg,
     .flag = "--profile-svg",
     .metavar = "FILE",
     .kind = Kind::Text,
     .help = "also draw lane activity and bank heat maps (SVG)",
     .explore_refusal = "explore does not profile (replay a seed with --profile-svg)"},
    {.id = Id::Check,
     .flag = "--check",
     .metavar = "LIST",
     .kind = Kind::List,
     .choices = "race|barrier|memory|init|warp|async|all|none",
     .error = "takes a list of race, barrier, memory, init, warp, async, all or none, not '{}'",
     .help = "checks to enable, comma-separated (run's default:\n"
             "warp; check's: all): race, barrier (every barrier:\n"
             "__syncthreads, named, mbarrier and cluster\n"
             "barriers, like compute-sanitizer's synccheck),\n"
             "memory, init, warp, async, all or none",
     .key = "checks",
     .runtime_default = ""},
    {.id = Id::Json,
     .flag = "--json",
     .metavar = "FILE",
     .kind = Kind::Text,
     .help = "write the findings as JSON (schema: docs/checks.md);\n"
             "with crosscheck: the comparison as JSON"},
    {.id = Id::Sarif,
     .flag = "--sarif",
     .metavar = "FILE",
     .kind = Kind::Text,
     .help = "write the findings as SARIF 2.1.0",
     .explore_refusal = "explore writes no SARIF (replay a seed with warpsim check --sarif)"},
    {.id = Id::Html,
     .flag = "--html",
     .metavar = "FILE",
     .kind = Kind::Text,
     .commands = kSimulated,
     .help = "run, check: write one self-contained HTML page: the\n"
             "findings with their source lines, and the profile",
     .explore_refusal = "explore writes no HTML page (replay a seed with warpsim check --html)"},
    {.id = Id::PrintLimit,
     .flag = "--print-limit",
     .metavar = "N",
     .kind = Kind::Number,
     .error = "needs a non-negative integer, not '{}'",
     .help = "print at most N findings (all are counted)",
     .explore_refusal = "explore prints each distinct finding once"},
    {.id = Id::ErrorExitcode,
     .flag = "--error-exitcode",
     .metavar = "N",
     .kind = Kind::Number,
     .max = 255,
     .error = "needs an integer between 0 and 255",
     .help = "check: exit status on an error finding (default 3)",
     .explore_refusal = "explore's exit status is fixed (docs/explore.md)"},
    {.id = Id::HideSameValueRaces,
     .flag = "--hide-same-value-races",
     .kind = Kind::Flag,
     .help = "do not report write-write races storing equal values",
     .key = "same_value_races",
     .runtime_default = "1"},
    {.id = Id::MemoryError,
     .flag = "--memory-error",
     .metavar = "continue|abort",
     .kind = Kind::Word,
     .choices = "continue|abort",
     .error = "needs 'continue' or 'abort', not '{}'",
     .help = "an out-of-bounds, misaligned or freed access: report\n"
             "it, suppress it and go on (check's default), or end\n"
             "the launch with a sticky CUDA error as the GPU does\n"
             "(run's default)",
     .key = "memory_error",
     .runtime_default = "abort"},
    {.id = Id::LeakCheck,
     .flag = "--leak-check",
     .metavar = "full|none",
     .kind = Kind::Word,
     .choices = "full|none",
     .error = "needs 'full' or 'none', not '{}'",
     .help = "full: also report cudaMalloc/cudaMallocManaged memory\n"
             "never freed when the program ends (device-heap\n"
             "leaks are reported either way; needs the memory checker)",
     .key = "leak_check",
     .runtime_default = "none"},
    {.id = Id::AsyncCompletion,
     .flag = "--async-completion",
     .metavar = "eager|late|random",
     .kind = Kind::Word,
     .choices = "eager|late|random",
     .error = "needs 'eager', 'late' or 'random', not '{}'",
     .help = "when async copies (cp.async, __pipeline_memcpy_async,\n"
             "cuda::memcpy_async, cp.async.bulk) land: at issue, as\n"
             "late as their waits allow (default: late, which\n"
             "exposes a missing wait), or at a random warp\n"
             "instruction in between (seeded by --seed)",
     .key = "async_completion",
     .runtime_default = "late"},
    {.id = Id::MemoryModel,
     .flag = "--memory-model",
     .metavar = "sc|ptx",
     .kind = Kind::Word,
     .choices = "sc|ptx",
     .error = "needs 'sc' or 'ptx', not '{}'",
     .help = "sc (default): every load reads the latest store;\n"
             "ptx: a relaxed, scoped PTX model where a load may\n"
             "read an older store, chosen by --seed\n"
             "(docs/memory-model.md)",
     .key = "memory_model",
     .runtime_default = "sc"},
    {.id = Id::StrictFences,
     .flag = "--strict-fences",
     .kind = Kind::Flag,
     .help = "a read ordered only by a __threadfence() before the\n"
             "writer's atomic (no fence after the reader's) is an\n"
             "error, as the PTX model says, not a warning",
     .key = "strict_fences",
     .runtime_default = "0"},
    {.id = Id::Fmad,
     .flag = "--fmad",
     .metavar = "true|false",
     .kind = Kind::Word,
     .choices = "true|false",
     .equals = true,
     .error = "must be true or false, not '{}'",
     .help = "contract a*b+c into one FMA as nvcc does (default\n"
             "true; false matches nvcc --fmad=false)"},
    {.id = Id::Timing,
     .flag = "--timing",
     .kind = Kind::Flag,
     .help = "also print the host time spent running kernels and which\n"
             "engine ran each (varies run to run; off by default)",
     .explore_refusal = "explore's report is deterministic: no --timing",
     .key = "engine_notes",
     .runtime_default = "0"},
    {.id = Id::Suppressions,
     .flag = "--suppressions",
     .metavar = "FILE",
     .kind = Kind::Text,
     .commands = kSimulated,
     .help = "silence findings matching FILE's rules (one a line:\n"
             "kind=K kernel=GLOB function=GLOB file=GLOB)"},
    {.id = Id::KernelName,
     .flag = "--kernel-name",
     .metavar = "F",
     .kind = Kind::Text,
     .commands = kSimulated,
     .help = "report only kernels matching F: NAME, kne=NAME,\n"
             "kns=SUBSTRING (compute-sanitizer's syntax)"},
    {.id = Id::KernelNameExclude,
     .flag = "--kernel-name-exclude",
     .metavar = "F",
     .kind = Kind::Text,
     .commands = kSimulated,
     .help = "do not report kernels matching F"},
    {.id = Id::LogFile,
     .flag = "--log-file",
     .metavar = "FILE",
     .kind = Kind::Text,
     .commands = kSimulated,
     .help = "write the report (the ========= lines) to FILE, not\n"
             "stdout; %p is warpsim's pid, %q{VAR} $VAR, %% a %"},
    {.id = Id::NoProgress,
     .flag = "--no-progress",
     .kind = Kind::Flag,
     .commands = kSimulated,
     .help = "no progress line (shown on stderr only when it is a\n"
             "terminal and the run takes more than a second)"},
    {.id = Id::Timeout,
     .flag = "--timeout",
     .metavar = "SECONDS",
     .kind = Kind::Number,
     .min = 1,
     .max = 604800,
     .commands = kSimulated,
     .error = "needs a whole number of seconds between 1 and 604800, not '{}'",
     .help = "end a program running longer (exit status 5) and\n"
             "report where each of its threads was",
     .key = "timeout",
     .runtime_default = "0"},
    {.id = Id::Werror,
     .flag = "--Werror",
     .kind = Kind::Flag,
     .help = "lint: a warning makes the exit status 1"},
    {.id = Id::Output,
     .flag = "-o",
     .metavar = "FILE",
     .kind = Kind::Text,
     .help = "with build: where to put the program",
     .explore_refusal = "-o is an option of build"},
    {.id = Id::Help, .flag = "--help", .alias = "-h", .kind = Kind::Flag, .help = "this text"},
    {.id = Id::Version, .flag = "--version", .kind = Kind::Flag, .help = "warpsim's version"},
    {.id = Id::Recorded,
     .flag = "--recorded",
     .metavar = "FILE",
     .kind = Kind::Text,
     .commands = kCrosscheck,
     .help = "the GPU's outputs, recorded earlier (the reference\n"
             "when no native run happens)"},
    {.id = Id::Ncu,
     .flag = "--ncu",
     .metavar = "FILE.csv",
     .kind = Kind::Text,
     .commands = kCrosscheck,
     .help = "recorded `ncu --csv` counters: compare per kernel"},
    {.id = Id::Known,
     .flag = "--known",
     .metavar = "FILE",
     .kind = Kind::Text,
     .commands = kCrosscheck,
     .help = "known differences: `<program> <item> <allowance>`"},
    {.id = Id::NoNative,
     .flag = "--no-native",
     .kind = Kind::Flag,
     .commands = kCrosscheck,
     .help = "do not build or run the program with nvcc"},
    {.id = Id::Nvcc,
     .flag = "--nvcc",
     .metavar = "PATH",
     .kind = Kind::Text,
     .commands = kCrosscheck,
     .help = "the nvcc to use (default $CUDA_HOME/bin/nvcc,\n"
             "/usr/local/cuda/bin/nvcc, or nvcc on PATH)"},
    // The runtime's own knobs: tuning and the report's path, set by hand
    // (WARPSIM_OPTIONS) or by the driver (WARPSIM_REPORT).
    {.id = Id::FastQuantum,
     .kind = Kind::Number,
     .min = 1,
     .max = std::numeric_limits<std::uint32_t>::max(),
     .key = "fast_quantum",
     .runtime_default = "1024"},
    {.id = Id::WarpQuantum,
     .kind = Kind::Number,
     .min = 1,
     .max = std::numeric_limits<std::uint32_t>::max(),
     .key = "warp_quantum",
     .runtime_default = "16"},
    {.id = Id::SharedFill,
     .kind = Kind::Number,
     .max = 255,
     .key = "shared_fill",
     .runtime_default = "255"},
    {.id = Id::Report, .kind = Kind::Text, .key = "report"},
};

// The row of an id (rows are in no particular order of ids).
constexpr const Option &option(Id id) {
  for (const Option &o : kOptions)
    if (o.id == id)
      return o;
  return kOptions[0];
}

// Whether `word` is one of `choices` ("a|b|c").
constexpr bool isChoice(std::string_view choices, std::string_view word) {
  while (true) {
    const std::size_t bar = choices.find('|');
    if (choices.substr(0, bar) == word)
      return true;
    if (bar == std::string_view::npos)
      return false;
    choices.remove_prefix(bar + 1);
  }
}

// Whether every comma-separated item of `list` is one of `choices`; if not,
// `bad` is the first that is not.
constexpr bool isChoiceList(std::string_view choices, std::string_view list,
                            std::string_view &bad) {
  while (true) {
    const std::size_t comma = list.find(',');
    if (!isChoice(choices, list.substr(0, comma))) {
      bad = list.substr(0, comma);
      return false;
    }
    if (comma == std::string_view::npos)
      return true;
    list.remove_prefix(comma + 1);
  }
}

} // namespace warpsim::options
