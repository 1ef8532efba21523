// The static site table of the value-carrying instrumentation
// (sim/runtime/SiteTable.h): modules register their rows and get
// consecutive ids; an id outside every module names no site.
#include <doctest/doctest.h>

#include <string>

#include "SiteTable.h"

using warpsim::sim::SiteKind;
using warpsim::sim::StaticSite;

TEST_CASE("site table: modules get consecutive ids, lookups find their rows") {
  static const StaticSite first[] = {
      {"a.cu", 10, 5, static_cast<std::uint32_t>(SiteKind::Load), 4},
      {"a.cu", 11, 7, static_cast<std::uint32_t>(SiteKind::Store) | warpsim::sim::kSiteVolatile,
       8}};
  static const StaticSite second[] = {
      {"b.cu", 3, 1, static_cast<std::uint32_t>(SiteKind::Copy), 0}};
  const std::uint32_t before = warpsim::sim::staticSiteCount();
  const std::uint32_t a = __warpsim_register_sites(first, 2);
  const std::uint32_t b = __warpsim_register_sites(second, 1);
  CHECK(a == before);
  CHECK(b == a + 2);
  CHECK(warpsim::sim::staticSiteCount() == b + 1);
  REQUIRE(warpsim::sim::staticSite(a + 1) != nullptr);
  CHECK(warpsim::sim::staticSite(a + 1)->line == 11);
  CHECK(warpsim::sim::staticSite(a + 1)->size == 8);
  REQUIRE(warpsim::sim::staticSite(b) != nullptr);
  CHECK(std::string(warpsim::sim::staticSite(b)->file) == "b.cu");
  // A row's address is its id's other name.
  CHECK(warpsim::sim::staticSiteId(&first[1]) == a + 1);
  CHECK(warpsim::sim::staticSiteId(&second[0]) == b);
  // Twin: the id after the last row, and one far beyond, name nothing; a
  // pointer that is no registered row has no id.
  CHECK(warpsim::sim::staticSiteId(&second[0] + 1) == UINT32_MAX);
  CHECK(warpsim::sim::staticSite(b + 1) == nullptr);
  CHECK(warpsim::sim::staticSite(0xffffffffu) == nullptr);
}
