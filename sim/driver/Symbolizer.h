// Return addresses from a program's report → source locations, through
// LLVM's DWARF symbolizer; shared by the findings and the profile reports.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

namespace llvm::symbolize {
class LLVMSymbolizer;
}

namespace warpsim::driver {

struct SourceLoc {
  std::string file; // relative to the working directory when under it
  unsigned line = 0, column = 0;
  std::string function;
  std::uint64_t pc = 0;
  std::string path; // as in the debug info (to read the source line)
  bool known() const { return line != 0; }
  std::string text() const; // "file:line:col", or "0x…" when unknown
};

// `p` relative to the working directory when it lies below it.
std::string shortPath(const std::string &p);

class Symbolizer {
public:
  explicit Symbolizer(std::string program);
  ~Symbolizer();
  // The location of the instruction before return address `pc` (cached).
  const SourceLoc &where(std::uint64_t pc);
  // The functions `pc` was inlined into, innermost first (where() names the
  // innermost): the callers that have no return address of their own.
  const std::vector<SourceLoc> &inlinedCallers(std::uint64_t pc);

private:
  std::string program_;
  std::unique_ptr<llvm::symbolize::LLVMSymbolizer> sym_;
  std::unordered_map<std::uint64_t, SourceLoc> cache_;
  std::unordered_map<std::uint64_t, std::vector<SourceLoc>> callers_;
};

} // namespace warpsim::driver
