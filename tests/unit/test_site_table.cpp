// The static site table of the value-carrying instrumentation
// (sim/runtime/SiteTable.h): modules register their rows and get
// consecutive ids; an id outside every module names no site.
#include <doctest/doctest.h>

#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

#include "Findings.h"
#include "SiteTable.h"

namespace abi = warpsim::site_abi;
using warpsim::sim::StaticSite;

TEST_CASE("site table: modules get consecutive ids, lookups find their rows") {
  static const StaticSite first[] = {{"a.cu", 10, 5, abi::kLoad, 4},
                                     {"a.cu", 11, 7, abi::kStore | warpsim::sim::kSiteVolatile, 8}};
  static const StaticSite second[] = {{"b.cu", 3, 1, abi::kCopy, 0}};
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

TEST_CASE("site table: the running event's id follows __warpsim_event_site") {
  static const StaticSite rows[] = {{"e.cu", 4, 2, abi::kCall, 0}};
  const std::uint32_t id = __warpsim_register_sites(rows, 1);
  const StaticSite *saved = __warpsim_event_site;
  __warpsim_event_site = &rows[0];
  CHECK(warpsim::sim::currentSiteId() == id);
  // Twin: code built without the pass leaves it null: no static site.
  __warpsim_event_site = nullptr;
  CHECK(warpsim::sim::currentSiteId() == warpsim::sim::kNoSite);
  CHECK(warpsim::sim::staticSiteId(nullptr) == warpsim::sim::kNoSite);
  __warpsim_event_site = saved;
}

TEST_CASE("site table: a finding site's static site goes into the raw report with its row") {
  static const StaticSite rows[] = {
      {"/src/c.cu", 7, 3, abi::kLoad, 4},
      {"/src/c.cu", 0, 0, abi::kStore, 4}, // no debug location
      {"/src/c.cu", 9, 11, abi::kStore | warpsim::sim::kSiteVolatile, 8}};
  const std::uint32_t id = __warpsim_register_sites(rows, 3);
  const std::string path = "/tmp/warpsim_site_table_report_" + std::to_string(id) + ".jsonl";
  {
    warpsim::sim::FindingSink sink;
    sink.open(path.c_str());
    warpsim::sim::Finding f;
    f.kind = "race";
    for (std::uint32_t site : {id, warpsim::sim::kNoSite, id + 1, id + 2}) {
      warpsim::sim::FindingSite s;
      s.role = "read";
      s.pc = 0x1234;
      s.site = site;
      f.sites.push_back(s);
    }
    sink.add(f);
    sink.flush();
  }
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  std::remove(path.c_str());
  const std::string report = text.str();
  const std::string first =
      "{\"role\":\"read\",\"pc\":4660,\"static\":{\"id\":" + std::to_string(id) +
      ",\"file\":\"/src/c.cu\",\"line\":7,\"col\":3,\"kind\":\"load\","
      "\"size\":4},\"stack\"";
  CHECK(report.find(first) != std::string::npos);
  CHECK(report.find("\"line\":9,\"col\":11,\"kind\":\"store\",\"volatile\":true,\"size\":8}") !=
        std::string::npos);
  // Twins: no site, and a row without a line, write only the pc.
  std::size_t statics = 0;
  for (std::size_t at = report.find("\"static\""); at != std::string::npos;
       at = report.find("\"static\"", at + 1))
    ++statics;
  CHECK(statics == 2);
  CHECK(report.find("\"pc\":4660,\"stack\"") != std::string::npos);
}
