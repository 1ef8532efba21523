// The option table (warpsim/option_table.h): its rows are consistent, and the
// runtime's reader (sim/runtime/Options.cpp) takes what the table says and
// nothing else.
#include <doctest/doctest.h>

#include "Options.h"
#include "warpsim/option_table.h"

#include <set>
#include <string>

using namespace warpsim;
using options::Kind;

TEST_CASE("option table: names, keys and ids are unique; rows are complete") {
  std::set<std::string_view> names, keys;
  std::set<options::Id> ids;
  for (const options::Option &row : options::kOptions) {
    CHECK(ids.insert(row.id).second);
    CHECK((!row.flag.empty() || !row.key.empty()));
    if (!row.flag.empty()) {
      CHECK(names.insert(row.flag).second);
      CHECK(!row.help.empty());
      // a value takes a name in --help, a flag has none
      CHECK((row.kind == Kind::Flag) == row.metavar.empty());
    }
    if (!row.alias.empty())
      CHECK(names.insert(row.alias).second);
    if (!row.key.empty())
      CHECK(keys.insert(row.key).second);
    if (row.kind == Kind::Word || row.kind == Kind::List)
      CHECK(!row.choices.empty());
    // A value the table refuses has a message, with the value where it helps.
    if (row.kind != Kind::Flag && row.kind != Kind::Text && !row.flag.empty())
      CHECK(!row.error.empty());
    CHECK(&options::option(row.id) == &row);
  }
}

TEST_CASE("option table: choices and lists") {
  CHECK(options::isChoice("lockstep|fast|random", "fast"));
  CHECK(options::isChoice("lockstep|fast|random", "random"));
  CHECK_FALSE(options::isChoice("lockstep|fast|random", "fas"));
  CHECK_FALSE(options::isChoice("lockstep|fast|random", ""));
  std::string_view bad;
  const auto checks = options::option(options::Id::Check).choices;
  CHECK(options::isChoiceList(checks, "race,barrier,memory", bad));
  CHECK_FALSE(options::isChoiceList(checks, "race,mbarrier", bad));
  CHECK(bad == "mbarrier");
  CHECK_FALSE(options::isChoiceList(checks, "race,", bad));
  CHECK(bad.empty());
}

TEST_CASE("the runtime reads every key of the table, with its default") {
  for (const options::Option &row : options::kOptions) {
    if (row.key.empty())
      continue;
    sim::Options o;
    std::string err, text = std::string(row.key) + "=" + std::string(row.runtime_default);
    CAPTURE(text);
    CHECK(sim::parseOptions(text, o, err));
    // a value of the wrong kind is refused, naming the key
    if (row.kind != Kind::Text) {
      CHECK_FALSE(sim::parseOptions(std::string(row.key) + "=bogus", o, err));
      CHECK(err.find(std::string(row.key)) != std::string::npos);
    }
  }
}

TEST_CASE("the runtime's reader keeps the table's ranges") {
  sim::Options o;
  std::string err;
  CHECK(sim::parseOptions("jobs=0 jobs=256 warp_size=0 timeout=0 timeout=60 same_value_races=0 "
                          "checks=race,barrier memory_error=continue async_completion=random",
                          o, err));
  CHECK(o.jobs == 256);
  CHECK(o.timeout_s == 60);
  CHECK_FALSE(o.same_value_races);
  CHECK(o.checks == "race,barrier");
  CHECK(o.memory_error_continue);
  CHECK(o.async_random);
  CHECK_FALSE(o.async_eager);
  CHECK_FALSE(sim::parseOptions("jobs=257", o, err));
  CHECK_FALSE(sim::parseOptions("stack_size=1024", o, err));
  CHECK_FALSE(sim::parseOptions("resident_blocks=0", o, err));
  CHECK_FALSE(sim::parseOptions("shared_fill=256", o, err));
  CHECK_FALSE(sim::parseOptions("checks=race,colour", o, err));
  CHECK_FALSE(sim::parseOptions("profile=2", o, err));
  sim::Options none;
  CHECK(sim::parseOptions("checks=none", none, err));
  CHECK(none.checks.empty());
}
