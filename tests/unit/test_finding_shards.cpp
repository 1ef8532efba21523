// Checkers in parallel phases (--jobs): a block's findings go to its
// resident slot's part of a FindingTable and are merged in round order when
// the phase ends, so the table does not depend on which host thread ran
// which block, or when; shadow memory is shared by host threads with caches
// of their own.
#include <doctest/doctest.h>

#include <string>
#include <thread>
#include <vector>

#include "FindingTable.h"
#include "warpsim/model/ShadowMemory.h"

using namespace warpsim::sim;

namespace {
using Table = FindingTable<int>; // extra: the largest "rank" seen
Table::Key key(const char *kind, std::uintptr_t pc) { return {kind, 0, pc, 0}; }

// One occurrence of `kind` at `pc` with `rank`, as the race detector counts
// them: the entry describes its worst occurrence.
void occur(Table &t, const char *kind, std::uintptr_t pc, int rank) {
  auto [i, fresh] = t.find(key(kind, pc));
  Table::Entry &e = t.at(i);
  if (fresh || rank > e.extra) {
    e.finding.kind = kind;
    e.finding.message = "rank " + std::to_string(rank);
    e.extra = rank;
  }
}

void mergeRank(Table::Entry &into, Table::Entry &from) {
  if (from.extra > into.extra) {
    into.finding = std::move(from.finding);
    into.extra = from.extra;
  }
}

// The entries in order, as "kind@pc xcount message".
std::vector<std::string> contents(Table &t, std::size_t n) {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < n; ++i) {
    const Table::Entry &e = t.at(i);
    out.push_back(e.finding.kind + " x" + std::to_string(e.count) + " " + e.finding.message);
  }
  return out;
}
} // namespace

TEST_CASE("finding table: parts of a parallel phase merge in round order, counts added") {
  // Slot 1 and slot 0 run at once; the round order says slot 1 first.
  auto run = [](bool slot0First) {
    Table t;
    t.reserveShards(2);
    occur(t, "race", 0x10, 1); // before the phase: in the table itself
    auto slot0 = [&] {
      ParallelSlotScope s(0);
      occur(t, "race", 0x10, 3);
      occur(t, "init", 0x20, 1);
    };
    auto slot1 = [&] {
      ParallelSlotScope s(1);
      occur(t, "oob", 0x30, 1);
      occur(t, "race", 0x10, 2);
      occur(t, "race", 0x10, 2);
    };
    if (slot0First) {
      std::thread a(slot0);
      a.join();
      std::thread b(slot1);
      b.join();
    } else {
      std::thread b(slot1);
      b.join();
      std::thread a(slot0);
      a.join();
    }
    t.mergeShards({1, 0}, mergeRank);
    return contents(t, 3);
  };
  const std::vector<std::string> want{"race x4 rank 3", "oob x1 rank 1", "init x1 rank 1"};
  CHECK(run(true) == want);
  CHECK(run(false) == want);
}

TEST_CASE("finding table: outside a parallel phase the table is used directly") {
  Table t;
  t.reserveShards(4);
  occur(t, "race", 0x10, 1);
  occur(t, "race", 0x10, 5);
  t.mergeShards({0, 1, 2, 3}, mergeRank); // nothing in the parts
  CHECK(contents(t, 1) == std::vector<std::string>{"race x2 rank 5"});
}

TEST_CASE("finding table: a part used without reserveShards is refused, not corrupted") {
  Table t;
  ParallelSlotScope s(3);
  CHECK_THROWS_AS(t.find(key("race", 1)), std::logic_error);
}

TEST_CASE("shadow memory: host threads with caches of their own share pages") {
  // Two threads write cells of one page (as two blocks owning different
  // granules of it do); the page's range of handed-out cells covers both.
  using Shadow = warpsim::model::ShadowMemory<std::uint64_t, 2>;
  Shadow shadow;
  const std::uintptr_t base = 0x7000000;
  shadow.page(base, 1).cell(base) = 1;
  auto writer = [&](std::uintptr_t from) {
    Shadow::Cache c;
    for (std::uintptr_t a = from; a < from + 4096; a += 4)
      shadow.page(a, 1, c).cell(a) += 2;
  };
  std::thread x(writer, base + 8192), y(writer, base + 32768);
  x.join();
  y.join();
  Shadow::Cache c;
  CHECK(*shadow.find(base + 8192, c) == 2);
  CHECK(*shadow.find(base + 32768 + 4092, c) == 2);
  CHECK(shadow.findPage(base + 0x100000, c) == nullptr);
  // A new generation clears every cell either thread handed out.
  shadow.page(base, 2);
  CHECK(*shadow.find(base + 8192, c) == 0);
  CHECK(*shadow.find(base + 32768 + 4092, c) == 0);
  CHECK(shadow.pages() == 1);
}
