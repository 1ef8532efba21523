// The profile (warpsim run --profile): reads the runtime's raw
// {"type":"profile",...} records, symbolizes their PCs to source lines and
// renders a per-kernel summary with Nsight Compute's metric names, a
// per-line table, the "profile" section of the --json report and the
// --profile-svg picture. See docs/warp-model.md, "Profile report".
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace warpsim::driver {

// Counters of one source line (or one kernel: the sum of its lines).
struct ProfileCounters {
  std::uint64_t instructions = 0, active_lanes = 0, partial = 0;
  // [0] loads, [1] stores, [2] atomics
  std::uint64_t shared_instructions[3] = {}, wavefronts[3] = {}, ideal_wavefronts[3] = {};
  std::uint64_t requests[3] = {}, sectors[3] = {};
  std::uint64_t bulk_bytes = 0; // bytes bulk copies (TMA) wrote
  void add(const ProfileCounters &o);
  std::uint64_t conflicts(int op) const { return wavefronts[op] - ideal_wavefronts[op]; }
};

struct ProfileLine {
  std::string file; // as the user wrote it (relative when under the cwd)
  unsigned line = 0;
  std::string function;
  std::string source;           // the line's text, trimmed
  std::vector<std::string> ops; // "ld shared", "st global", "bar", ...
  ProfileCounters counters;
  std::vector<std::uint64_t> bank_load;       // shared lines: per bank
  std::vector<std::uint64_t> worst_bank_load; // per bank, the worst warp instruction
};

struct ProfileKernel {
  std::string name;
  std::string arch, schedule;
  unsigned warp_size = 32, bank_count = 32;
  std::uint64_t launches = 0;
  std::string grid, block; // of the first launch, "(x,y,z)"
  ProfileCounters totals;
  std::vector<ProfileLine> lines; // by file, line
};

struct ProfileTraceWarp {
  std::uint64_t block = 0;
  unsigned warp = 0, lanes = 0;
  bool truncated = false;
  std::vector<std::uint64_t> masks;
  std::vector<std::string> ops;
  std::vector<unsigned> lines;
};

struct ProfileData {
  std::vector<ProfileKernel> kernels; // in order of first launch
  std::string trace_kernel;
  unsigned trace_warp_size = 32;
  std::vector<ProfileTraceWarp> trace;
  bool empty() const { return kernels.empty(); }
};

// Reads the profile records of a raw report (none: empty data).
ProfileData readProfile(const std::string &reportPath, const std::string &program);
// The per-kernel summary and per-line table ("========= " prefixed lines).
std::string renderProfileText(const ProfileData &p);
// The "profile" section of the --json report, as JSON text (an array with
// one object per kernel), for the JSON report writer to embed.
std::string renderProfileJson(const ProfileData &p);
// A self-contained SVG: lane-activity map of the first warps of the first
// launch, and a bank heat map per shared-memory line.
std::string renderProfileSvg(const ProfileData &p);
// What `warpsim run --profile` prints: the profile text of a raw report,
// and, when svgPath is not empty, the picture written there.
std::string profileOutputs(const ProfileData &p, const std::string &svgPath);

// "12.5%" and "1.25" for the report tables ("-" when `den` is 0).
std::string percent(std::uint64_t num, std::uint64_t den);
std::string ratio(std::uint64_t num, std::uint64_t den);

} // namespace warpsim::driver
