// Unit tests of the compiled engine's direct path: the watch that sends a
// launch whose threads meet on a word back to fibers (and undoes its writes),
// and the count of warp instructions the lockstep schedule would issue.
#include <doctest/doctest.h>

#include <atomic>
#include <cstdint>
#include <thread>
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
  LaneConflictWatch::Cursor c;
  REQUIRE(w.beginLaunch(64, 64, false));
  const std::uint32_t first = w.beginBlock(c, 0);
  for (std::uint32_t t = 0; t < 8; ++t)
    CHECK(w.access(c, first + t, at(mem, 0), 4, false, false)); // everyone reads mem[0]
  for (std::uint32_t t = 1; t < 8; ++t) {
    CHECK(w.access(c, first + t, at(mem, 4 * t), 4, false, false)); // reads, writes, reads its own
    CHECK(w.access(c, first + t, at(mem, 4 * t), 4, true, false));
    CHECK(w.access(c, first + t, at(mem, 4 * t), 4, false, false));
  }
}

TEST_CASE("conflict watch: write then another's read, read then another's write, two writers") {
  alignas(8) std::uint32_t mem[4] = {};
  LaneConflictWatch w;
  LaneConflictWatch::Cursor c;
  REQUIRE(w.beginLaunch(4, 4, false));
  const std::uint32_t f = w.beginBlock(c, 0);
  CHECK(w.access(c, f, at(mem), 4, true, false));
  CHECK_FALSE(w.access(c, f + 1, at(mem), 4, false, false)); // reads f's write
  REQUIRE(w.beginLaunch(4, 4, false));
  const std::uint32_t g = w.beginBlock(c, 0);
  CHECK(w.access(c, g, at(mem, 4), 4, false, false));
  CHECK_FALSE(w.access(c, g + 1, at(mem, 4), 4, true, false)); // overwrites what g read
  REQUIRE(w.beginLaunch(4, 4, false));
  const std::uint32_t h = w.beginBlock(c, 0);
  CHECK(w.access(c, h + 2, at(mem, 8), 4, true, false));
  CHECK_FALSE(w.access(c, h + 3, at(mem, 8), 4, true, false));
  // Many readers, then one of them writes.
  REQUIRE(w.beginLaunch(4, 4, false));
  const std::uint32_t k = w.beginBlock(c, 0);
  CHECK(w.access(c, k, at(mem, 12), 4, false, false));
  CHECK(w.access(c, k + 1, at(mem, 12), 4, false, false));
  CHECK_FALSE(w.access(c, k + 1, at(mem, 12), 4, true, false));
}

TEST_CASE("conflict watch: words, not bytes; a wide access spans its words") {
  alignas(16) unsigned char mem[32] = {};
  LaneConflictWatch w;
  LaneConflictWatch::Cursor c;
  REQUIRE(w.beginLaunch(4, 4, false));
  const std::uint32_t f = w.beginBlock(c, 0);
  CHECK(w.access(c, f, at(mem, 1), 1, true, false));
  CHECK_FALSE(w.access(c, f + 1, at(mem, 2), 1, true, false)); // the same word: conservative
  REQUIRE(w.beginLaunch(4, 4, false));
  const std::uint32_t g = w.beginBlock(c, 0);
  CHECK(w.access(c, g, at(mem, 16), 16, true, false)); // words 16..31
  CHECK_FALSE(w.access(c, g + 1, at(mem, 28), 4, false, false));
  CHECK(w.access(c, g + 1, at(mem, 12), 4, false, false));
}

TEST_CASE("conflict watch: an earlier launch's or block's accesses are forgotten (serials)") {
  alignas(8) std::uint32_t mem[2] = {};
  LaneConflictWatch w;
  LaneConflictWatch::Cursor c, d;
  REQUIRE(w.beginLaunch(2, 2, false));
  std::uint32_t f = w.beginBlock(c, 0);
  CHECK(w.access(c, f, at(mem), 4, true, false));
  REQUIRE(w.beginLaunch(2, 2, false));
  f = w.beginBlock(c, 0);
  CHECK(w.access(c, f + 1, at(mem), 4, true, false)); // another launch: no conflict
  // Shared memory counts per block: the next block reuses the window.
  REQUIRE(w.beginLaunch(4, 2, false));
  f = w.beginBlock(c, 0);
  CHECK(w.access(c, f, at(mem, 4), 4, true, true));
  CHECK(w.access(c, f + 1, at(mem), 4, true, false));
  const std::uint32_t g = w.beginBlock(d, 1);
  CHECK(w.access(d, g, at(mem, 4), 4, false, true));
  // ...but global memory per launch.
  CHECK_FALSE(w.access(d, g + 1, at(mem), 4, false, false));
  CHECK_FALSE(w.beginLaunch(std::uint64_t{1} << 30, 32, false)); // more threads than serials
}

TEST_CASE("conflict watch: a barrier orders a block's segments; other blocks still meet") {
  for (const bool concurrent : {false, true}) {
    CAPTURE(concurrent);
    alignas(8) std::uint32_t mem[4] = {};
    LaneConflictWatch w;
    LaneConflictWatch::Cursor c, d;
    REQUIRE(w.beginLaunch(8, 4, concurrent));
    const std::uint32_t f = w.beginBlock(c, 0);
    CHECK(w.access(c, f, at(mem), 4, true, true));         // thread 0 writes a shared word
    CHECK(w.access(c, f + 1, at(mem, 4), 4, true, false)); // thread 1 a global word
    for (std::uint32_t t = 0; t < 4; ++t)
      CHECK(w.access(c, f + t, at(mem, 8), 4, false, false)); // all read a global word
    const std::uint32_t s = w.beginSegment(c);                // __syncthreads()
    REQUIRE(s > f + 3);
    CHECK(w.access(c, s + 2, at(mem), 4, false, true));           // reads thread 0's write
    CHECK(w.access(c, s + 3, at(mem, 4), 4, true, false));        // overwrites thread 1's
    CHECK(w.access(c, s + 1, at(mem, 8), 4, true, false));        // writes what all read
    CHECK_FALSE(w.access(c, s + 2, at(mem, 8), 4, false, false)); // ...not in this segment
    // Another block: global words the first block touched meet.
    const std::uint32_t g = w.beginBlock(d, 1);
    CHECK(w.access(d, g, at(mem), 4, true, true)); // shared: per block (its own window)
    CHECK_FALSE(w.access(d, g, at(mem, 4), 4, false, false));
    const std::uint32_t h = w.beginSegment(d);
    CHECK_FALSE(w.access(d, h, at(mem, 8), 4, false, false)); // still another block's write
  }
}

TEST_CASE("conflict watch: readers of several blocks are forgotten with their launch") {
  // A stencil's ping-pong: a launch's blocks read a buffer the next launch
  // writes (and a segment's readers, the next segment's writer).
  for (const bool concurrent : {false, true}) {
    CAPTURE(concurrent);
    alignas(8) std::uint32_t mem[2] = {};
    LaneConflictWatch w;
    LaneConflictWatch::Cursor a, b;
    REQUIRE(w.beginLaunch(8, 4, concurrent));
    std::uint32_t fa = w.beginBlock(a, 0), fb = w.beginBlock(b, 1);
    CHECK(w.access(a, fa, at(mem), 4, false, false));
    CHECK(w.access(b, fb, at(mem), 4, false, false)); // readers of two blocks
    CHECK(w.access(a, fa + 1, at(mem), 4, false, false));
    CHECK_FALSE(w.access(a, fa + 2, at(mem), 4, true, false)); // b read it
    REQUIRE(w.beginLaunch(8, 4, concurrent));
    fa = w.beginBlock(a, 0);
    CHECK(w.access(a, fa + 3, at(mem), 4, true, false));    // the next launch writes it
    CHECK(w.access(a, fa + 3, at(mem, 4), 4, false, true)); // shared: two readers of a
    CHECK(w.access(a, fa + 2, at(mem, 4), 4, false, true)); // segment, then
    const std::uint32_t s = w.beginSegment(a);
    CHECK(w.access(a, s, at(mem, 4), 4, true, true)); // the next segment's writer
  }
}

TEST_CASE("conflict watch: serials run out") {
  LaneConflictWatch w;
  LaneConflictWatch::Cursor c;
  REQUIRE(w.beginLaunch(std::uint64_t{1} << 28, std::uint32_t{1} << 28, false));
  CHECK(w.beginBlock(c, 0) != 0);
  CHECK(w.beginSegment(c) != 0);
  CHECK(w.beginSegment(c) != 0);
  CHECK(w.beginSegment(c) == 0); // 2^30 per launch
  CHECK(w.beginSegment(c) == 0);
  REQUIRE(w.beginLaunch(64, 64, false)); // the next launch counts again
  CHECK(w.beginBlock(c, 0) != 0);
}

TEST_CASE("conflict watch: blocks that run at once meet on global words in either order") {
  // Blocks on several host threads: each has its cursor; serials of both
  // are taken in turns, so a block's earlier segments are not contiguous.
  alignas(8) std::uint32_t mem[8] = {};
  LaneConflictWatch w;
  LaneConflictWatch::Cursor a, b;
  REQUIRE(w.beginLaunch(64, 4, true));
  const std::uint32_t a0 = w.beginBlock(a, 0);
  const std::uint32_t b0 = w.beginBlock(b, 1);
  CHECK(w.access(a, a0, at(mem), 4, true, false));         // a writes word 0
  CHECK(w.access(b, b0 + 1, at(mem, 4), 4, false, false)); // b reads word 1
  CHECK(w.access(a, a0 + 2, at(mem, 8), 4, false, false)); // both read word 2
  CHECK(w.access(b, b0 + 2, at(mem, 8), 4, false, false));
  const std::uint32_t a1 = w.beginSegment(a);
  const std::uint32_t b1 = w.beginSegment(b);
  REQUIRE(a1 < b1); // b's later serials pass a's: ownership, not order, tells blocks apart
  CHECK(w.access(a, a1 + 1, at(mem), 4, false, false));         // a's own earlier write: ordered
  CHECK_FALSE(w.access(b, b1, at(mem), 4, false, false));       // a's write, from b
  CHECK(w.access(b, b1 + 3, at(mem, 4), 4, true, false));       // b's own earlier read: ordered
  CHECK_FALSE(w.access(a, a1, at(mem, 4), 4, false, false));    // b's write, from a
  CHECK_FALSE(w.access(a, a1 + 3, at(mem, 8), 4, true, false)); // b read it too
  // Readers of one block in an earlier segment and a writer of that block.
  const std::uint32_t a2 = w.beginSegment(a);
  CHECK(w.access(a, a2, at(mem, 12), 4, false, false));
  CHECK(w.access(a, a2 + 1, at(mem, 12), 4, false, false));
  const std::uint32_t a3 = w.beginSegment(a);
  CHECK(w.access(a, a3 + 2, at(mem, 12), 4, true, false));
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
  for (const bool concurrent : {false, true}) {
    CAPTURE(concurrent);
    LaneConflictWatch w;
    LaneConflictWatch::Cursor c, d;
    REQUIRE(w.beginLaunch(16, 8, concurrent));
    const std::uint32_t f = w.beginBlock(c, 0);
    for (std::uint32_t t = 0; t < 4; ++t)
      CHECK(w.access(c, f + t, at(mem), 4, true, true, add)); // a shared counter
    CHECK_FALSE(w.access(c, f + 4, at(mem), 4, false, true)); // a plain read sees their order
    CHECK(w.access(c, f, at(mem, 4), 4, true, false, add));
    CHECK_FALSE(w.access(c, f + 1, at(mem, 4), 4, true, false, orr)); // another class
    CHECK(w.access(c, f, at(mem, 8), 4, true, false, orr));
    CHECK_FALSE(w.access(c, f + 1, at(mem, 8), 4, true, false, 0));    // its result is read
    CHECK(w.access(c, f + 2, at(mem, 12), 4, false, false));           // a plain read, then
    CHECK_FALSE(w.access(c, f + 3, at(mem, 12), 4, true, false, add)); // another's atomic
    // One thread's own atomics and accesses do not meet.
    alignas(8) std::uint32_t own[2] = {};
    CHECK(w.access(c, f + 5, at(own), 4, true, false, add));
    CHECK(w.access(c, f + 5, at(own), 4, false, false));
    CHECK_FALSE(w.access(c, f + 6, at(own), 4, true, false, add)); // it read the word before
    // After a barrier the counter is read: ordered.
    const std::uint32_t s = w.beginSegment(c);
    CHECK(w.access(c, s + 7, at(mem), 4, false, true));
    // Another block's atomics of the class on the global word still meet them.
    const std::uint32_t g = w.beginBlock(d, 1);
    CHECK(w.access(d, g + 1, at(mem, 4), 4, true, false, add));
    CHECK_FALSE(w.access(d, g + 2, at(mem, 8), 4, true, false, add)); // or-ed there
    // The first block reads the word both blocks' atomics changed.
    CHECK_FALSE(w.access(c, s + 1, at(mem, 4), 4, false, false));
  }
}

TEST_CASE("conflict watch: a block's plain access, then its atomics, then another block's") {
  const std::uint8_t add =
      model::commutingClass(model::AtomicOp::Add, {4, model::AtomicKind::Unsigned});
  for (const bool concurrent : {false, true}) {
    CAPTURE(concurrent);
    alignas(8) std::uint32_t mem[2] = {};
    LaneConflictWatch w;
    LaneConflictWatch::Cursor c, d;
    REQUIRE(w.beginLaunch(16, 8, concurrent));
    const std::uint32_t f = w.beginBlock(c, 0);
    CHECK(w.access(c, f, at(mem), 4, false, false));   // reads the counter
    CHECK(w.access(c, f, at(mem, 4), 4, true, false)); // zeroes another
    const std::uint32_t s = w.beginSegment(c);
    CHECK(w.access(c, s + 1, at(mem), 4, true, false, add)); // ordered after the barrier
    CHECK(w.access(c, s + 2, at(mem), 4, true, false, add));
    CHECK(w.access(c, s + 1, at(mem, 4), 4, true, false, add));
    // Another block's atomic: the first block's read (or write) sees it or not.
    const std::uint32_t g = w.beginBlock(d, 1);
    CHECK_FALSE(w.access(d, g, at(mem), 4, true, false, add));
    CHECK_FALSE(w.access(d, g, at(mem, 4), 4, true, false, add));
  }
}

TEST_CASE("conflict watch: host threads on blocks of their own never meet; one shared write does") {
  constexpr unsigned kThreads = 4, kBlocks = 64, kBlockThreads = 32;
  std::vector<std::uint32_t> mem(kBlocks * kBlockThreads, 7);
  std::uint32_t input[kBlockThreads] = {};
  for (const bool racy : {false, true}) {
    CAPTURE(racy);
    LaneConflictWatch w;
    REQUIRE(w.beginLaunch(kBlocks * kBlockThreads, kBlockThreads, true));
    std::atomic<unsigned> next{0}, met{0};
    std::vector<LaneConflictWatch::Cursor> cursors(kThreads);
    std::vector<std::thread> pool;
    for (unsigned h = 0; h < kThreads; ++h)
      pool.emplace_back([&, h] {
        for (unsigned b; (b = next.fetch_add(1)) < kBlocks;) {
          LaneConflictWatch::Cursor &c = cursors[h];
          const std::uint32_t f = w.beginBlock(c, b);
          for (std::uint32_t t = 0; t < kBlockThreads; ++t) {
            bool ok = w.access(c, f + t, at(input, 4 * t), 4, false, false); // everyone reads
            const std::size_t i = b * kBlockThreads + t;
            ok = ok && w.access(c, f + t, at(mem.data(), 4 * i), 4, true, false);
            if (ok)
              mem[i] = b;
            if (racy && b == 40 && t == 3) // writes what every block reads
              ok = ok && w.access(c, f + t, at(input, 12), 4, true, false);
            met += ok ? 0 : 1;
          }
        }
      });
    for (std::thread &t : pool)
      t.join();
    CHECK((met > 0) == racy);
    for (LaneConflictWatch::Cursor &c : cursors)
      LaneConflictWatch::rollback(c);
    for (std::uint32_t v : mem) // every first write was kept, and put back
      REQUIRE(v == 7);
  }
}

TEST_CASE(
    "conflict watch: rollback puts back each word the launch wrote, as before its first write") {
  alignas(8) std::uint32_t mem[4] = {10, 20, 30, 40};
  LaneConflictWatch w;
  LaneConflictWatch::Cursor c;
  REQUIRE(w.beginLaunch(4, 4, false));
  const std::uint32_t f = w.beginBlock(c, 0);
  REQUIRE(w.access(c, f, at(mem), 4, true, false));
  mem[0] = 11;
  REQUIRE(w.access(c, f, at(mem), 4, true, false)); // its second write: nothing more to keep
  mem[0] = 12;
  REQUIRE(w.access(c, f + 2, at(mem, 8), 2, true, false)); // part of a word: the word is kept
  mem[2] = 33;
  std::uint32_t shared = 5;
  REQUIRE(w.access(c, f + 3, at(&shared), 4, true, true));
  shared = 6;
  CHECK_FALSE(w.access(c, f + 1, at(mem), 4, false, false));
  LaneConflictWatch::rollback(c);
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
