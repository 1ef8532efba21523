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

const SourceLoc &Symbolizer::where(std::uint64_t pc) {
  auto [it, fresh] = cache_.try_emplace(pc);
  SourceLoc &loc = it->second;
  if (!fresh || pc == 0)
    return loc;
  loc.pc = pc;
  // A return address: the call is the instruction before it.
  auto res =
      sym_->symbolizeInlinedCode(program_, {pc - 1, llvm::object::SectionedAddress::UndefSection});
  if (!res) {
    llvm::consumeError(res.takeError());
    return loc;
  }
  if (res->getNumberOfFrames() == 0)
    return loc;
  const llvm::DILineInfo &f = res->getFrame(0);
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

} // namespace warpsim::driver
