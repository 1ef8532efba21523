#include "Suppressions.h"

#include <fnmatch.h>

#include <algorithm>
#include <array>
#include <fstream>
#include <sstream>

namespace warpsim::driver {
namespace {

// Every kind a finding can have (docs/checks.md). The fatal ones end the run
// and cannot be suppressed: hiding why a run ended would be a wrong answer.
constexpr std::array kKinds = {"race",
                               "memory-order",
                               "out-of-bounds",
                               "misaligned-access",
                               "use-after-free",
                               "double-free",
                               "invalid-free",
                               "memory-leak",
                               "uninitialized-read",
                               "barrier-divergence",
                               "barrier-skipped",
                               "barrier-in-divergent-loop",
                               "named-barrier",
                               "mbarrier",
                               "async-copy",
                               "async-proxy",
                               "grid-sync",
                               "invalid-launch",
                               "invalid-address",
                               "device-assert",
                               "texture-misuse",
                               "tensor-map",
                               "tensormap-proxy",
                               "host-access-to-device-memory",
                               "shared-memory-exhausted",
                               "warp-op",
                               "warp-shfl-source",
                               "warp-shfl-width",
                               "warp-sync-mask",
                               "warp-synchronous"};
constexpr std::array kFatalKinds = {"deadlock", "livelock", "timeout"};

bool glob(const std::string &pattern, const std::string &text) {
  return pattern.empty() || fnmatch(pattern.c_str(), text.c_str(), 0) == 0;
}

bool locMatches(const SuppressionRule &r, const SourceLoc &l) {
  if (!r.function.empty() && (l.function.empty() || !glob(r.function, l.function)))
    return false;
  if (!r.file.empty() && !glob(r.file, l.file) && !glob(r.file, l.path))
    return false;
  return true;
}

} // namespace

bool loadSuppressions(const std::string &path, Suppressions &out, std::string &error) {
  out.path = path;
  std::ifstream in(path);
  if (!in) {
    error = "cannot read the suppressions file '" + path + "'";
    return false;
  }
  std::string text;
  unsigned lineNo = 0;
  while (std::getline(in, text)) {
    ++lineNo;
    const std::string where = path + ":" + std::to_string(lineNo) + ": ";
    if (auto hash = text.find('#'); hash != std::string::npos)
      text.erase(hash);
    std::istringstream fields(text);
    std::string field;
    SuppressionRule rule;
    rule.line = lineNo;
    bool any = false;
    while (fields >> field) {
      auto eq = field.find('=');
      if (eq == std::string::npos || eq == 0 || eq + 1 == field.size()) {
        error = where + "expected key=value, not '" + field + "'";
        return false;
      }
      std::string key = field.substr(0, eq), value = field.substr(eq + 1);
      if (key == "kind") {
        for (std::size_t p = 0; p <= value.size();) {
          std::size_t q = std::min(value.find(',', p), value.size());
          std::string k = value.substr(p, q - p);
          if (std::find(kFatalKinds.begin(), kFatalKinds.end(), k) != kFatalKinds.end()) {
            error = where + "'" + k + "' ends the run and cannot be suppressed";
            return false;
          }
          if (std::find(kKinds.begin(), kKinds.end(), k) == kKinds.end()) {
            error = where + "unknown finding kind '" + k + "' (see docs/checks.md)";
            return false;
          }
          rule.kinds.push_back(k);
          p = q + 1;
        }
      } else if (key == "kernel" || key == "function" || key == "file") {
        (key == "kernel" ? rule.kernel : key == "function" ? rule.function : rule.file) = value;
      } else {
        error = where + "unknown key '" + key + "' (kind, kernel, function or file)";
        return false;
      }
      any = true;
    }
    if (any)
      out.rules.push_back(std::move(rule));
  }
  return true;
}

bool suppressionMatches(const SuppressionRule &r, const ReportFinding &f) {
  if (!r.kinds.empty() && std::find(r.kinds.begin(), r.kinds.end(), f.kind) == r.kinds.end())
    return false;
  if (!r.kernel.empty() && (f.kernel.empty() || !glob(r.kernel, f.kernel)))
    return false;
  if (r.function.empty() && r.file.empty())
    return true;
  // Library code is usually a caller or a callee of the reported line: any
  // site or any frame of a site's call stack may match.
  for (const ReportSite &s : f.sites) {
    if (locMatches(r, s.loc))
      return true;
    for (const SourceLoc &fr : s.stack)
      if (locMatches(r, fr))
        return true;
  }
  return false;
}

void applySuppressions(Suppressions &s, ReportSummary &sum) {
  sum.suppressions_used = true;
  std::vector<ReportFinding> kept;
  for (ReportFinding &f : sum.findings) {
    SuppressionRule *hit = nullptr;
    if (!f.fatal)
      for (SuppressionRule &r : s.rules)
        if (suppressionMatches(r, f)) {
          hit = &r;
          break;
        }
    if (hit != nullptr) {
      ++hit->used;
      ++sum.suppressed;
    } else {
      kept.push_back(std::move(f));
    }
  }
  sum.findings = std::move(kept);
  recount(sum);
  for (const SuppressionRule &r : s.rules)
    if (r.used == 0)
      sum.unused_suppressions.push_back(s.path + ":" + std::to_string(r.line));
}

std::string suppressionSummary(const Suppressions &s, const ReportSummary &sum) {
  std::string text;
  for (const SuppressionRule &r : s.rules)
    if (r.used == 0)
      text += "========= warpsim: unused suppression at " + s.path + ":" + std::to_string(r.line) +
              "\n";
  text += "========= warpsim: " + std::to_string(sum.suppressed) + " finding" +
          (sum.suppressed == 1 ? "" : "s") + " suppressed (--suppressions " + s.path + ")\n";
  return text;
}

} // namespace warpsim::driver
