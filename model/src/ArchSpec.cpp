#include "warpsim/model/ArchSpec.h"

#include <charconv>
#include <functional>
#include <map>
#include <set>
#include <sstream>

namespace warpsim::model {
namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t'))
    s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
    s.remove_suffix(1);
  return s;
}

template <class T> bool parseNumber(std::string_view s, T &out) {
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
  return ec == std::errc() && p == s.data() + s.size();
}

bool parseTriple(std::string_view s, std::array<unsigned, 3> &out) {
  std::istringstream in{std::string(s)};
  std::string a, b, c, extra;
  if (!(in >> a >> b >> c) || (in >> extra))
    return false;
  return parseNumber(std::string_view(a), out[0]) && parseNumber(std::string_view(b), out[1]) &&
         parseNumber(std::string_view(c), out[2]);
}

using Setter = std::function<bool(ArchSpec &, std::string_view)>;

template <class T> Setter number(T ArchSpec::*field) {
  return [field](ArchSpec &a, std::string_view v) { return parseNumber(v, a.*field); };
}

const std::map<std::string, Setter, std::less<>> &setters() {
  static const std::map<std::string, Setter, std::less<>> table = {
      {"name",
       [](ArchSpec &a, std::string_view v) {
         a.name = v;
         return !v.empty();
       }},
      {"display_name",
       [](ArchSpec &a, std::string_view v) {
         a.display_name = v;
         return true;
       }},
      {"vendor",
       [](ArchSpec &a, std::string_view v) {
         a.vendor = v;
         return true;
       }},
      {"target_id",
       [](ArchSpec &a, std::string_view v) {
         a.target_id = v;
         return true;
       }},
      {"compute_major", number(&ArchSpec::compute_major)},
      {"compute_minor", number(&ArchSpec::compute_minor)},
      {"warp_size", number(&ArchSpec::warp_size)},
      {"max_threads_per_block", number(&ArchSpec::max_threads_per_block)},
      {"max_block_dim",
       [](ArchSpec &a, std::string_view v) { return parseTriple(v, a.max_block_dim); }},
      {"max_grid_dim",
       [](ArchSpec &a, std::string_view v) { return parseTriple(v, a.max_grid_dim); }},
      {"multiprocessor_count", number(&ArchSpec::multiprocessor_count)},
      {"max_threads_per_sm", number(&ArchSpec::max_threads_per_sm)},
      {"max_blocks_per_sm", number(&ArchSpec::max_blocks_per_sm)},
      {"shared_bank_count", number(&ArchSpec::shared_bank_count)},
      {"shared_bank_width", number(&ArchSpec::shared_bank_width)},
      {"shared_phase_lanes", number(&ArchSpec::shared_phase_lanes)},
      {"static_shared_per_block", number(&ArchSpec::static_shared_per_block)},
      {"shared_per_block_optin", number(&ArchSpec::shared_per_block_optin)},
      {"shared_per_sm", number(&ArchSpec::shared_per_sm)},
      {"reserved_shared_per_block", number(&ArchSpec::reserved_shared_per_block)},
      {"named_barriers", number(&ArchSpec::named_barriers)},
      {"registers_per_block", number(&ArchSpec::registers_per_block)},
      {"registers_per_sm", number(&ArchSpec::registers_per_sm)},
      {"total_global_mem", number(&ArchSpec::total_global_mem)},
      {"total_const_mem", number(&ArchSpec::total_const_mem)},
      {"l2_cache_size", number(&ArchSpec::l2_cache_size)},
      {"clock_rate_khz", number(&ArchSpec::clock_rate_khz)},
      {"memory_clock_rate_khz", number(&ArchSpec::memory_clock_rate_khz)},
      {"memory_bus_width", number(&ArchSpec::memory_bus_width)},
      {"global_sector_bytes", number(&ArchSpec::global_sector_bytes)},
      {"max_kernel_param_bytes", number(&ArchSpec::max_kernel_param_bytes)},
  };
  return table;
}

} // namespace

ArchParseResult parseArchSpec(std::string_view text) {
  ArchSpec spec;
  std::set<std::string, std::less<>> seen;
  unsigned lineNo = 0;
  while (!text.empty()) {
    ++lineNo;
    auto nl = text.find('\n');
    std::string_view line = text.substr(0, nl);
    text = nl == std::string_view::npos ? std::string_view{} : text.substr(nl + 1);
    if (auto hash = line.find('#'); hash != std::string_view::npos)
      line = line.substr(0, hash);
    line = trim(line);
    if (line.empty())
      continue;
    auto eq = line.find('=');
    if (eq == std::string_view::npos)
      return {std::nullopt, "line " + std::to_string(lineNo) + ": expected 'key = value'"};
    auto key = trim(line.substr(0, eq));
    auto value = trim(line.substr(eq + 1));
    auto it = setters().find(key);
    if (it == setters().end())
      return {std::nullopt,
              "line " + std::to_string(lineNo) + ": unknown key '" + std::string(key) + "'"};
    if (!it->second(spec, value))
      return {std::nullopt,
              "line " + std::to_string(lineNo) + ": bad value for '" + std::string(key) + "'"};
    seen.insert(std::string(key));
  }
  // Keys that may be left out (newer additions with a sensible default).
  static const std::set<std::string, std::less<>> optional = {
      "shared_phase_lanes", "reserved_shared_per_block", "target_id"};
  for (const auto &[key, setter] : setters())
    if (!seen.count(key) && !optional.count(key))
      return {std::nullopt, "missing key '" + key + "'"};
  if (spec.warp_size != 32 && spec.warp_size != 64)
    return {std::nullopt, "warp_size must be 32 or 64"};
  if (spec.shared_bank_count == 0 || spec.shared_bank_width == 0)
    return {std::nullopt, "bank geometry must be non-zero"};
  if (spec.shared_bank_count > 64 || spec.shared_phase_lanes == 0 ||
      spec.shared_phase_lanes > spec.warp_size)
    return {std::nullopt, "shared_bank_count must be at most 64 and shared_phase_lanes "
                          "between 1 and warp_size"};
  return {spec, {}};
}

} // namespace warpsim::model
