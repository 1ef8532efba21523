// --json FILE: the findings in a stable, documented schema (docs/checks.md,
// "JSON report"): kernels -> findings -> kind, severity, space, file, line,
// column, threads, count.
#include <fstream>

#include "Report.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

namespace warpsim::driver {
namespace {

llvm::json::Value dim(const unsigned d[3]) { return llvm::json::Array{d[0], d[1], d[2]}; }

llvm::json::Object loc(const SourceLoc &l) {
  return llvm::json::Object{
      {"file", l.file}, {"line", l.line}, {"column", l.column}, {"function", l.function}};
}

llvm::json::Object finding(const ReportFinding &f) {
  llvm::json::Array threads;
  for (const ReportSite &s : f.sites) {
    llvm::json::Object t = loc(s.loc);
    t["role"] = s.role;
    t["detail"] = s.detail;
    if (s.has_thread) {
      t["block"] = dim(s.block);
      t["thread"] = dim(s.thread);
    }
    t["count"] = s.thread_count;
    if (!s.threads.empty())
      t["threads"] = s.threads;
    llvm::json::Array stack;
    for (const SourceLoc &fr : s.stack)
      stack.push_back(loc(fr));
    t["stack"] = std::move(stack);
    threads.push_back(std::move(t));
  }
  SourceLoc first = f.sites.empty() ? SourceLoc{} : f.sites.front().loc;
  llvm::json::Object o{{"kind", f.kind},
                       {"severity", f.severity},
                       {"space", f.space},
                       {"file", first.file},
                       {"line", first.line},
                       {"column", first.column},
                       {"message", f.message},
                       {"count", f.count},
                       {"launch", f.launch},
                       {"fatal", f.fatal},
                       {"threads", std::move(threads)}};
  if (!f.hazard.empty())
    o["hazard"] = f.hazard;
  if (!f.object.empty())
    o["object"] = f.object;
  if (f.size != 0)
    o["size"] = f.size;
  return o;
}

} // namespace

bool writeJsonReport(const std::string &path, const ReportSummary &sum, const std::string &input,
                     const std::string &profileJson) {
  llvm::json::Array kernels;
  std::vector<std::string> names;
  for (const ReportFinding &f : sum.findings) {
    std::string name = f.kernel.empty() ? "(host)" : f.kernel;
    std::size_t i = 0;
    while (i < names.size() && names[i] != name)
      ++i;
    if (i == names.size()) {
      names.push_back(name);
      kernels.push_back(llvm::json::Object{{"name", name}, {"findings", llvm::json::Array{}}});
    }
    kernels[i].getAsObject()->getArray("findings")->push_back(finding(f));
  }
  llvm::json::Object stats;
  for (const auto &[k, v] : sum.stats)
    // Wall time would make the report differ run to run; how rounds ran
    // in parallel is how the engine worked, not what the program did.
    if (k != "kernel_ns" && k != "parallel_rounds" && k != "serial_turns")
      stats[k] = v;
  llvm::json::Object root{{"version", 1},
                          {"tool", "warpsim"},
                          {"file", input},
                          {"errors", sum.errors},
                          {"warnings", sum.warnings},
                          {"fatal", sum.fatal},
                          {"stats", std::move(stats)},
                          {"kernels", std::move(kernels)}};
  // Filters in use: additive keys, absent otherwise (docs/checks.md).
  if (sum.suppressions_used) {
    root["suppressed"] = sum.suppressed;
    llvm::json::Array unused;
    for (const std::string &u : sum.unused_suppressions)
      unused.push_back(u);
    root["unused_suppressions"] = std::move(unused);
  }
  if (sum.kernel_filter_used)
    root["kernel_filtered"] = sum.kernel_filtered;
  if (!profileJson.empty()) {
    auto p = llvm::json::parse(profileJson);
    if (p)
      root["profile"] = std::move(*p);
    else
      llvm::consumeError(p.takeError());
  }
  std::error_code ec;
  llvm::raw_fd_ostream out(path, ec);
  if (ec)
    return false;
  out << llvm::formatv("{0:2}", llvm::json::Value(std::move(root))) << "\n";
  return true;
}

} // namespace warpsim::driver
