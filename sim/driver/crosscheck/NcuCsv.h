// Nsight Compute's `ncu --csv` output, recorded on a GPU: the counters the
// cross-check compares, summed per kernel function over its launches.
//
// The file starts with ==PROF== lines and the program's own output; the CSV
// proper is the lines that begin with a double quote, one row per (launch ID,
// metric), with quoted fields that may contain commas and numbers with
// thousands separators ("17,408").
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace warpsim::driver {

// The counters compared between ncu and `warpsim run --profile`, in the
// order they are printed.
extern const std::array<const char *, 8> kComparedMetrics;

struct NcuKernel {
  std::string name; // normalised: the plain function name
  std::uint64_t launches = 0;
  std::map<std::string, std::uint64_t> counters; // of kComparedMetrics, summed
  // smsp__inst_executed.sum and smsp__thread_inst_executed.sum, summed: their
  // ratio is the threads per warp instruction (informational).
  std::optional<std::uint64_t> inst, thread_inst;
};

struct NcuCsv {
  std::vector<NcuKernel> kernels; // in order of first launch
  const NcuKernel *find(const std::string &name) const;
};

struct NcuParse {
  std::optional<NcuCsv> csv;
  std::string error;       // what is wrong, when csv is empty
  unsigned error_line = 0; // 1-based; 0: the file as a whole
};

NcuParse parseNcuCsv(std::string_view text);

// The function name alone, as warpsim's profile names a kernel: without a
// return type, parameter list, template arguments or namespaces.
//   "void foo<32>(float *, int)" -> "foo", "ns::bar(int)" -> "bar"
std::string normaliseKernelName(std::string_view name);

} // namespace warpsim::driver
