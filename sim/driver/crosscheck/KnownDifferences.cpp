#include "crosscheck/KnownDifferences.h"

#include <algorithm>
#include <charconv>
#include <set>
#include <sstream>

#include "crosscheck/LineReader.h"
#include "crosscheck/NcuCsv.h"

namespace warpsim::driver {
namespace {

bool number(std::string_view s, std::uint64_t &out) {
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
  return !s.empty() && ec == std::errc() && p == s.data() + s.size();
}

std::string trim(std::string_view s) {
  std::size_t b = s.find_first_not_of(" \t\r");
  if (b == std::string_view::npos)
    return {};
  std::size_t e = s.find_last_not_of(" \t\r");
  return std::string(s.substr(b, e - b + 1));
}

} // namespace

KnownParse parseKnownDifferences(std::string_view text) {
  std::vector<KnownDifference> entries;
  std::set<std::pair<std::string, std::string>> seen; // (program, item)
  unsigned lineNo = 0;
  auto fail = [&](const std::string &what) { return KnownParse{std::nullopt, what, lineNo}; };
  LineReader lines(text);
  for (std::string_view line; lines.next(line);) {
    lineNo = lines.number();
    KnownDifference k;
    k.line = lineNo;
    // A comment starts at a '#' after blank space: `out:out#2` names the
    // second buffer called `out`.
    std::size_t hash = 0;
    while ((hash = line.find('#', hash)) != std::string_view::npos && hash > 0 &&
           line[hash - 1] != ' ' && line[hash - 1] != '\t')
      ++hash;
    if (hash != std::string_view::npos) {
      k.reason = trim(line.substr(hash + 1));
      line = line.substr(0, hash);
    }
    std::istringstream words{std::string(line)};
    std::vector<std::string> w;
    for (std::string s; words >> s;)
      w.push_back(s);
    if (w.empty())
      continue; // blank or a comment
    if (w.size() != 3)
      return fail("expected '<program> <item> <allowance>  # reason', found " +
                  std::to_string(w.size()) + " field" + (w.size() == 1 ? "" : "s"));
    k.program = w[0];
    k.item = w[1];
    k.allowance = w[2];
    if (k.item.rfind("out:", 0) == 0) {
      k.buffer = k.item.substr(4);
      if (k.buffer.empty())
        return fail("'out:' needs a buffer name");
      if (k.allowance == "digest") {
        k.kind = KnownDifference::Kind::OutputDigest;
      } else if (k.allowance.rfind("ulp<=", 0) == 0 && number(k.allowance.substr(5), k.ulp)) {
        k.kind = KnownDifference::Kind::OutputUlp;
      } else {
        return fail("an output's allowance is 'ulp<=N' or 'digest', not '" + k.allowance + "'");
      }
    } else if (k.item.rfind("counter:", 0) == 0) {
      std::string rest = k.item.substr(8);
      std::size_t colon = rest.find(':');
      if (colon == std::string::npos || colon == 0 || colon + 1 == rest.size())
        return fail("a counter item is 'counter:<kernel>:<metric>', not '" + k.item + "'");
      k.kernel = rest.substr(0, colon);
      k.metric = rest.substr(colon + 1);
      if (std::find_if(kComparedMetrics.begin(), kComparedMetrics.end(),
                       [&](const char *m) { return k.metric == m; }) == kComparedMetrics.end())
        return fail("'" + k.metric + "' is not one of the compared counters");
      if (k.allowance.rfind("warpsim=", 0) != 0 || !number(k.allowance.substr(8), k.warpsim))
        return fail("a counter's allowance is 'warpsim=<value>', not '" + k.allowance + "'");
      k.kind = KnownDifference::Kind::Counter;
    } else {
      return fail("an item is 'out:<buffer>' or 'counter:<kernel>:<metric>', not '" + k.item + "'");
    }
    if (!seen.emplace(k.program, k.item).second)
      return fail("a second entry for " + k.program + " " + k.item);
    entries.push_back(std::move(k));
  }
  return {std::move(entries), {}};
}

} // namespace warpsim::driver
