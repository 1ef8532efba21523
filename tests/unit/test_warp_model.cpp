// The warp model's pure parts: the reconvergence rule, shuffle sources,
// warp-operation results and the warp-synchronisation rule, against
// hand-computed cases.
#include <doctest/doctest.h>

#include <cstdint>
#include <initializer_list>

#include "warpsim/model/Reconvergence.h"
#include "warpsim/model/WarpOps.h"

using namespace warpsim::model;

namespace {
constexpr std::uint8_t kAccess = 1, kBarrier = 2;
std::uint64_t lanes(std::initializer_list<int> ids) {
  std::uint64_t m = 0;
  for (int i : ids)
    m |= std::uint64_t{1} << i;
  return m;
}
} // namespace

TEST_CASE("reconvergence: if/else — the lower address runs first, the join waits") {
  // Lanes 0,2 (then-branch, pc 0x100), lanes 1,3 already at the join (0x200).
  LaneStop s[4] = {{1, 0x100, 7, kAccess},
                   {1, 0x200, 7, kAccess},
                   {1, 0x100, 7, kAccess},
                   {1, 0x200, 7, kAccess}};
  CHECK(reconvergenceSelect(s, 0xf) == lanes({0, 2}));
  // Once lanes 0,2 reach the join too, all four issue together.
  s[0].pc = s[2].pc = 0x200;
  CHECK(reconvergenceSelect(s, 0xf) == 0xf);
}

TEST_CASE("reconvergence: deeper call depth first, then same stack and kind only") {
  LaneStop s[4] = {{1, 0x100, 7, kAccess},
                   {2, 0x900, 9, kAccess},
                   {2, 0x900, 8, kAccess},
                   {2, 0x900, 9, kBarrier}};
  // Lane 1 is deepest (ties with 2 and 3 at the same pc; the lowest lane leads):
  // lane 2 has another call stack, lane 3 another kind of event.
  CHECK(reconvergenceSelect(s, 0xf) == lanes({1}));
  CHECK(reconvergenceSelect(s, lanes({0, 2})) == lanes({2}));
  CHECK(reconvergenceSelect(s, lanes({0})) == lanes({0}));
  CHECK(reconvergenceSelect(s, 0) == 0);
}

TEST_CASE("reconvergence: a loop — lanes still iterating run before lanes that left") {
  // Loop body at 0x300, after-loop code at 0x500: lanes 0..1 iterate more.
  LaneStop s[3] = {{1, 0x300, 1, kAccess}, {1, 0x300, 1, kAccess}, {1, 0x500, 1, kAccess}};
  CHECK(reconvergenceSelect(s, 0x7) == lanes({0, 1}));
  CHECK(reconvergenceLeader(std::uint64_t{0x4}, [&](int i) -> const LaneStop & { return s[i]; }) ==
        2);
}

TEST_CASE("reconvergence: the code order of the static sites wins over the address") {
  // Optimised code: the then-branch (sites at rows 0x10) was laid out after
  // the join (row 0x20), at a higher address. The rows still say the
  // then-branch comes first, as at -O0.
  LaneStop s[4] = {{1, 0x900, 7, kAccess, 0x10},
                   {1, 0x200, 7, kAccess, 0x20},
                   {1, 0x900, 7, kAccess, 0x10},
                   {1, 0x200, 7, kAccess, 0x20}};
  CHECK(reconvergenceSelect(s, 0xf) == lanes({0, 2}));
  // The twin without rows (TSan's hooks: the position is the address itself): the
  // lower address runs first.
  for (LaneStop &l : s)
    l.position = l.pc;
  CHECK(reconvergenceSelect(s, 0xf) == lanes({1, 3}));
  // Equal positions (one row, two inlined copies): the address decides.
  s[0].position = s[1].position = s[2].position = s[3].position = 0x10;
  CHECK(reconvergenceSelect(s, 0xf) == lanes({1, 3}));
  // Depth still comes first.
  s[0].position = s[2].position = 0x5;
  s[1].depth = s[3].depth = 2;
  CHECK(reconvergenceSelect(s, 0xf) == lanes({1, 3}));
}

TEST_CASE("even/odd divergence: two groups of exactly half the lanes") {
  LaneStop s[32];
  for (int i = 0; i < 32; ++i)
    s[i] = {1, i % 2 ? std::uintptr_t{0x140} : std::uintptr_t{0x120}, 3, kAccess};
  std::uint64_t even = reconvergenceSelect(s, 0xffffffffull);
  CHECK(even == 0x55555555ull);
  CHECK(reconvergenceSelect(s, 0xffffffffull & ~even) == 0xaaaaaaaaull);
}

TEST_CASE("shuffle sources follow PTX shfl.sync") {
  // idx: modulo width within the lane's section.
  CHECK(shuffleSource(WarpOp::Shfl, 5, 3, 32, 32) == 3);
  CHECK(shuffleSource(WarpOp::Shfl, 5, 35, 32, 32) == 3);
  CHECK(shuffleSource(WarpOp::Shfl, 21, 3, 8, 32) == 19);
  CHECK(shuffleSource(WarpOp::Shfl, 21, 11, 8, 32) == 19);
  CHECK(shuffleSource(WarpOp::Shfl, 40, 63, 64, 64) == 63);
  // up: below the section start keeps its own value.
  CHECK(shuffleSource(WarpOp::ShflUp, 2, 3, 32, 32) == 2);
  CHECK(shuffleSource(WarpOp::ShflUp, 10, 3, 32, 32) == 7);
  CHECK(shuffleSource(WarpOp::ShflUp, 17, 3, 16, 32) == 17);
  CHECK(shuffleSource(WarpOp::ShflUp, 19, 3, 16, 32) == 16);
  // down: past the section end keeps its own value.
  CHECK(shuffleSource(WarpOp::ShflDown, 30, 1, 32, 32) == 31);
  CHECK(shuffleSource(WarpOp::ShflDown, 31, 1, 32, 32) == 31);
  CHECK(shuffleSource(WarpOp::ShflDown, 7, 1, 8, 32) == 7);
  CHECK(shuffleSource(WarpOp::ShflDown, 40, 16, 64, 64) == 56);
  // xor: only a source past the section end is refused (PTX checks j <= max).
  CHECK(shuffleSource(WarpOp::ShflXor, 5, 1, 32, 32) == 4);
  CHECK(shuffleSource(WarpOp::ShflXor, 3, 16, 16, 32) == 3);
  CHECK(shuffleSource(WarpOp::ShflXor, 19, 16, 16, 32) == 3);
  CHECK(shuffleSource(WarpOp::ShflXor, 1, 32, 64, 64) == 33);
}

TEST_CASE("warp op results: votes, match, reduce, shuffles reading absent lanes") {
  WarpOperand ops[8];
  std::uint64_t out[8] = {};
  std::uint64_t bad = 0;
  for (int i = 0; i < 8; ++i)
    ops[i].value = i % 2;
  const std::uint64_t p = 0xff;
  computeWarpOp(WarpOp::Ballot, 32, p, ops, out, bad);
  CHECK(out[3] == 0xaa);
  computeWarpOp(WarpOp::All, 32, 0xaa, ops, out, bad);
  CHECK(out[1] == 1);
  computeWarpOp(WarpOp::All, 32, p, ops, out, bad);
  CHECK(out[1] == 0);
  computeWarpOp(WarpOp::Any, 32, 0x55, ops, out, bad);
  CHECK(out[0] == 0);
  computeWarpOp(WarpOp::MatchAny, 32, p, ops, out, bad);
  CHECK(out[2] == 0x55);
  CHECK(out[5] == 0xaa);
  computeWarpOp(WarpOp::MatchAll, 32, 0x55, ops, out, bad);
  CHECK(out[4] == 0x55);
  computeWarpOp(WarpOp::MatchAll, 32, p, ops, out, bad);
  CHECK(out[4] == 0);
  // Reduce: signed and unsigned min/max differ on negative values.
  for (int i = 0; i < 8; ++i) {
    ops[i].value = static_cast<std::uint32_t>(i - 3);
    ops[i].is_signed = true;
  }
  computeWarpOp(WarpOp::ReduceMin, 32, p, ops, out, bad);
  CHECK(static_cast<std::int32_t>(out[0]) == -3);
  computeWarpOp(WarpOp::ReduceAdd, 32, p, ops, out, bad);
  CHECK(static_cast<std::int32_t>(out[7]) == 4);
  for (auto &o : ops)
    o.is_signed = false;
  computeWarpOp(WarpOp::ReduceMin, 32, p, ops, out, bad);
  CHECK(out[0] == 0);
  computeWarpOp(WarpOp::ReduceMax, 32, p, ops, out, bad);
  CHECK(out[0] == 0xfffffffful);
  // Shuffle from lanes outside the participants: own value, flagged.
  for (int i = 0; i < 8; ++i) {
    ops[i].value = 100 + i;
    ops[i].arg = 1;
    ops[i].width = 32;
  }
  computeWarpOp(WarpOp::ShflDown, 32, 0x0f, ops, out, bad);
  CHECK(out[0] == 101);
  CHECK(out[3] == 103);
  CHECK(bad == 0x08);
  // 32-bit values are narrowed, 64-bit values move whole.
  ops[1].value = 0x1234567800000009ull;
  ops[1].bytes = 8;
  ops[0].bytes = 8;
  computeWarpOp(WarpOp::ShflDown, 32, 0x0f, ops, out, bad);
  CHECK(out[0] == 0x1234567800000009ull);
  ops[0].bytes = 4;
  computeWarpOp(WarpOp::ShflDown, 32, 0x0f, ops, out, bad);
  CHECK(out[0] == 9);
}

TEST_CASE("warp sync rule: waits for named lanes, ignores exited ones") {
  WarpOpStop s[4];
  for (int i = 0; i < 4; ++i)
    s[i] = {true, false, WarpOp::Shfl, 0x100, 1, 0xf};
  s[0].arrived = s[1].arrived = true;
  WarpSyncSet r = warpSyncSet(s, 4, 0);
  CHECK(r.participants == 0);
  CHECK(r.missing == 0xc);
  s[2].present = false; // exited
  s[3].arrived = true;
  r = warpSyncSet(s, 4, 0);
  CHECK(r.participants == 0xb);
  // A lane at a shuffle of another call site is not the same operation.
  s[3].pc = 0x180;
  CHECK(warpSyncSet(s, 4, 0).missing == 0x8);
  // __syncwarp calls with the same mask synchronise at different sites.
  for (auto &x : s)
    x.op = WarpOp::SyncWarp;
  CHECK(warpSyncSet(s, 4, 0).participants == 0xb);
  // Disjoint masks: two independent executions.
  for (int i = 0; i < 4; ++i)
    s[i] = {true, true, WarpOp::Ballot, 0x100, 1, i < 2 ? 0x3ull : 0xcull};
  CHECK(warpSyncSet(s, 4, 0).participants == 0x3);
  CHECK(warpSyncSet(s, 4, 3).participants == 0xc);
  // Different masks that overlap: one execution, flagged.
  s[1].mask = 0x7;
  r = warpSyncSet(s, 4, 0);
  CHECK(r.participants == 0xf);
  CHECK(r.masks_differ);
}
