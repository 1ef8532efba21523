#include "Report.h"

#include <filesystem>
#include <fstream>
#include <memory>
#include <unordered_map>

#include "RuntimePaths.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/JSON.h"

namespace warpsim::driver {
namespace {

const char *kBar = "========= ";

void readDim(const llvm::json::Array *a, unsigned out[3]) {
  if (a == nullptr || a->size() != 3)
    return;
  for (std::size_t i = 0; i < 3; ++i)
    out[i] = static_cast<unsigned>((*a)[i].getAsInteger().value_or(0));
}

std::string dim(const unsigned d[3]) {
  return "(" + std::to_string(d[0]) + "," + std::to_string(d[1]) + "," + std::to_string(d[2]) + ")";
}

// Findings that name the same kind, kernel, space and sites (by PC) are one
// finding seen several times.
std::string mergeKey(const ReportFinding &f) {
  std::string k = f.kind + '\x1f' + f.kernel + '\x1f' + f.space + '\x1f' + f.hazard;
  for (const ReportSite &s : f.sites)
    k += '\x1f' + s.role + ':' + std::to_string(s.loc.pc) + ':' + s.loc.file + ':' +
         std::to_string(s.loc.line) + ':' + std::to_string(s.loc.column);
  if (f.fatal) // each fatal finding is its own event
    k += '\x1f' + std::to_string(f.launch);
  return k;
}

// warpsim's own sources (the runtime, its headers, the model): frames there
// say how warpsim got to the user's code, not where the user's code was.
// Debug info may name them relative to the build directory
// (<root>/build/../sim/...: ccache's CCACHE_BASEDIR), hence the normal form.
bool inWarpsimSources(const SourceLoc &l) {
  static const std::string root =
      std::filesystem::path(WARPSIM_INCLUDE_DIR).parent_path().parent_path().string() + "/";
  const std::string path = std::filesystem::path(l.path).lexically_normal().string();
  return path.rfind(root + "sim/", 0) == 0 || path.rfind(root + "model/", 0) == 0;
}

// A host thread's stack (--timeout): the frames in the user's code, where
// there are any; frames without a line (_start) say nothing, and neither do
// system headers' (a libstdc++ atomic inlined into warpsim's runtime, or
// into the user's function that the next frame names).
void trimHostStack(ReportSite &site) {
  std::vector<SourceLoc> frames{site.loc};
  frames.insert(frames.end(), site.stack.begin(), site.stack.end());
  std::vector<SourceLoc> user;
  for (const SourceLoc &f : frames)
    if (f.known() && !inWarpsimSources(f) && f.path.rfind("/usr/", 0) != 0)
      user.push_back(f);
  if (user.empty())
    return;
  site.loc = user.front();
  site.stack.assign(user.begin() + 1, user.end());
}

} // namespace

ReportSummary readReport(const std::string &reportPath, const std::string &program) {
  ReportSummary sum;
  std::ifstream in(reportPath);
  Symbolizer sym(program);
  std::unordered_map<std::string, std::size_t> index;
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
    ReportFinding f;
    auto str = [&](const char *k) { return std::string(obj->getString(k).value_or("")); };
    f.kind = str("kind");
    f.severity = str("severity");
    if (f.severity.empty())
      f.severity = "error";
    f.kernel = str("kernel");
    f.space = str("space");
    f.object = str("object");
    f.hazard = str("hazard");
    f.message = str("message");
    f.launch = static_cast<std::uint64_t>(obj->getInteger("launch").value_or(0));
    f.address = static_cast<std::uint64_t>(obj->getInteger("address").value_or(0));
    f.size = static_cast<std::uint64_t>(obj->getInteger("size").value_or(0));
    f.count = static_cast<std::uint64_t>(obj->getInteger("count").value_or(1));
    f.fatal = obj->getBoolean("fatal").value_or(false);
    if (const llvm::json::Array *sites = obj->getArray("sites")) {
      for (const llvm::json::Value &sv : *sites) {
        const llvm::json::Object *s = sv.getAsObject();
        if (s == nullptr)
          continue;
        ReportSite site;
        site.role = std::string(s->getString("role").value_or(""));
        site.detail = std::string(s->getString("detail").value_or(""));
        site.threads = std::string(s->getString("threads").value_or(""));
        site.thread_count = static_cast<std::uint64_t>(s->getInteger("thread_count").value_or(1));
        site.has_thread = s->getArray("thread") != nullptr;
        readDim(s->getArray("block"), site.block);
        readDim(s->getArray("thread"), site.thread);
        site.loc = sym.where(static_cast<std::uint64_t>(s->getInteger("pc").value_or(0)));
        // The static site's row (value-carrying instrumentation) says where
        // the access or call is without the program's debug info; the pc
        // still names the function and the callers.
        if (const llvm::json::Object *row = s->getObject("static"))
          if (const auto line = row->getInteger("line"); line && *line > 0) {
            site.loc.path = std::string(row->getString("file").value_or(""));
            site.loc.file = shortPath(site.loc.path);
            site.loc.line = static_cast<unsigned>(*line);
            site.loc.column = static_cast<unsigned>(row->getInteger("col").value_or(0));
          }
        if (const auto line = s->getInteger("line"); line && *line > 0) {
          // A position the runtime knew without a pc (a launch site).
          site.loc.file = std::string(s->getString("file").value_or(""));
          site.loc.path = site.loc.file;
          site.loc.line = static_cast<unsigned>(*line);
          site.loc.column = static_cast<unsigned>(s->getInteger("col").value_or(0));
        }
        // A host thread's frames are optimised host code: inlined callers
        // share their callee's pc, each pc stands for them. (Device code and
        // the value hooks are not inlined into their callers, but for
        // warpsim's always_inline headers: a cooperative group's shuffle
        // names the user's call.)
        const bool host = site.role == "host thread";
        const std::string &headers = runtimePaths().include_dir;
        const bool inlinedHeader =
            !host && !headers.empty() && site.loc.path.rfind(headers + "/", 0) == 0;
        const auto withInlined = [&](std::uint64_t pc) {
          if (!host && !inlinedHeader)
            return;
          const std::vector<SourceLoc> &in = sym.inlinedCallers(pc);
          site.stack.insert(site.stack.end(), in.begin(), in.end());
        };
        withInlined(static_cast<std::uint64_t>(s->getInteger("pc").value_or(0)));
        if (const llvm::json::Array *stack = s->getArray("stack"))
          for (const llvm::json::Value &fv : *stack) {
            const auto pc = static_cast<std::uint64_t>(fv.getAsInteger().value_or(0));
            site.stack.push_back(sym.where(pc));
            withInlined(pc);
          }
        if (site.role == "host thread")
          trimHostStack(site);
        f.sites.push_back(std::move(site));
      }
    }
    sum.fatal |= f.fatal;
    auto [it, fresh] = index.try_emplace(mergeKey(f), sum.findings.size());
    if (fresh) {
      sum.findings.push_back(std::move(f));
    } else {
      ReportFinding &g = sum.findings[it->second];
      g.count += f.count;
      if (f.severity == "error") // a pair that was benign once and not later is an error
        g.severity = "error";
    }
  }
  recount(sum);
  return sum;
}

void recount(ReportSummary &sum) {
  sum.errors = sum.warnings = 0;
  for (const ReportFinding &f : sum.findings)
    (f.severity == "error" ? sum.errors : sum.warnings)++;
}

std::string renderText(const ReportSummary &sum, std::uint64_t limit) {
  std::string text;
  std::uint64_t printed = 0;
  for (const ReportFinding &f : sum.findings) {
    if (limit != 0 && printed == limit)
      break;
    ++printed;
    text += kBar;
    text += f.severity == "error" ? "ERROR" : f.severity == "warning" ? "WARNING" : "NOTE";
    text += " [" + f.kind + "]";
    if (!f.kernel.empty())
      text += " in kernel '" + f.kernel + "' (launch " + std::to_string(f.launch) + ")";
    text += "\n";
    text += kBar + std::string("    ") + f.message + "\n";
    // The object and offset, not the raw address: reports stay identical
    // from run to run (addresses move with ASLR).
    if (!f.object.empty())
      text += kBar + std::string("    at ") + f.object + " (" + f.space + " memory" +
              (f.size != 0 ? ", " + std::to_string(f.size) + " bytes" : "") + ")\n";
    else if (!f.space.empty() && f.address != 0)
      text += kBar + std::string("    address 0x") + llvm::utohexstr(f.address) + " (" + f.space +
              " memory)\n";
    if (f.count > 1)
      text += kBar + std::string("    seen ") + std::to_string(f.count) +
              (f.kind == "race" ? " times (hazards between these two sites)\n" : " times\n");
    for (const ReportSite &s : f.sites) {
      std::string who;
      if (s.thread_count > 1)
        who = std::to_string(s.thread_count) + " threads (" + s.threads + ") of block " +
              dim(s.block);
      else if (s.has_thread)
        who = "thread " + dim(s.thread) + " of block " + dim(s.block);
      std::string line = kBar + std::string("    ");
      if (!who.empty())
        line += who + ": ";
      line += s.detail.empty() ? s.role : s.detail;
      if (s.loc.pc != 0 || s.loc.known())
        line += " at " + s.loc.text();
      // A host thread's stack (--timeout) may end in its first function.
      if (s.role == "host thread" && !s.loc.function.empty())
        line += " in " + s.loc.function;
      text += line + "\n";
      int depth = 1;
      for (const SourceLoc &fr : s.stack) {
        text += kBar + std::string("        #") + std::to_string(depth++) + " " + fr.text();
        if (!fr.function.empty())
          text += " in " + fr.function;
        text += "\n";
      }
    }
    text += kBar + std::string("\n");
  }
  if (printed < sum.findings.size())
    text += kBar + std::to_string(sum.findings.size() - printed) +
            " more finding(s) not printed (--print-limit)\n";
  return text;
}

ReportSummary renderReport(const std::string &reportPath, const std::string &program,
                           std::string &text) {
  ReportSummary sum = readReport(reportPath, program);
  text += renderText(sum, 0);
  return sum;
}

} // namespace warpsim::driver
