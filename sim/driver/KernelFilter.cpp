#include "KernelFilter.h"

#include <algorithm>

namespace warpsim::driver {
namespace {

bool matches(const KernelFilter &f, const std::string &name) {
  for (const std::string &e : f.exact)
    if (name != e)
      return false;
  for (const std::string &s : f.substrings)
    if (name.find(s) == std::string::npos)
      return false;
  return true;
}

} // namespace

bool KernelFilters::selects(const std::string &name) const {
  if (!include.empty() &&
      std::none_of(include.begin(), include.end(), [&](const auto &f) { return matches(f, name); }))
    return false;
  return std::none_of(exclude.begin(), exclude.end(),
                      [&](const auto &f) { return matches(f, name); });
}

bool parseKernelFilter(const std::string &option, const std::string &text, KernelFilter &out,
                       std::string &error) {
  if (text.empty()) {
    error = option + " needs a kernel name or kne=NAME / kns=SUBSTRING";
    return false;
  }
  if (text.find('=') == std::string::npos) {
    out.exact.push_back(text);
    return true;
  }
  for (std::size_t p = 0; p <= text.size();) {
    std::size_t q = std::min(text.find(',', p), text.size());
    std::string item = text.substr(p, q - p);
    auto eq = item.find('=');
    std::string key = item.substr(0, eq);
    std::string value = eq == std::string::npos ? "" : item.substr(eq + 1);
    if (eq == std::string::npos || value.empty()) {
      error = option + ": expected kernel_name=NAME, kne=NAME, kernel_substring=S or kns=S, not '" +
              item + "'";
      return false;
    }
    if (key == "kernel_name" || key == "kne")
      out.exact.push_back(value);
    else if (key == "kernel_substring" || key == "kns")
      out.substrings.push_back(value);
    else {
      error = option + ": unknown key '" + key + "' (kernel_name, kne, kernel_substring or kns)";
      return false;
    }
    p = q + 1;
  }
  return true;
}

void applyKernelFilters(const KernelFilters &k, ReportSummary &sum) {
  sum.kernel_filter_used = true;
  std::vector<ReportFinding> kept;
  for (ReportFinding &f : sum.findings) {
    if (!f.fatal && !f.kernel.empty() && !k.selects(f.kernel))
      ++sum.kernel_filtered;
    else
      kept.push_back(std::move(f));
  }
  sum.findings = std::move(kept);
  recount(sum);
}

} // namespace warpsim::driver
