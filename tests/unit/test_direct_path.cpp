// Unit tests of the compiled engine's direct path: the watch that sends a
// launch whose threads meet on a word back to fibers (and undoes its writes),
// and the count of warp instructions the lockstep schedule would issue.
#include <doctest/doctest.h>

#include <cstdint>
#include <vector>

#include "LaneConflictWatch.h"
#include "LockstepCount.h"

using namespace warpsim;
using namespace warpsim::sim;

namespace {
std::uintptr_t at(const void *p, std::size_t off = 0) {
  return reinterpret_cast<std::uintptr_t>(p) + off;
}
} // namespace

TEST_CASE(
    "conflict watch: threads on their own words never meet; a shared read-only word is fine") {
  alignas(8) std::uint32_t mem[8] = {};
  LaneConflictWatch w;
  REQUIRE(w.beginLaunch(64));
  const std::uint32_t first = w.beginBlock(64);
  for (std::uint32_t t = 0; t < 8; ++t)
    CHECK(w.access(first + t, at(mem, 0), 4, false, false)); // everyone reads mem[0]
  for (std::uint32_t t = 1; t < 8; ++t) {
    CHECK(w.access(first + t, at(mem, 4 * t), 4, false, false)); // reads, writes, reads its own
    CHECK(w.access(first + t, at(mem, 4 * t), 4, true, false));
    CHECK(w.access(first + t, at(mem, 4 * t), 4, false, false));
  }
}

TEST_CASE("conflict watch: write then another's read, read then another's write, two writers") {
  alignas(8) std::uint32_t mem[4] = {};
  LaneConflictWatch w;
  REQUIRE(w.beginLaunch(4));
  const std::uint32_t f = w.beginBlock(4);
  CHECK(w.access(f, at(mem), 4, true, false));
  CHECK_FALSE(w.access(f + 1, at(mem), 4, false, false)); // reads f's write
  REQUIRE(w.beginLaunch(4));
  const std::uint32_t g = w.beginBlock(4);
  CHECK(w.access(g, at(mem, 4), 4, false, false));
  CHECK_FALSE(w.access(g + 1, at(mem, 4), 4, true, false)); // overwrites what g read
  REQUIRE(w.beginLaunch(4));
  const std::uint32_t h = w.beginBlock(4);
  CHECK(w.access(h + 2, at(mem, 8), 4, true, false));
  CHECK_FALSE(w.access(h + 3, at(mem, 8), 4, true, false));
  // Many readers, then one of them writes.
  REQUIRE(w.beginLaunch(4));
  const std::uint32_t k = w.beginBlock(4);
  CHECK(w.access(k, at(mem, 12), 4, false, false));
  CHECK(w.access(k + 1, at(mem, 12), 4, false, false));
  CHECK_FALSE(w.access(k + 1, at(mem, 12), 4, true, false));
}

TEST_CASE("conflict watch: words, not bytes; a wide access spans its words") {
  alignas(16) unsigned char mem[32] = {};
  LaneConflictWatch w;
  REQUIRE(w.beginLaunch(4));
  const std::uint32_t f = w.beginBlock(4);
  CHECK(w.access(f, at(mem, 1), 1, true, false));
  CHECK_FALSE(w.access(f + 1, at(mem, 2), 1, true, false)); // the same word: conservative
  REQUIRE(w.beginLaunch(4));
  const std::uint32_t g = w.beginBlock(4);
  CHECK(w.access(g, at(mem, 16), 16, true, false)); // words 16..31
  CHECK_FALSE(w.access(g + 1, at(mem, 28), 4, false, false));
  CHECK(w.access(g + 1, at(mem, 12), 4, false, false));
}

TEST_CASE("conflict watch: an earlier launch's or block's accesses are forgotten (serials)") {
  alignas(8) std::uint32_t mem[2] = {};
  LaneConflictWatch w;
  REQUIRE(w.beginLaunch(2));
  std::uint32_t f = w.beginBlock(2);
  CHECK(w.access(f, at(mem), 4, true, false));
  REQUIRE(w.beginLaunch(2));
  f = w.beginBlock(2);
  CHECK(w.access(f + 1, at(mem), 4, true, false)); // another launch: no conflict
  // Shared memory counts per block: the next block reuses the window.
  REQUIRE(w.beginLaunch(4));
  f = w.beginBlock(2);
  CHECK(w.access(f, at(mem, 4), 4, true, true));
  const std::uint32_t g = w.beginBlock(2);
  CHECK(w.access(g, at(mem, 4), 4, false, true));
  // ...but global memory per launch.
  CHECK(w.access(f + 1, at(mem), 4, true, false));
  CHECK_FALSE(w.access(g + 1, at(mem), 4, false, false));
  CHECK_FALSE(w.beginLaunch(std::uint64_t{1} << 31)); // more threads than serials
}

TEST_CASE("conflict watch: a barrier orders a block's segments; other blocks still meet") {
  alignas(8) std::uint32_t mem[4] = {};
  LaneConflictWatch w;
  REQUIRE(w.beginLaunch(8));
  const std::uint32_t f = w.beginBlock(4);
  CHECK(w.access(f, at(mem), 4, true, true));         // thread 0 writes a shared word
  CHECK(w.access(f + 1, at(mem, 4), 4, true, false)); // thread 1 a global word
  for (std::uint32_t t = 0; t < 4; ++t)
    CHECK(w.access(f + t, at(mem, 8), 4, false, false)); // all read a global word
  const std::uint32_t s = w.beginSegment(4);             // __syncthreads()
  REQUIRE(s > f + 3);
  CHECK(w.access(s + 2, at(mem), 4, false, true));           // reads thread 0's write: ordered
  CHECK(w.access(s + 3, at(mem, 4), 4, true, false));        // overwrites thread 1's: ordered
  CHECK(w.access(s + 1, at(mem, 8), 4, true, false));        // writes what all read: ordered
  CHECK_FALSE(w.access(s + 2, at(mem, 8), 4, false, false)); // ...but not in this segment
  // The next block: global words this launch's first block touched meet.
  const std::uint32_t g = w.beginBlock(4);
  CHECK(w.access(g, at(mem), 4, true, true)); // shared: per block
  CHECK_FALSE(w.access(g, at(mem, 4), 4, false, false));
  const std::uint32_t h = w.beginSegment(4);
  CHECK_FALSE(w.access(h, at(mem, 8), 4, false, false)); // still another block's write
  CHECK(w.beginSegment(std::uint32_t{1} << 31) == 0);    // serials ran out
}

TEST_CASE("conflict watch: atomics of one commuting class whose results nobody reads meet") {
  alignas(8) std::uint32_t mem[4] = {};
  const std::uint8_t add =
      model::commutingClass(model::AtomicOp::Add, {4, model::AtomicKind::Unsigned});
  const std::uint8_t sub =
      model::commutingClass(model::AtomicOp::Sub, {4, model::AtomicKind::Unsigned});
  const std::uint8_t orr =
      model::commutingClass(model::AtomicOp::Or, {4, model::AtomicKind::Unsigned});
  const std::uint8_t add64 =
      model::commutingClass(model::AtomicOp::Add, {8, model::AtomicKind::Unsigned});
  REQUIRE(add != 0);
  CHECK(add == sub);
  CHECK(add != orr);
  CHECK(add != add64);
  CHECK(model::commutingClass(model::AtomicOp::Add, {4, model::AtomicKind::Float}) == 0);
  CHECK(model::commutingClass(model::AtomicOp::Exchange, {4, model::AtomicKind::Signed}) == 0);
  CHECK(model::commutingClass(model::AtomicOp::Inc, {4, model::AtomicKind::Unsigned}) == 0);
  CHECK(model::commutingClass(model::AtomicOp::Min, {4, model::AtomicKind::Signed}) !=
        model::commutingClass(model::AtomicOp::Min, {4, model::AtomicKind::Unsigned}));
  LaneConflictWatch w;
  REQUIRE(w.beginLaunch(16));
  const std::uint32_t f = w.beginBlock(8);
  for (std::uint32_t t = 0; t < 4; ++t)
    CHECK(w.access(f + t, at(mem), 4, true, true, add)); // a shared counter
  CHECK_FALSE(w.access(f + 4, at(mem), 4, false, true)); // a plain read sees their order
  CHECK(w.access(f, at(mem, 4), 4, true, false, add));
  CHECK_FALSE(w.access(f + 1, at(mem, 4), 4, true, false, orr)); // another class
  CHECK(w.access(f, at(mem, 8), 4, true, false, orr));
  CHECK_FALSE(w.access(f + 1, at(mem, 8), 4, true, false, 0));    // an atomic whose result is read
  CHECK(w.access(f + 2, at(mem, 12), 4, false, false));           // a plain read, then
  CHECK_FALSE(w.access(f + 3, at(mem, 12), 4, true, false, add)); // another's atomic
  // One thread's own atomics and accesses do not meet.
  alignas(8) std::uint32_t own[2] = {};
  CHECK(w.access(f + 5, at(own), 4, true, false, add));
  CHECK(w.access(f + 5, at(own), 4, false, false));
  CHECK_FALSE(w.access(f + 6, at(own), 4, true, false, add)); // it read the word before
  // After a barrier the counter is read: ordered.
  const std::uint32_t s = w.beginSegment(8);
  CHECK(w.access(s + 7, at(mem), 4, false, true));
  // Another block's atomics of the class on the global word still meet them.
  const std::uint32_t g = w.beginBlock(8);
  CHECK(w.access(g + 1, at(mem, 4), 4, true, false, add));
  CHECK_FALSE(w.access(g + 2, at(mem, 8), 4, true, false, add)); // or-ed there
}

TEST_CASE(
    "conflict watch: rollback puts back each word the launch wrote, as before its first write") {
  alignas(8) std::uint32_t mem[4] = {10, 20, 30, 40};
  LaneConflictWatch w;
  REQUIRE(w.beginLaunch(4));
  const std::uint32_t f = w.beginBlock(4);
  REQUIRE(w.access(f, at(mem), 4, true, false));
  mem[0] = 11;
  REQUIRE(w.access(f, at(mem), 4, true, false)); // its second write: nothing more to keep
  mem[0] = 12;
  REQUIRE(w.access(f + 2, at(mem, 8), 2, true, false)); // part of a word: the word is kept
  mem[2] = 33;
  std::uint32_t shared = 5;
  REQUIRE(w.access(f + 3, at(&shared), 4, true, true));
  shared = 6;
  CHECK_FALSE(w.access(f + 1, at(mem), 4, false, false));
  w.rollback();
  CHECK(mem[0] == 10);
  CHECK(mem[1] == 20);
  CHECK(mem[2] == 30);
  CHECK(mem[3] == 40);
  CHECK(shared == 6); // shared memory is not undone: a block's window is filled at admission
}

namespace {
model::LaneStop stopAt(std::uintptr_t position, std::uint32_t depth = 0) {
  model::LaneStop s;
  s.depth = depth;
  s.pc = 0x1000 + position;
  s.stack = 0;
  s.kind = 1;
  s.position = position;
  return s;
}
} // namespace

TEST_CASE("lockstep count: lanes on one path issue one instruction per stop") {
  LockstepCount c;
  c.beginWarp(32);
  for (std::uint32_t l = 0; l < 32; ++l) {
    for (std::uintptr_t p : {1, 2, 3})
      c.add(l, stopAt(p));
    c.endLane(l);
  }
  CHECK(c.kept() == 3); // the first lane's stops only
  std::uint64_t last = 0;
  std::uint32_t streak = 0;
  CHECK(c.finishWarp(true, last, streak) == std::uint64_t{3});
}

TEST_CASE(
    "lockstep count: an if/else and a lane that exits early, as the reconvergence rule groups") {
  // Lanes 0-1 take the if (stops 1, 2, 5), lanes 2-3 the else (1, 3, 4, 5),
  // lane 4 returns after 1, lane 5 makes no stop. The rule issues 1 (all),
  // then the lowest position: 2 (lanes 0-1), 3, 4 (lanes 2-3), then 5
  // (lanes 0-3, reconverged): 5 instructions.
  LockstepCount c;
  c.beginWarp(6);
  const std::vector<std::vector<std::uintptr_t>> paths = {{1, 2, 5},    {1, 2, 5}, {1, 3, 4, 5},
                                                          {1, 3, 4, 5}, {1},       {}};
  for (std::uint32_t l = 0; l < paths.size(); ++l) {
    for (std::uintptr_t p : paths[l])
      c.add(l, stopAt(p));
    c.endLane(l);
  }
  std::uint64_t last = 0;
  std::uint32_t streak = 0;
  CHECK(c.finishWarp(true, last, streak) == std::uint64_t{5});
}

TEST_CASE("lockstep count: a lane still in a loop runs before lanes that left it") {
  // Loop body at position 2, after the loop 3: lane 0 iterates 3 times, lane 1 once.
  LockstepCount c;
  c.beginWarp(2);
  for (std::uintptr_t p : {2, 2, 2, 3})
    c.add(0, stopAt(p));
  c.endLane(0);
  for (std::uintptr_t p : {2, 3})
    c.add(1, stopAt(p));
  c.endLane(1);
  // 2 (both), 2 (lane 0), 2 (lane 0), 3 (both).
  std::uint64_t last = 0;
  std::uint32_t streak = 0;
  CHECK(c.finishWarp(true, last, streak) == std::uint64_t{4});
}

namespace {
// A warp of two lanes: lane 0 repeats a stop (position 2) `repeats` times
// while lane 1 waits at the join (position 9), where lane 0 then joins it.
void loopThenJoin(LockstepCount &c, int repeats) {
  c.beginWarp(2);
  for (int i = 0; i < repeats; ++i)
    c.add(0, stopAt(2));
  c.add(0, stopAt(9));
  c.endLane(0);
  c.add(1, stopAt(9));
  c.endLane(1);
}
} // namespace

TEST_CASE("lockstep count: where the starvation rule could step in the count is unknown") {
  LockstepCount c;
  std::uint64_t last = 0;
  std::uint32_t streak = 0;
  loopThenJoin(c, 300);
  CHECK_FALSE(c.finishWarp(true, last, streak).has_value()); // independent thread scheduling
  loopThenJoin(c, 300);
  last = 0;
  streak = 0;
  CHECK(c.finishWarp(false, last, streak) == std::uint64_t{301}); // warp-synchronous
}

TEST_CASE("lockstep count: barrier segments, each counted on its own") {
  // Lane 0 repeats a stop 200 times while lane 1 waits at the barrier
  // (position 9), in each of two segments: the barrier's group ends the
  // streak, so neither segment reaches the starvation rule's 256.
  LockstepCount c;
  std::uint64_t last = 0;
  std::uint32_t streak = 0;
  loopThenJoin(c, 200);
  REQUIRE(c.finishWarp(true, last, streak) == std::uint64_t{201});
  CHECK(streak == 0);
  CHECK(last == 3); // both lanes, at the barrier
  loopThenJoin(c, 200);
  CHECK(c.finishWarp(true, last, streak) == std::uint64_t{201});
}

TEST_CASE("lockstep count: the groups issued at a kind of stop (a warp's warp operations)") {
  auto op = [](std::uintptr_t position) {
    model::LaneStop s = stopAt(position);
    s.kind = 7;
    return s;
  };
  std::uint64_t last = 0;
  std::uint32_t streak = 0;
  std::vector<std::uint64_t> groups;
  LockstepCount c;
  // An if/else that joins at the operation: one group of all four lanes.
  c.beginWarp(4);
  for (std::uint32_t l = 0; l < 4; ++l) {
    c.add(l, stopAt(l < 2 ? 1 : 2));
    c.add(l, op(5));
    c.endLane(l);
  }
  REQUIRE(c.finishWarp(true, last, streak, 7, &groups) == std::uint64_t{3});
  CHECK(groups == std::vector<std::uint64_t>{0xf});
  // Lane 1 still has a stop past the operation's position: the rule issues
  // lane 0's operation first, alone, then lane 1's.
  groups.clear();
  c.beginWarp(2);
  c.add(0, op(5));
  c.endLane(0);
  c.add(1, stopAt(6));
  c.add(1, op(5));
  c.endLane(1);
  REQUIRE(c.finishWarp(true, last, streak, 7, &groups) == std::uint64_t{3});
  CHECK(groups == std::vector<std::uint64_t>{1, 2});
  // Lanes on one path: the uniform count's one group per such stop.
  groups.clear();
  c.beginWarp(3);
  for (std::uint32_t l = 0; l < 3; ++l) {
    c.add(l, op(5));
    c.add(l, stopAt(6));
    c.add(l, op(8));
    c.endLane(l);
  }
  REQUIRE(c.finishWarp(true, last, streak, 7, &groups) == std::uint64_t{3});
  CHECK(groups == std::vector<std::uint64_t>{7, 7});
}
