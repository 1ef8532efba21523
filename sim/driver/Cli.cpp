#include "Cli.h"

#include <charconv>

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

options:
  --arch NAME            architecture: )" +
         archList() + R"( (default sm_90)
  --warp-size 32|64      override the architecture's warp size
  --schedule MODE        lockstep (default), fast, or random
  --engine E             auto (default), fibers or compiled: how threads run
                         (compiled: one after the other, no switch per event;
                         auto uses it where the kernel allows, see --timing)
  --seed N               seed for --schedule random (default 1)
  --thread-model M       its (independent thread scheduling, default) or
                         warp-synchronous (pre-Volta lockstep warps)
  -I DIR, -D NAME[=VAL]  include directory, macro definition
  --std c++17|c++20      C++ dialect of the program (default c++17, as nvcc;
                         also -std=c++20)
  --keep-temps           keep the rewritten source and objects; print where
  --cache-dir DIR        compile cache (default $WARPSIM_CACHE_DIR or ~/.cache/warpsim)
  --stack-size BYTES     stack per GPU thread (default 65536)
  --resident-blocks N    blocks interleaved at once (default 16)
  --jobs N, -j N         host threads that run blocks (default: one per
                         core the process may use); the results are the
                         same for every N
  --spin-limit N         warp instructions without progress before a
                         spin-wait is reported as livelock (default 10000000)
  --profile              measure every warp instruction: bank conflicts,
                         sectors per request, SIMT efficiency; print a
                         per-kernel summary and a per-line table
  --profile-svg FILE     also draw lane activity and bank heat maps (SVG)
  --check LIST           run: checks to enable (race,barrier,memory,init,
                         warp,async,all or none; default warp)
  --json FILE            write the findings as JSON (schema: docs/checks.md)
  --sarif FILE           write the findings as SARIF 2.1.0
  --html FILE            run, check: write one self-contained HTML page: the
                         findings with their source lines, and the profile
  --print-limit N        print at most N findings (all are counted)
  --error-exitcode N     check: exit status on an error finding (default 3)
  --hide-same-value-races  do not report write-write races storing equal values
  --memory-error continue|abort
                         an out-of-bounds, misaligned or freed access: report
                         it, suppress it and go on (check's default), or end
                         the launch with a sticky CUDA error as the GPU does
                         (run's default)
  --async-completion eager|late|random
                         when async copies (cp.async, __pipeline_memcpy_async,
                         cuda::memcpy_async, cp.async.bulk) land: at issue, as
                         late as their waits allow (default: late, which
                         exposes a missing wait), or at a random warp
                         instruction in between (seeded by --seed)
  --memory-model sc|ptx   sc (default): every load reads the latest store;
                         ptx: a relaxed, scoped PTX model where a load may
                         read an older store, chosen by --seed
                         (docs/memory-model.md)
  --strict-fences        a read ordered only by a __threadfence() before the
                         writer's atomic (no fence after the reader's) is an
                         error, as the PTX model says, not a warning
  --fmad true|false      contract a*b+c into one FMA as nvcc does (default
                         true; false matches nvcc --fmad=false)
  --timing               also print the host time spent running kernels
                         (varies run to run; off by default for determinism)
  --suppressions FILE    silence findings matching FILE's rules (one a line:
                         kind=K kernel=GLOB function=GLOB file=GLOB)
  --kernel-name F        report only kernels matching F: NAME, kne=NAME,
                         kns=SUBSTRING (compute-sanitizer's syntax)
  --kernel-name-exclude F  do not report kernels matching F
  --log-file FILE        write the report (the ========= lines) to FILE, not
                         stdout; %p is warpsim's pid, %q{VAR} $VAR, %% a %
  --no-progress          no progress line (shown on stderr only when it is a
                         terminal and the run takes more than a second)
  --timeout SECONDS      end a program running longer (exit status 5) and
                         report where each of its threads was
  -o FILE                with build: where to put the program
  --help, --version

crosscheck options:
  --recorded FILE        the GPU's outputs, recorded earlier (the reference
                         when no native run happens)
  --ncu FILE.csv         recorded `ncu --csv` counters: compare per kernel
  --known FILE           known differences: `<program> <item> <allowance>`
  --no-native            do not build or run the program with nvcc
  --nvcc PATH            the nvcc to use (default $CUDA_HOME/bin/nvcc,
                         /usr/local/cuda/bin/nvcc, or nvcc on PATH)
  --json FILE            with crosscheck: the comparison as JSON

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
  ++i;
  auto value = [&](const std::string &opt, std::string &out) -> std::optional<std::string> {
    if (i + 1 >= args.size())
      return "option " + opt + " needs a value";
    out = args[++i];
    return std::nullopt;
  };
  for (; i < args.size(); ++i) {
    const std::string &a = args[i];
    std::string v;
    std::optional<std::string> err;
    if (a == "--") {
      o.program_args.assign(args.begin() + static_cast<std::ptrdiff_t>(i) + 1, args.end());
      break;
    }
    if (a == "--help" || a == "-h") {
      o.command = Command::Help;
      return {o, {}};
    }
    if (a == "--version") {
      o.command = Command::Version;
      return {o, {}};
    }
    if (a == "--arch") {
      if ((err = value(a, v)))
        return {std::nullopt, *err};
      if (!model::builtinArch(v))
        return {std::nullopt, "unknown architecture '" + v + "' (known: " + archList() + ")"};
      o.arch = v;
    } else if (a == "--warp-size") {
      if ((err = value(a, v)))
        return {std::nullopt, *err};
      if (!number(v, o.warp_size) || (o.warp_size != 32 && o.warp_size != 64))
        return {std::nullopt, "--warp-size must be 32 or 64, not '" + v + "'"};
    } else if (a == "--schedule") {
      if ((err = value(a, v)))
        return {std::nullopt, *err};
      if (v != "lockstep" && v != "fast" && v != "random")
        return {std::nullopt, "--schedule must be lockstep, fast or random, not '" + v + "'"};
      o.schedule = v;
    } else if (a == "--engine") {
      if ((err = value(a, v)))
        return {std::nullopt, *err};
      if (v != "auto" && v != "fibers" && v != "compiled")
        return {std::nullopt, "--engine must be auto, fibers or compiled, not '" + v + "'"};
      o.engine = v;
    } else if (a == "--thread-model") {
      if ((err = value(a, v)))
        return {std::nullopt, *err};
      if (v != "its" && v != "warp-synchronous")
        return {std::nullopt, "--thread-model must be its or warp-synchronous, not '" + v + "'"};
      o.thread_model = v;
    } else if (a == "--seed") {
      if ((err = value(a, v)))
        return {std::nullopt, *err};
      if (!number(v, o.seed))
        return {std::nullopt, "--seed needs a non-negative integer, not '" + v + "'"};
    } else if (a == "--stack-size") {
      if ((err = value(a, v)))
        return {std::nullopt, *err};
      if (!number(v, o.stack_size) || o.stack_size < 16 * 1024 || o.stack_size > (64u << 20))
        return {std::nullopt, "--stack-size must be between 16384 and 67108864 bytes"};
    } else if (a == "--jobs" || a == "-j") {
      if ((err = value(a, v)))
        return {std::nullopt, *err};
      if (!number(v, o.jobs) || o.jobs < 1 || o.jobs > 256)
        return {std::nullopt, "--jobs needs an integer between 1 and 256, not '" + v + "'"};
    } else if (a == "--resident-blocks") {
      if ((err = value(a, v)))
        return {std::nullopt, *err};
      if (!number(v, o.resident_blocks) || o.resident_blocks < 1 || o.resident_blocks > 256)
        return {std::nullopt, "--resident-blocks must be between 1 and 256"};
    } else if (a == "--spin-limit") {
      if ((err = value(a, v)))
        return {std::nullopt, *err};
      if (!number(v, o.spin_limit) || o.spin_limit == 0)
        return {std::nullopt, "--spin-limit needs a positive integer"};
    } else if (a == "--fmad" || a.rfind("--fmad=", 0) == 0) {
      // nvcc's spelling, --fmad=false, as well as --fmad false
      if (a == "--fmad") {
        if ((err = value(a, v)))
          return {std::nullopt, *err};
      } else {
        v = a.substr(7);
      }
      if (v != "true" && v != "false")
        return {std::nullopt, "--fmad must be true or false, not '" + v + "'"};
      o.fmad = v == "true";
    } else if (a == "--std" || a.rfind("--std=", 0) == 0 || a.rfind("-std=", 0) == 0) {
      // nvcc's spelling -std=c++17 as well as --std c++17 / --std=c++17
      if (a == "--std") {
        if ((err = value(a, v)))
          return {std::nullopt, *err};
      } else {
        v = a.substr(a.find('=') + 1);
      }
      if (v != "c++17" && v != "c++20")
        return {std::nullopt, "--std must be c++17 or c++20, not '" + v + "'"};
      o.std = v;
    } else if (a == "--keep-temps") {
      o.keep_temps = true;
    } else if (a == "--timing") {
      o.timing = true;
    } else if (a == "--check") {
      if ((err = value(a, v)))
        return {std::nullopt, *err};
      std::string item;
      for (std::size_t p = 0; p <= v.size();) {
        std::size_t q = v.find(',', p);
        item = v.substr(p, q == std::string::npos ? std::string::npos : q - p);
        if (item != "race" && item != "barrier" && item != "memory" && item != "init" &&
            item != "warp" && item != "async" && item != "all" && item != "none")
          return {std::nullopt,
                  "--check takes a list of race, barrier, memory, init, warp, async, all "
                  "or none, not '" +
                      item + "'"};
        if (q == std::string::npos)
          break;
        p = q + 1;
      }
      o.checks = v == "none" ? "" : v;
    } else if (a == "--json") {
      if ((err = value(a, o.json_path)))
        return {std::nullopt, *err};
    } else if (a == "--sarif") {
      if ((err = value(a, o.sarif_path)))
        return {std::nullopt, *err};
    } else if (a == "--html") {
      if (o.command != Command::Run && o.command != Command::Check)
        return {std::nullopt, "--html is an option of run and check only"};
      if ((err = value(a, o.html_path)))
        return {std::nullopt, *err};
      if (o.html_path.empty() || o.html_path[0] == '-')
        return {std::nullopt, "--html needs a file name, not '" + o.html_path + "'"};
    } else if (a == "--print-limit") {
      if ((err = value(a, v)))
        return {std::nullopt, *err};
      if (!number(v, o.print_limit))
        return {std::nullopt, "--print-limit needs a non-negative integer, not '" + v + "'"};
    } else if (a == "--error-exitcode") {
      if ((err = value(a, v)))
        return {std::nullopt, *err};
      if (!number(v, o.error_exitcode) || o.error_exitcode < 0 || o.error_exitcode > 255)
        return {std::nullopt, "--error-exitcode needs an integer between 0 and 255"};
    } else if (a == "--hide-same-value-races") {
      o.same_value_races = false;
    } else if (a == "--strict-fences") {
      o.strict_fences = true;
    } else if (a == "--async-completion") {
      if ((err = value(a, o.async_completion)))
        return {std::nullopt, *err};
      if (o.async_completion != "eager" && o.async_completion != "late" &&
          o.async_completion != "random")
        return {std::nullopt, "--async-completion needs 'eager', 'late' or 'random', not '" +
                                  o.async_completion + "'"};
    } else if (a == "--memory-model") {
      if ((err = value(a, o.memory_model)))
        return {std::nullopt, *err};
      if (o.memory_model != "sc" && o.memory_model != "ptx")
        return {std::nullopt, "--memory-model needs 'sc' or 'ptx', not '" + o.memory_model + "'"};
    } else if (a == "--memory-error") {
      if ((err = value(a, o.memory_error)))
        return {std::nullopt, *err};
      if (o.memory_error != "continue" && o.memory_error != "abort")
        return {std::nullopt,
                "--memory-error needs 'continue' or 'abort', not '" + o.memory_error + "'"};
    } else if (a == "--suppressions") {
      if ((err = value(a, o.suppressions_path)))
        return {std::nullopt, *err};
    } else if (a == "--kernel-name" || a == "--kernel-name-exclude") {
      if ((err = value(a, v)))
        return {std::nullopt, *err};
      KernelFilter f;
      std::string why;
      if (!parseKernelFilter(a, v, f, why))
        return {std::nullopt, why};
      (a == "--kernel-name" ? o.kernel_names : o.kernel_names_exclude).push_back(v);
    } else if (a == "--log-file") {
      if ((err = value(a, o.log_file)))
        return {std::nullopt, *err};
      std::string why;
      if (!expandLogFileName(o.log_file, 0, why).has_value())
        return {std::nullopt, "--log-file: " + why};
    } else if (a == "--no-progress") {
      o.progress = false;
    } else if (a == "--timeout") {
      if ((err = value(a, v)))
        return {std::nullopt, *err};
      if (!number(v, o.timeout_s) || o.timeout_s == 0 || o.timeout_s > 604800)
        return {std::nullopt,
                "--timeout needs a whole number of seconds between 1 and 604800, not '" + v + "'"};
    } else if (a == "--Werror") {
      o.werror = true;
    } else if (a == "--profile") {
      o.profile = true;
    } else if (a == "--profile-svg") {
      if ((err = value(a, o.profile_svg)))
        return {std::nullopt, *err};
      o.profile = true;
    } else if (a == "--cache-dir") {
      if ((err = value(a, o.cache_dir)))
        return {std::nullopt, *err};
    } else if (a == "--recorded" || a == "--ncu" || a == "--known" || a == "--nvcc") {
      if (o.command != Command::Crosscheck)
        return {std::nullopt, a + " is an option of crosscheck only"};
      std::string &target = a == "--recorded" ? o.recorded_path
                            : a == "--ncu"    ? o.ncu_path
                            : a == "--known"  ? o.known_path
                                              : o.nvcc;
      if ((err = value(a, target)))
        return {std::nullopt, *err};
    } else if (a == "--no-native") {
      if (o.command != Command::Crosscheck)
        return {std::nullopt, a + " is an option of crosscheck only"};
      o.no_native = true;
    } else if (a == "-o") {
      if ((err = value(a, o.output)))
        return {std::nullopt, *err};
    } else if (a == "-I") {
      if ((err = value(a, v)))
        return {std::nullopt, *err};
      o.include_dirs.push_back(v);
    } else if (a.rfind("-I", 0) == 0) {
      o.include_dirs.push_back(a.substr(2));
    } else if (a == "-D") {
      if ((err = value(a, v)))
        return {std::nullopt, *err};
      o.defines.push_back(v);
    } else if (a.rfind("-D", 0) == 0 && a.size() > 2) {
      o.defines.push_back(a.substr(2));
    } else if (!a.empty() && a[0] == '-') {
      return {std::nullopt, "unknown option '" + a + "' (try 'warpsim --help')"};
    } else if (o.input.empty()) {
      o.input = a;
    } else {
      return {std::nullopt, "unexpected argument '" + a + "' (program arguments go after --)"};
    }
  }
  if (o.input.empty())
    return {std::nullopt, "no input file (usage: warpsim " + cmd + " FILE.cu [options])"};
  // What filters or watches a simulated run's report: run and check only.
  if (o.command != Command::Run && o.command != Command::Check) {
    const char *only = !o.suppressions_path.empty()      ? "--suppressions"
                       : !o.kernel_names.empty()         ? "--kernel-name"
                       : !o.kernel_names_exclude.empty() ? "--kernel-name-exclude"
                       : !o.log_file.empty()             ? "--log-file"
                       : o.timeout_s != 0                ? "--timeout"
                       : !o.progress                     ? "--no-progress"
                                                         : nullptr;
    if (only != nullptr)
      return {std::nullopt, std::string(only) + " is an option of run and check only"};
  }
  // The cross-check compares against a GPU's counters and warp behaviour,
  // which only the lockstep schedule models.
  if (o.command == Command::Crosscheck && o.schedule != "lockstep")
    return {std::nullopt, "crosscheck runs the lockstep schedule, not '" + o.schedule + "'"};
  return {o, {}};
}

std::string runtimeOptions(const CliOptions &o) {
  return "arch=" + o.arch + " warp_size=" + std::to_string(o.warp_size) +
         " schedule=" + o.schedule + " thread_model=" + o.thread_model +
         (o.engine != "auto" ? " engine=" + o.engine : "") + (o.timing ? " engine_notes=1" : "") +
         " seed=" + std::to_string(o.seed) + " stack_size=" + std::to_string(o.stack_size) +
         " resident_blocks=" + std::to_string(o.resident_blocks) +
         (o.jobs != 0 ? " jobs=" + std::to_string(o.jobs) : "") +
         " spin_limit=" + std::to_string(o.spin_limit) + (o.profile ? " profile=1" : "") +
         (o.checks.empty() ? "" : " checks=" + o.checks) +
         (o.same_value_races ? "" : " same_value_races=0") +
         (o.strict_fences ? " strict_fences=1" : "") +
         (o.timeout_s != 0 ? " timeout=" + std::to_string(o.timeout_s) : "") +
         (o.async_completion != "late" ? " async_completion=" + o.async_completion : "") +
         (o.memory_model != "sc" ? " memory_model=" + o.memory_model : "") +
         ((o.memory_error.empty() ? o.command == Command::Check : o.memory_error == "continue")
              ? " memory_error=continue"
              : "");
}

} // namespace warpsim::driver
