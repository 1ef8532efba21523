// The known-differences file of `warpsim crosscheck --known`: differences
// between warpsim and the GPU that are understood, one per line,
//   <program-stem> <item> <allowance>  # reason
// with item/allowance
//   out:<buffer>               ulp<=N      every element within N ulp, one or more differ
//   out:<buffer>               digest      the values differ (only a digest may be recorded)
//   counter:<kernel>:<metric>  warpsim=V   ncu differs and warpsim counts exactly V
// Blank lines and lines starting with # are ignored.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace warpsim::driver {

struct KnownDifference {
  enum class Kind { OutputUlp, OutputDigest, Counter };
  std::string program; // the .cu file's stem
  Kind kind = Kind::OutputUlp;
  std::string buffer;                  // out:<buffer>
  std::string kernel, metric;          // counter:<kernel>:<metric>
  std::uint64_t ulp = 0;               // ulp<=N
  std::uint64_t warpsim = 0;           // warpsim=V
  std::string item, allowance, reason; // as written
  unsigned line = 0;
};

struct KnownParse {
  std::optional<std::vector<KnownDifference>> entries;
  std::string error;       // what is wrong, when entries is empty
  unsigned error_line = 0; // 1-based; 0: the file as a whole
};

KnownParse parseKnownDifferences(std::string_view text);

} // namespace warpsim::driver
