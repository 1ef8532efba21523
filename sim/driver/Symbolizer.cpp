#include "Symbolizer.h"

#include <filesystem>
#include <optional>

#include "llvm/ADT/StringExtras.h"
#include "llvm/DebugInfo/Symbolize/Symbolize.h"

namespace warpsim::driver {

std::string shortPath(const std::string &p) {
  std::error_code ec;
  auto rel = std::filesystem::relative(p, std::filesystem::current_path(), ec);
  if (!ec && !rel.empty() && rel.native().rfind("..", 0) != 0)
    return rel.string();
  return p;
}

std::string SourceLoc::text() const {
  if (known())
    return file + ":" + std::to_string(line) + ":" + std::to_string(column);
  return pc == 0 ? "?" : "0x" + llvm::utohexstr(pc);
}

Symbolizer::Symbolizer(std::string program) : program_(std::move(program)) {
  llvm::symbolize::LLVMSymbolizer::Options opts;
  opts.Demangle = true;
  opts.RelativeAddresses = false;
  sym_ = std::make_unique<llvm::symbolize::LLVMSymbolizer>(opts);
}

Symbolizer::~Symbolizer() = default;

namespace {

// How far past a line-0 address to look for its statement (bytes).
constexpr std::uint64_t kLineZeroReach = 64;

SourceLoc fromFrame(const llvm::DILineInfo &f, std::uint64_t pc) {
  SourceLoc loc;
  loc.pc = pc;
  if (f.FunctionName != llvm::DILineInfo::BadString)
    loc.function = f.FunctionName;
  if (f.FileName != llvm::DILineInfo::BadString) {
    loc.path = f.FileName;
    loc.file = shortPath(f.FileName);
    loc.line = f.Line;
    loc.column = f.Column;
  }
  return loc;
}

} // namespace

const SourceLoc &Symbolizer::where(std::uint64_t pc) {
  auto [it, fresh] = cache_.try_emplace(pc);
  if (!fresh || pc == 0)
    return it->second;
  it->second.pc = pc;
  inlinedCallers(pc);
  return it->second;
}

const std::vector<SourceLoc> &Symbolizer::inlinedCallers(std::uint64_t pc) {
  auto [it, fresh] = callers_.try_emplace(pc);
  if (!fresh || pc == 0)
    return it->second;
  auto at = [&](std::uint64_t a) -> std::optional<llvm::DIInliningInfo> {
    auto res =
        sym_->symbolizeInlinedCode(program_, {a, llvm::object::SectionedAddress::UndefSection});
    if (!res) {
      llvm::consumeError(res.takeError());
      return std::nullopt;
    }
    if (res->getNumberOfFrames() == 0)
      return std::nullopt;
    return std::move(*res);
  };
  // A return address: the call is the instruction before it.
  auto res = at(pc - 1);
  if (!res)
    return it->second;
  // Line 0: code the optimiser made for no one statement (a hoisted
  // compare, a guard). An interrupted thread can stop there; the statement
  // it runs for is the next one with a line in the same function.
  const llvm::DILineInfo &first = res->getFrame(0);
  for (std::uint64_t a = pc; first.Line == 0 && a < pc + kLineZeroReach; ++a)
    if (auto next = at(a);
        next && next->getFrame(0).Line != 0 && next->getFrame(0).FunctionName == first.FunctionName) {
      res = std::move(next);
      break;
    }
  cache_[pc] = fromFrame(res->getFrame(0), pc);
  for (std::uint32_t i = 1; i < res->getNumberOfFrames(); ++i)
    it->second.push_back(fromFrame(res->getFrame(i), pc));
  return it->second;
}

} // namespace warpsim::driver
