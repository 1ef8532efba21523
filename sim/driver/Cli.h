// The `warpsim` command line: subcommands, options, validation.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "../include/warpsim/option_table.h"

namespace warpsim::driver {

enum class Command { Run, Build, Translate, Lint, Check, Crosscheck, Help, Version };

struct CliOptions {
  Command command = Command::Help;
  std::string input;                     // the .cu file
  std::vector<std::string> include_dirs; // -I
  std::vector<std::string> defines;      // -D
  std::vector<std::string> program_args; // after --
  std::string arch = "sm_90";
  bool arch_given = false; // --arch named: HIP source keeps it (docs/hip.md)
  // HIP source (HipMode.h): hipcc's macros, __HIP_DEVICE_COMPILE__ in device
  // code, AMD's arch by default.
  bool hip = false;
  std::string std = "c++17"; // --std / -std=: the C++ dialect, nvcc 13's default
  unsigned warp_size = 0;    // 0: the architecture's
  std::string schedule = "lockstep";
  std::string engine = "auto"; // fibers, compiled or auto (docs/architecture.md)
  std::string thread_model = "its"; // or warp-synchronous
  std::uint64_t seed = 1;
  std::uint64_t stack_size = 64 * 1024;
  unsigned resident_blocks = 16;
  unsigned jobs = 0; // host threads for blocks; 0: one per core
  std::uint64_t spin_limit = 10'000'000;
  bool keep_temps = false;
  bool fmad = true;        // --fmad: contract a*b+c into an FMA, as nvcc does by default
  bool timing = false;     // print host time spent in kernels (not deterministic)
  bool profile = false;    // --profile: bank conflicts, coalescing, divergence
  std::string profile_svg; // --profile-svg FILE (implies --profile)
  bool werror = false;     // lint: warnings make the exit status 1
  // --check LIST (run; default warp) / all (check): race,barrier,memory,init,warp
  std::string checks = "warp";
  std::string json_path;                 // --json FILE: findings as JSON (docs/checks.md)
  std::string sarif_path;                // --sarif FILE: findings as SARIF 2.1.0
  std::string html_path;                 // --html FILE: one self-contained page (run, check)
  std::uint64_t print_limit = 0;         // --print-limit N: findings printed (0: all)
  int error_exitcode = 3;                // check: exit status when an error-severity finding exists
  bool strict_fences = false;            // --strict-fences
  std::string async_completion = "late"; // --async-completion eager|late|random
  std::string memory_model = "sc";       // --memory-model sc|ptx (docs/memory-model.md)
  std::string memory_error;              // --memory-error continue|abort (empty: check continues)
  std::string leak_check = "none";       // --leak-check full|none
  bool same_value_races = true;          // --hide-same-value-races turns it off
  std::string cache_dir;                 // empty: $WARPSIM_CACHE_DIR or ~/.cache/warpsim
  std::string output;                    // -o for build
  // crosscheck (docs/cli.md): the GPU's side and what may differ
  std::string recorded_path; // --recorded FILE: the GPU's outputs, recorded
  std::string ncu_path;      // --ncu FILE.csv: recorded `ncu --csv` counters
  std::string known_path;    // --known FILE: known differences
  bool no_native = false;    // --no-native: no nvcc build, no native run
  std::string nvcc;          // --nvcc PATH (empty: search)
  // Filters and where the report goes (docs/cli.md, "Silencing findings")
  std::string suppressions_path;                 // --suppressions FILE
  std::vector<std::string> kernel_names;         // --kernel-name FILTER (validated)
  std::vector<std::string> kernel_names_exclude; // --kernel-name-exclude FILTER
  std::string log_file;                          // --log-file FILE (%p, %q{ENV}, %%)
  bool progress = true;                          // --no-progress turns it off
  unsigned timeout_s = 0;                        // --timeout SECONDS (0: none)
};

struct CliResult {
  std::optional<CliOptions> options;
  std::string error; // one line, when options is empty
};

CliResult parseCommandLine(const std::vector<std::string> &args);
std::string usageText();
// The options the simulated program's runtime reads (WARPSIM_OPTIONS).
std::string runtimeOptions(const CliOptions &o);
// The option-table row a command-line word names (--fmad=false, -Idir
// included), or nullptr.
const options::Option *findRunOption(const std::string &arg);

} // namespace warpsim::driver
