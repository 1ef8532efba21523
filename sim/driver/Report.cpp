#include "Report.h"

#include <filesystem>
#include <fstream>
#include <memory>

#include "llvm/DebugInfo/Symbolize/Symbolize.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/JSON.h"

namespace warpsim::driver {
namespace {

const char *kBar = "========= ";

std::string shortPath(const std::string &p) {
  std::error_code ec;
  auto rel = std::filesystem::relative(p, std::filesystem::current_path(), ec);
  if (!ec && !rel.empty() && rel.native().rfind("..", 0) != 0)
    return rel.string();
  return p;
}

class Symbolizer {
public:
  explicit Symbolizer(std::string program) : program_(std::move(program)) {
    llvm::symbolize::LLVMSymbolizer::Options opts;
    opts.Demangle = true;
    opts.RelativeAddresses = false;
    sym_ = std::make_unique<llvm::symbolize::LLVMSymbolizer>(opts);
  }

  // "file:line:col" of the instruction before a return address, and the
  // function it is in.
  std::string where(std::uint64_t pc, std::string *function = nullptr) {
    if (pc == 0)
      return "?";
    auto res = sym_->symbolizeInlinedCode(program_, {pc - 1, llvm::object::SectionedAddress::UndefSection});
    if (!res || res->getNumberOfFrames() == 0) {
      if (!res)
        llvm::consumeError(res.takeError());
      return "0x" + llvm::utohexstr(pc);
    }
    const llvm::DILineInfo &f = res->getFrame(0);
    if (function)
      *function = f.FunctionName;
    if (f.FileName == llvm::DILineInfo::BadString)
      return "0x" + llvm::utohexstr(pc);
    return shortPath(f.FileName) + ":" + std::to_string(f.Line) + ":" + std::to_string(f.Column);
  }

private:
  std::string program_;
  std::unique_ptr<llvm::symbolize::LLVMSymbolizer> sym_;
};

std::string dim(const llvm::json::Array *a) {
  if (a == nullptr || a->size() != 3)
    return "?";
  std::string s = "(";
  for (std::size_t i = 0; i < 3; ++i)
    s += (i ? "," : "") + std::to_string((*a)[i].getAsInteger().value_or(0));
  return s + ")";
}

} // namespace

ReportSummary renderReport(const std::string &reportPath, const std::string &program,
                           std::string &text) {
  ReportSummary sum;
  std::ifstream in(reportPath);
  Symbolizer sym(program);
  std::string line;
  while (std::getline(in, line)) {
    auto parsed = llvm::json::parse(line);
    if (!parsed) {
      llvm::consumeError(parsed.takeError());
      continue;
    }
    const llvm::json::Object *obj = parsed->getAsObject();
    if (obj == nullptr)
      continue;
    auto type = obj->getString("type").value_or("");
    if (type == "stat") {
      sum.stats[std::string(obj->getString("key").value_or(""))] =
          static_cast<std::uint64_t>(obj->getInteger("value").value_or(0));
      continue;
    }
    if (type != "finding")
      continue;
    std::string severity(obj->getString("severity").value_or("error"));
    (severity == "error" ? sum.errors : sum.warnings)++;
    sum.fatal |= obj->getBoolean("fatal").value_or(false);
    std::string kind(obj->getString("kind").value_or("finding"));
    std::string kernel(obj->getString("kernel").value_or(""));
    text += kBar;
    text += (severity == "error" ? "ERROR" : "WARNING");
    text += " [" + kind + "]";
    if (!kernel.empty())
      text += " in kernel '" + kernel + "' (launch " +
              std::to_string(obj->getInteger("launch").value_or(0)) + ")";
    text += "\n";
    text += kBar + std::string("    ") + std::string(obj->getString("message").value_or("")) + "\n";
    if (auto space = obj->getString("space"); space && !space->empty() && kind == "invalid-address")
      text += kBar + std::string("    address 0x") +
              llvm::utohexstr(static_cast<std::uint64_t>(obj->getInteger("address").value_or(0))) +
              " (" + std::string(*space) + " memory)\n";
    if (const llvm::json::Array *sites = obj->getArray("sites")) {
      for (const llvm::json::Value &sv : *sites) {
        const llvm::json::Object *s = sv.getAsObject();
        if (s == nullptr)
          continue;
        std::string role(s->getString("role").value_or(""));
        std::string detail(s->getString("detail").value_or(""));
        std::string threads(s->getString("threads").value_or(""));
        auto count = s->getInteger("thread_count").value_or(1);
        auto pc = static_cast<std::uint64_t>(s->getInteger("pc").value_or(0));
        std::string who;
        if (count > 1)
          who = std::to_string(count) + " threads (" + threads + ") of block " + dim(s->getArray("block"));
        else if (s->getArray("thread"))
          who = "thread " + dim(s->getArray("thread")) + " of block " + dim(s->getArray("block"));
        std::string line = kBar + std::string("    ");
        if (!who.empty())
          line += who + ": ";
        line += detail.empty() ? role : detail;
        if (pc != 0)
          line += " at " + sym.where(pc);
        text += line + "\n";
        if (const llvm::json::Array *stack = s->getArray("stack")) {
          int depth = 1;
          for (const llvm::json::Value &fv : *stack) {
            std::string fn;
            std::string at = sym.where(static_cast<std::uint64_t>(fv.getAsInteger().value_or(0)), &fn);
            text += kBar + std::string("        #") + std::to_string(depth++) + " " + at;
            if (!fn.empty() && fn != llvm::DILineInfo::BadString)
              text += " in " + fn;
            text += "\n";
          }
        }
      }
    }
    text += kBar + std::string("\n");
  }
  return sum;
}

} // namespace warpsim::driver
