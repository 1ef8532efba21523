// --sarif FILE: SARIF 2.1.0 (OASIS), so code-scanning UIs show findings as
// annotations. One rule per finding kind; one result per merged finding,
// located at its first site, with the other sites as related locations and
// the call stacks as a code flow.
#include "Report.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

namespace warpsim::driver {
namespace {

llvm::json::Object physical(const SourceLoc &l) {
  return llvm::json::Object{
      {"physicalLocation",
       llvm::json::Object{
           {"artifactLocation", llvm::json::Object{{"uri", l.file}}},
           {"region", llvm::json::Object{{"startLine", l.line},
                                         {"startColumn", l.column == 0 ? 1 : l.column}}}}}};
}

const char *level(const std::string &severity) {
  return severity == "error" ? "error" : severity == "warning" ? "warning" : "note";
}

} // namespace

bool writeSarifReport(const std::string &path, const ReportSummary &sum, const std::string &input) {
  llvm::json::Array rules;
  std::vector<std::string> ruleIds;
  llvm::json::Array results;
  for (const ReportFinding &f : sum.findings) {
    std::size_t r = 0;
    while (r < ruleIds.size() && ruleIds[r] != f.kind)
      ++r;
    if (r == ruleIds.size()) {
      ruleIds.push_back(f.kind);
      rules.push_back(llvm::json::Object{
          {"id", f.kind},
          {"name", f.kind},
          {"shortDescription", llvm::json::Object{{"text", "warpsim: " + f.kind}}},
          {"helpUri", "docs/checks.md#" + f.kind}});
    }
    llvm::json::Array locations, related;
    for (std::size_t i = 0; i < f.sites.size(); ++i) {
      const ReportSite &s = f.sites[i];
      if (!s.loc.known())
        continue;
      llvm::json::Object l = physical(s.loc);
      std::string who =
          s.has_thread
              ? "thread (" + std::to_string(s.thread[0]) + "," + std::to_string(s.thread[1]) + "," +
                    std::to_string(s.thread[2]) + ") of block (" + std::to_string(s.block[0]) +
                    "," + std::to_string(s.block[1]) + "," + std::to_string(s.block[2]) + "): "
              : "";
      l["message"] = llvm::json::Object{{"text", who + (s.detail.empty() ? s.role : s.detail)}};
      if (locations.empty())
        locations.push_back(std::move(l));
      else {
        l["id"] = static_cast<std::int64_t>(i);
        related.push_back(std::move(l));
      }
    }
    if (locations.empty())
      locations.push_back(physical(SourceLoc{input, 1, 1, "", 0, input}));
    std::string text = f.message;
    if (!f.kernel.empty())
      text = "kernel '" + f.kernel + "': " + text;
    if (f.count > 1)
      text += " (seen " + std::to_string(f.count) + " times)";
    llvm::json::Object res{{"ruleId", f.kind},
                           {"ruleIndex", static_cast<std::int64_t>(r)},
                           {"level", level(f.severity)},
                           {"message", llvm::json::Object{{"text", text}}},
                           {"locations", std::move(locations)}};
    if (!related.empty())
      res["relatedLocations"] = std::move(related);
    llvm::json::Object props{{"count", f.count}, {"space", f.space}};
    if (!f.hazard.empty())
      props["hazard"] = f.hazard;
    res["properties"] = std::move(props);
    results.push_back(std::move(res));
  }
  llvm::json::Object run{
      {"tool", llvm::json::Object{{"driver", llvm::json::Object{{"name", "warpsim"},
                                                                {"informationUri",
                                                                 "https://example.invalid/warpsim"},
                                                                {"rules", std::move(rules)}}}}},
      {"artifacts",
       llvm::json::Array{llvm::json::Object{{"location", llvm::json::Object{{"uri", input}}}}}},
      {"results", std::move(results)}};
  llvm::json::Object root{{"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
                          {"version", "2.1.0"},
                          {"runs", llvm::json::Array{std::move(run)}}};
  std::error_code ec;
  llvm::raw_fd_ostream out(path, ec);
  if (ec)
    return false;
  out << llvm::formatv("{0:2}", llvm::json::Value(std::move(root))) << "\n";
  return true;
}

} // namespace warpsim::driver
