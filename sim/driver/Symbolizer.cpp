#include "Symbolizer.h"

#include <filesystem>

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
  // A return address: the call is the instruction before it.
  auto res =
      sym_->symbolizeInlinedCode(program_, {pc - 1, llvm::object::SectionedAddress::UndefSection});
  if (!res) {
    llvm::consumeError(res.takeError());
    return it->second;
  }
  if (res->getNumberOfFrames() == 0)
    return it->second;
  cache_[pc] = fromFrame(res->getFrame(0), pc);
  for (std::uint32_t i = 1; i < res->getNumberOfFrames(); ++i)
    it->second.push_back(fromFrame(res->getFrame(i), pc));
  return it->second;
}

} // namespace warpsim::driver
