#include "SiteTable.h"

#include <vector>

namespace warpsim::sim {
namespace {

struct Module {
  const StaticSite *sites;
  std::uint32_t base, count;
};

// Filled by global constructors, possibly before any other static of the
// runtime exists: a function-local static.
std::vector<Module> &modules() {
  static std::vector<Module> m;
  return m;
}

} // namespace

const StaticSite *staticSite(std::uint32_t id) {
  for (const Module &m : modules())
    if (id - m.base < m.count)
      return &m.sites[id - m.base];
  return nullptr;
}

std::uint32_t staticSiteId(const StaticSite *site) {
  if (site == nullptr)
    return kNoSite;
  for (const Module &m : modules())
    if (site >= m.sites && site < m.sites + m.count)
      return m.base + static_cast<std::uint32_t>(site - m.sites);
  return kNoSite;
}

std::uint32_t staticSiteCount() {
  return modules().empty() ? 0 : modules().back().base + modules().back().count;
}

} // namespace warpsim::sim

extern "C" __thread const warpsim::sim::StaticSite *__warpsim_event_site = nullptr;

extern "C" std::uint32_t __warpsim_register_sites(const warpsim::sim::StaticSite *sites,
                                                  std::uint32_t count) {
  const std::uint32_t base = warpsim::sim::staticSiteCount();
  warpsim::sim::modules().push_back({sites, base, count});
  return base;
}
