#include "crosscheck/NcuCsv.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <set>

#include "crosscheck/LineReader.h"

namespace warpsim::driver {

const std::array<const char *, 8> kComparedMetrics = {
    "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum",
    "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum",
    "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum",
    "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum",
    "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum",
    "l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum",
    "l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum",
    "l1tex__t_requests_pipe_lsu_mem_global_op_st.sum",
};

namespace {

constexpr std::string_view kInst = "smsp__inst_executed.sum";
constexpr std::string_view kThreadInst = "smsp__thread_inst_executed.sum";

// One CSV row of quoted fields ("" is a quote inside a field). False when a
// quote is not closed or a field is not quoted.
bool splitRow(std::string_view line, std::vector<std::string> &fields) {
  fields.clear();
  std::size_t i = 0;
  while (true) {
    if (i >= line.size() || line[i] != '"')
      return false;
    std::string f;
    for (++i;; ++i) {
      if (i >= line.size())
        return false;
      if (line[i] == '"') {
        if (i + 1 < line.size() && line[i + 1] == '"') {
          f += '"';
          ++i;
          continue;
        }
        ++i;
        break;
      }
      f += line[i];
    }
    fields.push_back(std::move(f));
    if (i == line.size())
      return true;
    if (line[i] != ',')
      return false;
    ++i;
  }
}

// "17,408" -> 17408. Counters are integers; a value printed with a fraction
// ("1,024.00") is rounded.
bool parseCount(std::string_view text, std::uint64_t &out) {
  std::string s;
  for (char c : text)
    if (c != ',')
      s += c;
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
  if (ec == std::errc() && p == s.data() + s.size() && !s.empty())
    return true;
  char *end = nullptr;
  double d = std::strtod(s.c_str(), &end);
  if (s.empty() || end != s.c_str() + s.size() || !(d >= 0) || !std::isfinite(d))
    return false;
  out = static_cast<std::uint64_t>(std::llround(d));
  return true;
}

} // namespace

const NcuKernel *NcuCsv::find(const std::string &name) const {
  for (const NcuKernel &k : kernels)
    if (k.name == name)
      return &k;
  return nullptr;
}

std::string normaliseKernelName(std::string_view name) {
  // ncu names an anonymous namespace "(anonymous namespace)::": its
  // parentheses are not a parameter list.
  std::string s(name);
  for (std::size_t p; (p = s.find("(anonymous namespace)")) != std::string::npos;)
    s.replace(p, 21, "anonymous");
  // Cut the parameter list: the first '(' outside template arguments.
  int depth = 0;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '<')
      ++depth;
    else if (s[i] == '>')
      depth = std::max(0, depth - 1);
    else if (s[i] == '(' && depth == 0) {
      s.resize(i);
      break;
    }
  }
  // Drop every template argument list (they may hold spaces and '::').
  std::string plain;
  depth = 0;
  for (char c : s) {
    if (c == '<')
      ++depth;
    else if (c == '>')
      depth = std::max(0, depth - 1);
    else if (depth == 0)
      plain += c;
  }
  while (!plain.empty() && plain.back() == ' ')
    plain.pop_back();
  // The return type ends at the last space, the namespaces at the last "::".
  if (std::size_t sp = plain.rfind(' '); sp != std::string::npos)
    plain.erase(0, sp + 1);
  if (std::size_t ns = plain.rfind("::"); ns != std::string::npos)
    plain.erase(0, ns + 2);
  return plain;
}

NcuParse parseNcuCsv(std::string_view text) {
  NcuCsv csv;
  std::vector<std::string> fields;
  std::vector<std::set<std::string>> launchIds;
  int colId = -1, colKernel = -1, colMetric = -1, colValue = -1;
  std::size_t columns = 0;
  unsigned lineNo = 0;
  auto fail = [&](const std::string &what) { return NcuParse{std::nullopt, what, lineNo}; };
  LineReader lines(text);
  for (std::string_view line; lines.next(line);) {
    lineNo = lines.number();
    if (!line.empty() && line.back() == '\r')
      line.remove_suffix(1);
    if (line.empty() || line[0] != '"')
      continue; // ==PROF== lines and the program's own output
    if (!splitRow(line, fields))
      return fail("not a row of quoted CSV fields");
    if (colId < 0) {
      for (std::size_t i = 0; i < fields.size(); ++i) {
        int c = static_cast<int>(i);
        if (fields[i] == "ID")
          colId = c;
        else if (fields[i] == "Kernel Name")
          colKernel = c;
        else if (fields[i] == "Metric Name")
          colMetric = c;
        else if (fields[i] == "Metric Value")
          colValue = c;
      }
      if (colId < 0 || colKernel < 0 || colMetric < 0 || colValue < 0)
        return fail("the CSV header lacks ID, Kernel Name, Metric Name or Metric Value");
      columns = fields.size();
      continue;
    }
    if (fields.size() != columns)
      return fail(std::to_string(fields.size()) + " fields, the header has " +
                  std::to_string(columns));
    const std::string name = normaliseKernelName(fields[colKernel]);
    auto it = std::find_if(csv.kernels.begin(), csv.kernels.end(),
                           [&](const NcuKernel &k) { return k.name == name; });
    if (it == csv.kernels.end()) {
      csv.kernels.push_back({name, 0, {}, std::nullopt, std::nullopt});
      launchIds.emplace_back();
      it = csv.kernels.end() - 1;
    }
    NcuKernel &k = *it;
    auto &ids = launchIds[static_cast<std::size_t>(it - csv.kernels.begin())];
    if (ids.insert(fields[colId]).second)
      ++k.launches;
    const std::string &metric = fields[colMetric];
    const bool compared =
        std::find_if(kComparedMetrics.begin(), kComparedMetrics.end(),
                     [&](const char *m) { return metric == m; }) != kComparedMetrics.end();
    if (!compared && metric != kInst && metric != kThreadInst)
      continue; // the ratio, or a metric the cross-check does not use
    std::uint64_t v = 0;
    if (!parseCount(fields[colValue], v))
      return fail("value '" + fields[colValue] + "' of " + metric + " is not a number");
    if (compared)
      k.counters[metric] += v;
    else if (metric == kInst)
      k.inst = k.inst.value_or(0) + v;
    else
      k.thread_inst = k.thread_inst.value_or(0) + v;
  }
  if (colId < 0)
    return NcuParse{std::nullopt, "no CSV header (a line starting with \"ID\")"};
  return {std::move(csv), {}};
}

} // namespace warpsim::driver
