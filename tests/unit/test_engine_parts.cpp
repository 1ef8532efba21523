// Unit tests of the engine's plain parts: the shared-memory layout of a
// launch, a block's table of sync objects, the checkers' finding table, and
// how reports write sets of threads.
#include <doctest/doctest.h>

#include <vector>

#include "FindingTable.h"
#include "SharedLayout.h"
#include "SyncTable.h"
#include "ThreadList.h"

using namespace warpsim;
using namespace warpsim::sim;

TEST_CASE("shared layout: dynamic memory first, statics 128-aligned after it, in first-use order") {
  SharedLayout L;
  L.begin(1, 100, 64, 256 * 1024);
  CHECK(L.end() == 100);
  CHECK(L.prepared() == 128 + 64 + 128);
  SharedVar a{"a", "f.cu", 1, 1}, b{"b", "f.cu", 2, 1};
  REQUIRE(L.place(&a, 40, 4));
  CHECK(a.offset == 128);
  CHECK(a.size == 40);
  REQUIRE(L.place(&b, 16, 16));
  CHECK(b.offset == 176); // 168 rounded up to 16
  CHECK(L.end() == 192);
  CHECK(L.staticBytes() == 64);
  // Placing again in the same launch changes nothing.
  REQUIRE(L.place(&a, 40, 4));
  CHECK(L.vars().size() == 2);
  CHECK(L.vars()[0] == &a);
  // A new launch lays out anew.
  L.begin(2, 0, 0, 256 * 1024);
  REQUIRE(L.place(&b, 16, 16));
  CHECK(b.offset == 0);
  CHECK(L.vars().size() == 1);
}

TEST_CASE(
    "shared layout: a variable past the window does not fit; growing covers what is laid out") {
  SharedLayout L;
  L.begin(1, 0, 0, 4096);
  CHECK(L.prepared() == 128);
  SharedVar big{"big", "f.cu", 1, 1}, huge{"huge", "f.cu", 2, 1};
  REQUIRE(L.place(&big, 1000, 4));
  CHECK(L.end() > L.prepared());
  CHECK(L.grow() == 128);
  CHECK(L.prepared() == 4096); // capped at the window
  CHECK_FALSE(L.place(&huge, 4000, 4));
}

TEST_CASE("sync table: sixteen CTA barriers; an exit completes a barrier the others wait at") {
  SyncTable t;
  t.reset(3);
  CHECK(t.barriers.size() == 16);
  CHECK(t.barrier(0).live() == 3);
  CHECK(t.barrier(15).live() == 3);
  CHECK_FALSE(t.barrier(0).arrive(true));
  CHECK_FALSE(t.barrier(0).arrive(false));
  CHECK(t.threadExited() == 1u); // barrier 0 completes, the others had no arrivals
  CHECK(t.barrier(0).phase() == 1);
  CHECK(t.barrier(0).lastCount() == 1);
  CHECK(t.barrier(0).lastArrived() == 2);
  CHECK(t.barrier(1).phase() == 0);
  CHECK(t.barrier(1).live() == 2);
}

TEST_CASE("finding table: one entry per key, counted, written in first-seen order") {
  FindingTable<int> table;
  auto [i, fresh] = table.find({"race", 1, 0x10, 0x20});
  CHECK(fresh);
  table.at(i).finding.kind = "race";
  table.at(i).extra = 7;
  auto [j, again] = table.find({"race", 1, 0x10, 0x20});
  CHECK_FALSE(again);
  CHECK(j == i);
  CHECK(table.at(i).count == 2);
  auto [k, other] = table.find({"race", 2, 0x10, 0x20});
  CHECK(other);
  table.at(k).finding.kind = "other";
  // Written at once: only the first time.
  CHECK(table.firstTime({"warp-sync-mask", 0, 0x30, 0}));
  CHECK_FALSE(table.firstTime({"warp-sync-mask", 0, 0x30, 0}));

  std::vector<std::string> seen;
  std::vector<std::uint64_t> counts;
  FindingSink sink; // no report file: would print, but every entry is dropped below
  KernelSite site{};
  site.kernel_name = "k";
  LaunchInfo launch{};
  launch.id = 4;
  launch.site = &site;
  table.flush(sink, launch, [&](FindingTable<int>::Entry &e) {
    seen.push_back(e.finding.kind);
    counts.push_back(e.finding.count);
    CHECK(e.finding.launch == 4);
    CHECK(e.finding.kernel == "k");
    return false;
  });
  CHECK(seen == std::vector<std::string>{"race", "other"}); // the written one is not flushed
  CHECK(counts == std::vector<std::uint64_t>{2, 1});
  // The table starts empty for the next launch.
  CHECK(table.find({"race", 1, 0x10, 0x20}).second);
}

TEST_CASE("thread and lane lists") {
  CHECK(threadList({0, 1, 2, 3, 7}) == "0..3,7");
  CHECK(threadList({5}) == "5");
  CHECK(threadList({}).empty());
  CHECK(laneList(0x8) == "lane 3");
  CHECK(laneList(0xffff0001ull) == "lanes 0,16..31");
  CHECK(hexMask(~0ull, 32) == "0xffffffff");
  CHECK(hexMask(~0ull, 64) == "0xffffffffffffffff");
}
